import type { ModuleHubEvent } from '@atrium/contracts';
import type { QueryKey } from '@tanstack/react-query';

/**
 * What a feature declares in its live.ts: for each hub event of its module (the manifest entry's
 * `events`), the query keys (prefixes) that event refreshes. app/live-events.ts finds every live.ts, and
 * the hub invalidates the keys when the event comes, and all of them after a reconnect.
 */
export type LiveEvents = { readonly [E in ModuleHubEvent]?: readonly QueryKey[] };

/** Keeps a feature's declaration checked against the manifest's events. */
export const liveEvents = (events: LiveEvents): LiveEvents => events;

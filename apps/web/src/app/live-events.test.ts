import { HUB_EVENTS, MODULE_HUB_EVENTS, MODULES, type ModuleHubEvent } from '@atrium/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generalDataQuery } from '@/shared/api/general-data';
import { notificationCountKey, notificationCountsQuery } from '@/shared/api/notification-counts';
import { catchUpAfterConnect, createHubHandlers, registerHubHandlers } from '@/shared/hub/hub-handlers';
import { impersonationElsewhereNotice } from '@/shared/hub/hub-notice';
import type { LiveEvents } from '@/shared/hub/live-events';
import { createTestQueryClient } from '@/test/render';
import { messageKeys } from '../features/chat/api/keys';
import { notificationInboxKey } from '../features/notifications/api/keys';
import { sprintsKey } from '../features/sprints/api/keys';
import { loadLiveEvents, loadLiveEventsByFeature } from './live-events';

const UMA = 'affd95ac-3933-4c04-8d50-2a9d6c59fcda';
const NORTHWIND = '1281b56c-18d1-484b-9f61-2d324b63bb40';

let byFeature: Record<string, LiveEvents>;
let live: readonly LiveEvents[];
beforeAll(async () => {
  byFeature = await loadLiveEventsByFeature();
  live = await loadLiveEvents();
});

describe('the features’ live events', () => {
  it('declare every hub event of a module in that module’s own feature folder', () => {
    const undeclared = Object.entries(MODULE_HUB_EVENTS)
      .filter(([event, module]) => !byFeature[module]?.[event as ModuleHubEvent]?.length)
      .map(([event, module]) => `${module}: ${event}`);
    expect(undeclared).toEqual([]);
  });

  it('declare only events of their own module', () => {
    for (const [feature, events] of Object.entries(byFeature)) {
      expect(feature in MODULES).toBe(true);
      for (const event of Object.keys(events)) {
        expect({ event, module: MODULE_HUB_EVENTS[event as ModuleHubEvent] }).toEqual({ event, module: feature });
      }
    }
  });
});

/** A stand-in for HubConnection: remembers what was registered and lets a test play the server. */
function fakeConnection() {
  const registered = new Map<string, (...args: unknown[]) => unknown>();
  return {
    on(name: string, handler: (...args: unknown[]) => unknown) {
      registered.set(name, handler);
    },
    async receive(target: string, ...args: unknown[]) {
      await registered.get(target)?.(...args);
    },
  };
}

describe('reload events', () => {
  let queryClient: QueryClient;
  let connection: ReturnType<typeof fakeConnection>;
  const navigate = vi.fn();
  const isInvalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  const seed = (key: QueryKey) => {
    queryClient.setQueryData(key, []);
    return key;
  };

  beforeEach(() => {
    queryClient = createTestQueryClient();
    connection = fakeConnection();
    registerHubHandlers(
      connection,
      createHubHandlers({
        queryClient,
        navigate,
        reload: vi.fn(),
        notify: vi.fn(),
        impersonationElsewhere: impersonationElsewhereNotice,
        live,
      }),
    );
  });

  it('ReloadNotifications reloads the notification count and the inbox, and nothing else', async () => {
    const counts = seed(notificationCountsQuery(UMA, NORTHWIND).queryKey);
    const inbox = seed([...notificationInboxKey, NORTHWIND, 1]);
    const general = seed(generalDataQuery(UMA, NORTHWIND).queryKey);
    await connection.receive(HUB_EVENTS.ReloadNotifications);
    expect(isInvalidated(counts)).toBe(true);
    expect(isInvalidated(inbox)).toBe(true);
    expect(isInvalidated(general)).toBe(false);
  });

  it('ReloadMessages reloads the user messages, ReloadGroupMessages the group messages, both the conversations', async () => {
    const user = seed([...messageKeys.user, UMA]);
    const group = seed([...messageKeys.group, 'a-group']);
    let conversations = seed([...messageKeys.conversations, '']);
    const counts = seed(notificationCountsQuery(UMA, NORTHWIND).queryKey);

    await connection.receive(HUB_EVENTS.ReloadMessages);
    expect(isInvalidated(user)).toBe(true);
    expect(isInvalidated(group)).toBe(false);
    expect(isInvalidated(conversations)).toBe(true);

    conversations = seed([...messageKeys.conversations, 'search']);
    await connection.receive(HUB_EVENTS.ReloadGroupMessages);
    expect(isInvalidated(group)).toBe(true);
    expect(isInvalidated(conversations)).toBe(true);
    expect(isInvalidated(counts)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ReloadSprints reloads the Sprints queries (the feature keeps them under one key), and nothing else', async () => {
    const ideas = seed([...sprintsKey, 'collaboration', 'c-1', 'ideas', { sort: 'newest' }]);
    const messages = seed([...messageKeys.user, UMA]);
    await connection.receive(HUB_EVENTS.ReloadSprints, 'c-1', null);
    expect(isInvalidated(ideas)).toBe(true);
    expect(isInvalidated(messages)).toBe(false);
  });
});

describe('after a reconnect', () => {
  it('refetches every query a feature’s live events keep fresh, and the tenant’s data', async () => {
    const queryClient = createTestQueryClient();
    const keys = [
      [...notificationCountKey, 't1'],
      [...notificationInboxKey, 1],
      [...messageKeys.user, 'u2'],
      [...messageKeys.group, 'g1'],
      [...messageKeys.conversations],
      ['me', 'generaldata'],
      ['home', 'content'],
    ];
    const untouched = ['timelogs', 'week', '2026-11-23'];
    for (const key of [...keys, untouched]) queryClient.setQueryData(key, { cached: true });
    await catchUpAfterConnect(queryClient, live);
    expect(keys.filter((key) => !queryClient.getQueryState(key)?.isInvalidated)).toEqual([]);
    expect(queryClient.getQueryState(untouched)?.isInvalidated).toBe(false);
  });
});

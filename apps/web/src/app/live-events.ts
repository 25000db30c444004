import type { LiveEvents } from '@/shared/hub/live-events';

// Each feature's hub events, from features/<module>/live.ts, loaded with the hub client (not with the
// sign-in page). A new module's live.ts is found here by its file name, like its menu-icon.ts.
const files = import.meta.glob<LiveEvents>('../features/*/live.ts', { import: 'default' });

/** The live events of every feature, keyed by its folder's name. */
export async function loadLiveEventsByFeature(): Promise<Record<string, LiveEvents>> {
  const loaded = await Promise.all(
    Object.entries(files).map(async ([file, load]) => [file.split('/')[2], await load()] as const),
  );
  return Object.fromEntries(loaded);
}

/** What the hub connection takes: every feature's declaration. */
export const loadLiveEvents = async (): Promise<readonly LiveEvents[]> =>
  Object.values(await loadLiveEventsByFeature());

import { ApiError, api, NetworkError, setOfflineWriter } from '@/shared/api/client';
import { setQueuedRecordIds } from '@/shared/api/query-client';
import { getSession, isOfflineSession, subscribeSession } from '@/shared/api/session';
import {
  dependenciesOf,
  enqueue,
  listQueued,
  markRefused,
  notify,
  removeQueued,
  replacePlaceholder,
  subscribeQueue,
  valueAt,
  withoutOwnId,
} from './queue';

/** Waits before the next try after a 5xx or no network: 1 s, 2 s, 5 s, ... then every minute. */
export const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

export type SyncStatus = {
  syncing: boolean;
  /** Failures in a row (5xx, no network); the next try waits BACKOFF_MS of it. */
  failures: number;
  /** When the next automatic try is due (ms), while retrying. */
  retryAt: number | null;
  /** Changes sent since the page loaded: pages reload their data when it grows. */
  sent: number;
  /** Placeholder ids replaced by the real ids the server gave (a page showing one moves to the real one). */
  resolved: Record<string, string>;
};

let status: SyncStatus = { syncing: false, failures: 0, retryAt: null, sent: 0, resolved: {} };
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;

export const getSyncStatus = () => status;
function setStatus(next: Partial<SyncStatus>) {
  status = { ...status, ...next };
  notify(false);
}

/** A 4xx the server will answer again the same way; 408, 425, 429 and a 409 with Retry-After pass. */
const isRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError &&
  err.status >= 400 &&
  err.status < 500 &&
  ![401, 408, 425, 429].includes(err.status) &&
  !(err.status === 409 && err.retryAfter !== undefined);

/** Runs work while no other tab replays the same queue (the Idempotency-Key would save us anyway). */
function exclusively(work: () => Promise<void>) {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('atrium-offline-sync', work) : work();
}

/**
 * Sends the signed-in user's queued changes in order (spec §4 Offline, §7 Offline replay): a create's
 * placeholder id is taken out of its body and, once the answer names the real id (responseIdPath),
 * replaced in every later entry; each entry is removed once the server took it. A refusal (4xx) stops
 * the replay at that entry until the user edits or drops it; a 5xx or no network tries again later,
 * waiting longer each time. Other users' entries, and those that depend on them, are left alone.
 */
export function sync(): Promise<void> {
  running ??= exclusively(replay)
    // No IndexedDB (a private window of some browsers): nothing was queued, nothing to send.
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}

async function replay() {
  clearTimeout(retryTimer);
  const session = getSession();
  // Offline there is nothing to try: the browser's online event starts the sync again. A session that
  // loaded offline has no token yet: the sync starts once it has been refreshed (below).
  if (session.status !== 'authenticated' || session.offline || !navigator.onLine) return;
  const entries = await listQueued();
  // Nothing to send, the usual case: no syncing status, which every user of the queue would redraw for.
  if (entries.length === 0) {
    if (status.retryAt !== null) setStatus({ retryAt: null });
    return;
  }
  setStatus({ syncing: true, retryAt: null });
  try {
    const waiting = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      const deps = dependenciesOf(entry, entries.slice(0, index));
      if (entry.userId !== session.user.id || deps.some((d) => waiting.has(d))) {
        waiting.add(entry.id);
        continue;
      }
      if (entry.refusal) return;
      try {
        const answer = await api<unknown>(entry.url, {
          method: entry.method,
          body: withoutOwnId(entry),
          headers: { 'idempotency-key': entry.idempotencyKey },
          queue: false,
        });
        const realId = entry.responseIdPath ? valueAt(answer, entry.responseIdPath) : undefined;
        if (typeof realId === 'string' || typeof realId === 'number') {
          await replacePlaceholder(entry.id, String(realId));
          setStatus({ resolved: { ...status.resolved, [entry.id]: String(realId) } });
          // The entries read above still hold the placeholder: read them again.
          for (const later of entries.slice(index + 1)) {
            later.url = later.url.replaceAll(entry.id, String(realId));
            later.body = JSON.parse(JSON.stringify(later.body ?? null).replaceAll(entry.id, String(realId)));
          }
        }
        await removeQueued(entry.id);
        setStatus({ sent: status.sent + 1, failures: 0 });
      } catch (err) {
        if (isRefusal(err)) {
          await markRefused(entry.id, { status: err.status, message: err.message });
          return;
        }
        if (err instanceof ApiError && err.status === 401) return; // the session is over: sign in to sync
        if (err instanceof NetworkError || err instanceof ApiError) {
          const wait = BACKOFF_MS[Math.min(status.failures, BACKOFF_MS.length - 1)]!;
          const delay = err instanceof ApiError && err.retryAfter ? Math.max(wait, err.retryAfter * 1000) : wait;
          setStatus({ failures: status.failures + 1, retryAt: Date.now() + delay });
          retryTimer = setTimeout(() => void sync(), delay);
          return;
        }
        throw err;
      }
    }
  } finally {
    setStatus({ syncing: false });
  }
}

/** Sync now, as the user asked: the backoff starts over. */
export function syncNow() {
  setStatus({ failures: 0 });
  return sync();
}

/** Takes the queue out again; set while it is installed. */
let uninstall: (() => void) | undefined;
/**
 * Queues the changes the network cannot carry, and replays them by itself: when the browser is back
 * online, when a user signs in, and on load.
 */
export function installOfflineQueue() {
  if (uninstall) return;
  setOfflineWriter(enqueue);
  // Pages of records still queued are not asked for until they exist (shared/api/query-client.ts).
  const trackRecords = () =>
    void listQueued().then(
      (rows) => setQueuedRecordIds(new Set(rows.filter((r) => r.responseIdPath).map((r) => r.id))),
      () => undefined,
    );
  const stopTracking = subscribeQueue(trackRecords);
  trackRecords();
  const onOnline = () => void syncNow();
  const onOffline = () => notify(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  const canSend = () => getSession().status === 'authenticated' && !isOfflineSession();
  let signedIn = canSend();
  const stopWatchingSession = subscribeSession(() => {
    // Signed in, or a session that loaded offline got its token back.
    const now = canSend();
    if (now && !signedIn) void sync();
    signedIn = now;
    notify(false);
  });
  uninstall = () => {
    stopTracking();
    stopWatchingSession();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    setOfflineWriter(null);
    uninstall = undefined;
  };
  void sync();
}

/** Test helper: the module as after load. */
export function resetSyncForTests() {
  uninstall?.();
  clearTimeout(retryTimer);
  running = null;
  status = { syncing: false, failures: 0, retryAt: null, sent: 0, resolved: {} };
}

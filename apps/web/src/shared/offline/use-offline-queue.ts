import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSession } from '@/shared/api/session';
import { dependenciesOf, listQueued, subscribeQueue } from './queue';
import type { QueuedRequest } from './queue-db';
import { getSyncStatus } from './replay';

/** One queued change as the dialog shows it, with its marks (spec §4 Offline). */
export type QueueEntryView = QueuedRequest & {
  kind: 'create' | 'edit';
  /** Depends on another queued change (uses its placeholder id). */
  linked: boolean;
  /** Nobody is signed in: the change waits for a sign-in. */
  signInToSync: boolean;
  /** Made by another user than the one signed in: never replayed as this one. */
  otherUser: boolean;
};

/** Marks each entry for the signed-in user (null: nobody signed in). */
export function viewEntries(entries: QueuedRequest[], userId: string | null): QueueEntryView[] {
  return entries.map((entry, index) => ({
    ...entry,
    kind: entry.responseIdPath ? 'create' : 'edit',
    linked: dependenciesOf(entry, entries.slice(0, index)).length > 0,
    signInToSync: userId === null,
    otherUser: userId !== null && entry.userId !== userId,
  }));
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);
const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The queue, live: its entries with their marks, whether the browser is online, and the sync's status. */
export function useOfflineQueue() {
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.user.id : null;
  const [entries, setEntries] = useState<QueuedRequest[]>([]);
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const status = useSyncExternalStore(subscribeQueue, getSyncStatus, getSyncStatus);
  useEffect(() => {
    let live = true;
    const load = () =>
      void listQueued().then(
        (rows) => live && setEntries(rows),
        () => undefined,
      );
    load();
    const unsubscribe = subscribeQueue(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return { entries: viewEntries(entries, userId), online, status };
}

/**
 * The bodies of the signed-in user's queued creates sent to `path` (a POST), oldest first: records the
 * server has not got yet, which a list can show as waiting.
 */
export function usePendingCreates(path: string): unknown[] {
  const { entries } = useOfflineQueue();
  return useMemo(
    () => entries.filter((e) => e.kind === 'create' && e.url === path && !e.otherUser).map((e) => e.body),
    [entries, path],
  );
}

/**
 * The bodies of the signed-in user's queued edits sent to `path` (a PUT or PATCH), by the `id` in the
 * body: records whose server copy is older than what the user saved, which a list can show as waiting.
 * The latest edit of a record wins, as the replay sends them in order.
 */
export function usePendingEdits(path: string): Map<string, unknown> {
  const { entries } = useOfflineQueue();
  return useMemo(() => {
    const edits = new Map<string, unknown>();
    for (const e of entries) {
      if (e.kind !== 'edit' || e.method === 'POST' || e.url !== path || e.otherUser || e.signInToSync) continue;
      const id = (e.body as { id?: unknown } | null)?.id;
      if (typeof id === 'string') edits.set(id, e.body);
    }
    return edits;
  }, [entries, path]);
}

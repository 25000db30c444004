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
        // An empty queue read again keeps its array: the shell and the page do not redraw for nothing.
        (rows) => live && setEntries((shown) => (rows.length === 0 && shown.length === 0 ? shown : rows)),
        () => undefined,
      );
    load();
    const unsubscribe = subscribeQueue(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  // The same array until the queue or the user changes, so that what callers memoise on it holds.
  const views = useMemo(() => viewEntries(entries, userId), [entries, userId]);
  return { entries: views, online, status };
}

/**
 * The bodies of the signed-in user's queued creates sent to `path` (a POST), oldest first: records the
 * server has not got yet, which a list can show as waiting. None while nobody is signed in, as for
 * edits: no entry is known to be theirs.
 */
export function usePendingCreates(path: string): unknown[] {
  const { entries } = useOfflineQueue();
  return useMemo(
    () =>
      entries
        .filter((e) => e.kind === 'create' && e.url === path && !e.otherUser && !e.signInToSync)
        .map((e) => e.body),
    [entries, path],
  );
}

/**
 * The signed-in user's queued edits sent to `path`, or to any of several paths (a PUT or PATCH), by the
 * `id` in the body: records whose server copy is older than what the user saved, which a list can show
 * as waiting. A record's edits are laid over each other oldest first, as the replay sends them: a later
 * edit's fields win, and the fields it leaves out keep an earlier edit's (a radius-only PATCH after a
 * full PUT changes just the radius). Several paths: a constant array, as it is a memo dependency.
 */
export function usePendingEdits(path: string | readonly string[]): Map<string, unknown> {
  const { entries } = useOfflineQueue();
  return useMemo(() => {
    const paths: readonly string[] = typeof path === 'string' ? [path] : path;
    const edits = new Map<string, object>();
    for (const e of entries) {
      if (e.kind !== 'edit' || e.method === 'POST' || !paths.includes(e.url) || e.otherUser || e.signInToSync) continue;
      const body = e.body as { id?: unknown } | null;
      if (typeof body?.id === 'string') edits.set(body.id, { ...edits.get(body.id), ...body });
    }
    return edits;
  }, [entries, path]);
}

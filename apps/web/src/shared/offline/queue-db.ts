import type { Dexie, EntityTable } from 'dexie';
import type { OfflineLabel } from '@/shared/api/client';

export type QueuedMethod = 'POST' | 'PUT' | 'PATCH';

/** A change made offline, waiting to be sent (spec part 1 §3 "Queued offline request"). */
export type QueuedRequest = {
  /** Order of arrival: the replay sends in this order. */
  seq?: number;
  /** The entry's id; for a change that creates a record, also the placeholder id of that record. */
  id: string;
  /** The API path as the app called it (below /core/api), placeholders of earlier entries included. */
  url: string;
  method: QueuedMethod;
  /** The JSON body; a create carries its placeholder as `id`, removed when it is sent. */
  body: unknown;
  /** Who made the change: only that user's session replays it. */
  userId: string;
  /** ISO instant. */
  createdAt: string;
  /** Where the created record's id is in the answer ('id', 'data.id'); null for an edit. */
  responseIdPath: string | null;
  /** Sent as Idempotency-Key; a new one when the user edits the entry. */
  idempotencyKey: string;
  /** Why the server refused it (a 4xx): the replay stops here until the user edits or drops it. */
  refusal?: { status: number; message: string } | null;
  /** What the change is about, as the unsynced changes list names it; absent: its kind and path. */
  label?: OfflineLabel;
};

export type OfflineDb = Dexie & { requests: EntityTable<QueuedRequest, 'seq'> };

let opening: Promise<OfflineDb> | undefined;
/**
 * The queue's database. Dexie (about a third of the signed-in shell's JavaScript) is loaded on the first
 * read or write of the queue, beside the page's own code, not as part of the shell the first paint waits on.
 */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= import('dexie').then(
    ({ Dexie }) => {
      const db = new Dexie('atrium-offline') as OfflineDb;
      db.version(1).stores({ requests: '++seq, &id, userId' });
      return db;
    },
    (err: unknown) => {
      // A chunk that failed to load (a deploy, a lost network) is tried again next time.
      opening = undefined;
      throw err;
    },
  );
  return opening;
}

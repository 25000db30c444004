import Dexie, { type EntityTable } from 'dexie';
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

export const offlineDb = new Dexie('atrium-offline') as Dexie & {
  requests: EntityTable<QueuedRequest, 'seq'>;
};
offlineDb.version(1).stores({ requests: '++seq, &id, userId' });

import { and, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import type { MailMessage } from './mail.port.js';
import { mailOutbox } from './mail.schema.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** What a delivered mail's body becomes in the outbox. */
const DELIVERED = { html: '', text: '(delivered; body not kept)' };

export async function insertMail(
  db: Db | Tx,
  message: MailMessage & { tenantId?: string | null },
  status: 'pending' | 'stored',
) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, status })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Leases the oldest due mail by pushing its next attempt `leaseMs` ahead, so that no other worker
 * takes it meanwhile and no transaction stays open while the transport talks to the network.
 */
export async function leaseDueMail(db: Db, leaseMs: number): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [mail] = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return mail;
}

/** Hands a leased mail back to the queue, due at once (a stopping worker claimed it but will not send it). */
export const releaseLease = (db: Db, id: string) =>
  db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));

/** Mail waiting to be sent and mail given up, for /metrics. */
export async function queueDepth(db: Db): Promise<{ status: string; n: number }[]> {
  return db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']))
    .groupBy(mailOutbox.status);
}

/** Delivered mail leaves the outbox's copy behind: links in it (password resets) must not linger. */
export const markSent = (db: Db, id: string, transport: string, attempts: number) =>
  db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), transport, attempts, lastError: null, ...DELIVERED })
    .where(eq(mailOutbox.id, id));

/** A mail no transport can deliver stays in the outbox, as with no transport configured. */
export const markStored = (db: Db, id: string) =>
  db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, id));

/** A failed attempt: retried after `retryInMs`, or failed for good when that is undefined. */
export const markAttemptFailed = (
  db: Db,
  id: string,
  failure: { transport: string; attempts: number; reason: string; retryInMs: number | undefined },
) =>
  db
    .update(mailOutbox)
    .set({
      attempts: failure.attempts,
      transport: failure.transport,
      lastError: failure.reason.slice(0, 500),
      ...(failure.retryInMs === undefined
        ? { status: 'failed' as const }
        : { nextAttemptAt: sql`now() + ${`${failure.retryInMs} milliseconds`}::interval` }),
    })
    .where(eq(mailOutbox.id, id));

/** One page of the outbox, newest first, searched on recipient and subject; with the total. */
export async function listOutbox(db: Db, q: { search?: string; limit: number; offset: number }) {
  const where = q.search
    ? or(ilike(mailOutbox.to, containsPattern(q.search)), ilike(mailOutbox.subject, containsPattern(q.search)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

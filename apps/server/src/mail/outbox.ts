import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../modules/mail/mail.schema.js';
import type { MailMessage, MailTransport } from './mail.port.js';

/** Longer than any transport may take to send one mail. */
const LEASE_MS = 5 * 60_000;

/** What a delivered mail's body becomes in the outbox. */
const DELIVERED = { html: '', text: '(delivered; body not kept)' };

/** Waits before the 1st, 2nd... retry; after the last one the mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];

/**
 * Queues a mail. Without a transport the outbox is the destination ("stored"), which is what the
 * embedded development setup wants; otherwise the worker delivers it shortly.
 */
export async function enqueueMail(db: Db, message: MailMessage & { tenantId?: string | null }, hasTransport: boolean) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, status: hasTransport ? 'pending' : 'stored' })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export type MailWorker = { runOnce(): Promise<number>; kick(): void; stop(): Promise<void> };

/** Delivers due mail in the background; several processes may run one (rows are claimed with SKIP LOCKED). */
export function createMailWorker(opts: {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  pollMs?: number;
}): MailWorker {
  const { db, transport, log } = opts;
  let running: Promise<number> | null = null;
  let stopped = false;

  /**
   * Leases the oldest due mail by pushing its next attempt past the send timeout, so that no other
   * worker takes it meanwhile and no transaction stays open while the transport talks to the network.
   * A process that dies mid-send leaves the mail to be retried when the lease runs out.
   */
  async function lease() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [mail] = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return mail;
  }

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (let mail = await lease(); mail && !stopped; mail = await lease()) {
      const attempts = mail.attempts + 1;
      try {
        await transport.send({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
        // Delivered mail leaves the outbox's copy behind: links in it (password resets) must not linger.
        await db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            transport: transport.name,
            attempts,
            lastError: null,
            ...DELIVERED,
          })
          .where(eq(mailOutbox.id, mail.id));
        delivered++;
      } catch (err) {
        const delay = RETRY_DELAYS_MS[attempts - 1];
        const reason = err instanceof Error ? err.message : String(err);
        log.warn({ mailId: mail.id, attempts, err: reason }, 'mail delivery failed');
        await db
          .update(mailOutbox)
          .set({
            attempts,
            transport: transport.name,
            lastError: reason.slice(0, 500),
            ...(delay === undefined
              ? { status: 'failed' as const }
              : { nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval` }),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return delivered;
  }

  function runOnce() {
    running ??= deliverDue().finally(() => {
      running = null;
    });
    return running;
  }
  const tick = () => {
    if (!stopped) runOnce().catch((err) => log.error({ err }, 'mail worker failed'));
  };
  const timer = setInterval(tick, opts.pollMs ?? 5000);
  timer.unref();

  return {
    runOnce,
    kick: () => setImmediate(tick),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

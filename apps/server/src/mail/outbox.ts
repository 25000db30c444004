import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { MailMessage, MailTransport } from './mail.port.js';

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

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const outcome = await db.transaction(async (tx) => {
        const [mail] = await tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, new Date())))
          .orderBy(mailOutbox.createdAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!mail) return 'empty' as const;
        try {
          await transport.send({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
          await tx
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: new Date(),
              transport: transport.name,
              attempts: mail.attempts + 1,
              lastError: null,
            })
            .where(eq(mailOutbox.id, mail.id));
          return 'sent' as const;
        } catch (err) {
          const attempts = mail.attempts + 1;
          const delay = RETRY_DELAYS_MS[attempts - 1];
          const reason = err instanceof Error ? err.message : String(err);
          log.warn({ mailId: mail.id, attempts, err: reason }, 'mail delivery failed');
          await tx
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
          return 'failed' as const;
        }
      });
      if (outcome === 'empty') return delivered;
      if (outcome === 'sent') delivered++;
    }
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

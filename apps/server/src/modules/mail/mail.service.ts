import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { metrics } from '../../http/metrics.js';
import type { MailMessage, MailTransport } from './mail.port.js';
import * as repo from './mail.repository.js';
import { createMailWorker } from './mail-worker.js';

type OutgoingMail = MailMessage & { tenantId?: string | null };

/**
 * What modules use to send mail: queue it in the outbox and move on; a worker delivers it in the
 * background. Without a transport the outbox itself is where mail ends up ("stored"), which is what
 * the embedded development setup wants.
 */
export function createMailService({
  db,
  transport,
  log,
}: {
  db: Db;
  transport: MailTransport | null;
  log: FastifyBaseLogger;
}) {
  const worker = transport ? createMailWorker({ db, transport, log }) : null;
  const status = transport ? 'pending' : 'stored';
  // Counted when /metrics is read; both statuses are always reported, zero included.
  const removeQueue = metrics.mailQueue.add(async () => {
    const rows = await repo.queueDepth(db);
    return ['pending', 'failed'].map((s) => ({
      labels: { status: s },
      value: rows.find((r) => r.status === s)?.n ?? 0,
    }));
  });
  return {
    worker,
    async send(message: OutgoingMail) {
      const id = await repo.insertMail(db, message, status);
      worker?.kick();
      return id;
    },
    /**
     * Queues a mail inside the caller's transaction, so it exists only if that change commits.
     * Call kick() once the transaction has committed.
     */
    queueIn: (tx: Db | Tx, message: OutgoingMail) => repo.insertMail(tx, message, status),
    /** Has the worker look for due mail now (after a transaction that queued some committed). */
    kick: () => worker?.kick(),
    close: async () => {
      removeQueue();
      await worker?.stop();
    },

    /** The outbox, newest first (super administrators read it). */
    async outbox(q: { page: number; take: number; search?: string }) {
      const { rows, total } = await repo.listOutbox(db, {
        search: q.search,
        limit: q.take,
        offset: (q.page - 1) * q.take,
      });
      return { data: rows, total, page: q.page, take: q.take };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

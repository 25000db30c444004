import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { metrics } from '../../http/metrics.js';
import type { MailTransport, OutgoingMail, TenantMail } from './mail.port.js';
import * as repo from './mail.repository.js';
import { createMailWorker } from './mail-worker.js';

/**
 * What modules use to send mail: queue it in the outbox and move on; a worker delivers it in the
 * background. Without a transport the outbox itself is where mail ends up ("stored"), which is what
 * the embedded development setup wants.
 */
export function createMailService({
  db,
  transport,
  log,
  tenantMail,
}: {
  db: Db;
  transport: MailTransport | null;
  log: FastifyBaseLogger;
  /**
   * Tenants' own settings: every mail passes it on its way into the outbox (the one place), so each
   * tenant's mail carries its template and card and goes through its own transport when it has one.
   */
  tenantMail?: TenantMail;
}) {
  const worker =
    transport || tenantMail ? createMailWorker({ db, transport, log, transportFor: tenantMail?.transportFor }) : null;
  /** A tenant's mail is queued for its own transport even when the platform has none. */
  async function queue(conn: Db | Tx, message: OutgoingMail) {
    if (!tenantMail) return repo.insertMail(conn, message, transport ? 'pending' : 'stored');
    const { mail, ownTransport } = await tenantMail.prepare(conn, message);
    return repo.insertMail(conn, mail, transport || ownTransport ? 'pending' : 'stored');
  }
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
      const id = await queue(db, message);
      worker?.kick();
      return id;
    },
    /**
     * Queues a mail inside the caller's transaction, so it exists only if that change commits.
     * Call kick() once the transaction has committed.
     */
    queueIn: (tx: Db | Tx, message: OutgoingMail) => queue(tx, message),
    /** Has the worker look for due mail now (after a transaction that queued some committed). */
    kick: () => worker?.kick(),
    close: async () => {
      removeQueue();
      await worker?.stop();
    },

    /** The outbox, newest first (super administrators read it). */
    outbox(q: { page: number; take: number; search?: string }) {
      return paged(q, (window) => repo.listOutbox(db, { search: q.search, ...window }));
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

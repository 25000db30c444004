import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { MailMessage, MailTransport } from './mail.port.js';
import { createMailWorker, enqueueMail, type MailWorker } from './outbox.js';

/** What modules use to send mail: queue it and move on; delivery happens in the background. */
export type Mailer = {
  send(message: MailMessage & { tenantId?: string | null }): Promise<string>;
  /**
   * Queues a mail inside the caller's transaction, so it exists only if that change commits.
   * Call kick() once the transaction has committed.
   */
  queueIn(tx: Db, message: MailMessage & { tenantId?: string | null }): Promise<string>;
  /** Has the worker look for due mail now (after a transaction that queued some committed). */
  kick(): void;
  worker: MailWorker | null;
  close(): Promise<void>;
};

export function createMailer(db: Db, transport: MailTransport | null, log: FastifyBaseLogger): Mailer {
  const worker = transport ? createMailWorker({ db, transport, log }) : null;
  return {
    worker,
    async send(message) {
      const id = await enqueueMail(db, message, !!transport);
      worker?.kick();
      return id;
    },
    queueIn: (tx, message) => enqueueMail(tx, message, !!transport),
    kick: () => worker?.kick(),
    close: async () => worker?.stop(),
  };
}

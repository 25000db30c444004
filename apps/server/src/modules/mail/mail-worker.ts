import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { metrics } from '../../http/metrics.js';
import type { MailTransport } from './mail.port.js';
import * as repo from './mail.repository.js';

/** Longer than any transport may take to send one mail. */
const LEASE_MS = 5 * 60_000;

/** Waits before the 1st, 2nd... retry; after the last one the mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];

export type MailWorker = { runOnce(): Promise<number>; kick(): void; stop(): Promise<void> };

/** Delivers due mail in the background; several processes may run one (rows are claimed with SKIP LOCKED). */
export function createMailWorker(opts: {
  db: Db;
  /** The platform's transport; null: only tenants' own transports deliver. */
  transport: MailTransport | null;
  log: FastifyBaseLogger;
  /** A tenant's own transport for its mail, if it has one. */
  transportFor?: (tenantId: string) => Promise<MailTransport | null>;
  pollMs?: number;
}): MailWorker {
  const { db, log } = opts;
  let running: Promise<number> | null = null;
  let stopped = false;

  // A process that dies mid-send leaves its leased mail to be retried when the lease runs out.
  const lease = () => repo.leaseDueMail(db, LEASE_MS);

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (let mail = await lease(); mail; mail = await lease()) {
      // Stopping (SIGTERM) while a mail was being claimed: hand it back rather than leave it
      // leased until LEASE_MS runs out, so another process sends it at once.
      if (stopped) {
        await repo.releaseLease(db, mail.id);
        break;
      }
      const attempts = mail.attempts + 1;
      let transport = opts.transport;
      try {
        transport = (mail.tenantId && (await opts.transportFor?.(mail.tenantId))) || opts.transport;
        if (!transport) {
          // Queued for a tenant's own transport that has gone meanwhile, and there is no other.
          await repo.markStored(db, mail.id);
          continue;
        }
        await transport.send({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
        await repo.markSent(db, mail.id, transport.name, attempts);
        delivered++;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        log.warn({ mailId: mail.id, attempts, err: reason }, 'mail delivery failed');
        metrics.mailFailures.inc({ final: String(RETRY_DELAYS_MS[attempts - 1] === undefined) });
        await repo.markAttemptFailed(db, mail.id, {
          transport: transport?.name ?? 'none',
          attempts,
          reason,
          retryInMs: RETRY_DELAYS_MS[attempts - 1],
        });
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

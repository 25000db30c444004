import type { Db, Tx } from '../../db/client.js';
import * as repo from './audit.repository.js';

/** One line of the audit log: who did what, to whom, in which tenant (the row carries the time). */
export type AuditEntry = {
  actorId: string;
  action: 'impersonation.started' | 'impersonation.ended' | 'notifications.dailyMailsSent';
  targetUserId?: string | null;
  tenantId?: string | null;
  data?: Record<string, unknown>;
};

export function createAuditService({ db }: { db: Db }) {
  return {
    /** Writes an entry; pass the transaction when the entry must stand or fall with the change. */
    record: (entry: AuditEntry, conn: Db | Tx = db) => repo.insertAuditEntry(conn, entry),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

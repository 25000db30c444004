import type { Db, Tx } from './client.js';
import { auditLog } from './schema/index.js';

/** One line of the audit log: who did what, to whom, in which tenant (the row carries the time). */
export type AuditEntry = {
  actorId: string;
  action: 'impersonation.started' | 'impersonation.ended' | 'notifications.dailyMailsSent';
  targetUserId?: string | null;
  tenantId?: string | null;
  data?: Record<string, unknown>;
};

/** Writes an audit entry; pass the transaction when the entry must stand or fall with the change. */
export const writeAudit = (db: Db | Tx, entry: AuditEntry) => db.insert(auditLog).values(entry);

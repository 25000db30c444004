import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntry = {
  actorId: string;
  action: 'impersonation.started' | 'impersonation.ended';
  targetUserId: string;
  tenantId: string | null;
  data?: Record<string, unknown>;
};

export const writeAudit = (db: Db, entry: AuditEntry) => db.insert(auditLog).values(entry);

export const auditOf = (db: Db, actorId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId)))
    .orderBy(desc(auditLog.createdAt));

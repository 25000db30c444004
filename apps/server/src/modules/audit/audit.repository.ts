import type { Db, Tx } from '../../db/client.js';
import { auditLog } from './audit.schema.js';

export const insertAuditEntry = (db: Db | Tx, values: typeof auditLog.$inferInsert) =>
  db.insert(auditLog).values(values);

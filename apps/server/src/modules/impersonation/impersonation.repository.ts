import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export const auditOf = (db: Db, actorId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId)))
    .orderBy(desc(auditLog.createdAt));

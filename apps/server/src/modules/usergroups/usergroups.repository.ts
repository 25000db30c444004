import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userGroups } from './usergroups.schema.js';

const columns = { id: userGroups.id, name: userGroups.name, createdAt: userGroups.createdAt };

// Every query names the tenant: a group of another tenant simply does not exist here.
export const listGroups = (db: Db, tenantId: string) =>
  db.select(columns).from(userGroups).where(eq(userGroups.tenantId, tenantId)).orderBy(asc(userGroups.name));

export const findGroup = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select(columns)
      .from(userGroups)
      .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.id, id)))
  )[0];

import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

/** Groups of users within one tenant. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_groups_tenant_name_idx').on(t.tenantId, t.name), tenantOwned()],
);

/** Which users are in which group. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: cascadeTo(() => userGroups.id),
    userId: cascadeTo(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('user_group_members_user_idx').on(t.userId),
    tenantOwned(sql`EXISTS (SELECT 1 FROM user_groups g WHERE g.id = group_id)`),
  ],
);

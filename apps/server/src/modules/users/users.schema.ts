import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenantDepartments, tenantTeams } from '../tenant-settings/teams.schema.js';
import { tenants } from '../tenants/tenants.schema.js';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    surname: text().notNull().default(''),
    passwordHash: text(),
    imagePath: text(),
    language: text().notNull().default('en'),
    gdprConfirmed: boolean().notNull().default(false),
    /** The Microsoft account this user signs in with, once linked. */
    microsoftId: text(),
    activeTenantId: uuid().references(() => tenants.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_microsoft_id_idx').on(t.microsoftId),
    index('users_name_idx').on(sql`lower(${t.name})`),
  ],
);

export const roles = pgTable('roles', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: cascadeTo(() => users.id),
    roleId: cascadeTo(() => roles.id),
  },
  // The users list's role filter looks users up by role.
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId, t.userId)],
);

/**
 * Which tenants a user belongs to, and who they are there (issue 45): job title, phone, team and
 * department. Removing a team or department clears its members' reference (set null), never them.
 */
export const tenantMemberships = pgTable(
  'tenant_memberships',
  {
    tenantId: cascadeTo(() => tenants.id),
    userId: cascadeTo(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    title: text().notNull().default(''),
    phone: text().notNull().default(''),
    teamId: uuid().references(() => tenantTeams.id, { onDelete: 'set null' }),
    departmentId: uuid().references(() => tenantDepartments.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('tenant_memberships_user_idx').on(t.userId),
    // Members of a team or department: the removal's count, sprints' "add a team", the set null.
    index('tenant_memberships_team_idx').on(t.teamId),
    index('tenant_memberships_department_idx').on(t.departmentId),
  ],
);

/**
 * How far each running users import is (GET /users/import/progress), kept in the database so that a
 * poll answered by another app process sees it too. A row is read while its import runs and a minute
 * after; the tenant's next import deletes it (import-progress.ts).
 */
export const userImportProgress = pgTable(
  'user_import_progress',
  {
    tenantId: cascadeTo(() => tenants.id),
    userId: cascadeTo(() => users.id),
    /** The id the caller chose for its import. */
    importId: uuid().notNull(),
    step: text().notNull(),
    done: integer().notNull(),
    total: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.importId] }), tenantOwned()],
);

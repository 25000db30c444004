import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

/**
 * Who did what, to which record, in which tenant, from where: every administrative write
 * (tenants, users, roles, groups, imports, password resets, settings, impersonation, ...).
 * Append-only for the app: migration 0008 revokes UPDATE and DELETE from atrium_app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who acted: the impersonated user when a super administrator acts as them. */
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The super administrator behind an impersonation; null otherwise. */
    realActorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    targetUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    tenantId: uuid().references(() => tenants.id, { onDelete: 'set null' }),
    /** What kind of record changed ('tenant', 'user', 'group', ...) and which one. */
    recordType: text(),
    recordId: text(),
    /** The changed fields before and after the write (secrets stripped, audit.service.ts). */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    data: jsonb().$type<Record<string, unknown>>(),
    /** The address the request came from. */
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';

// A tenant's teams and departments (spec part 2 §3), kept apart from the other lists because a
// person's tenant membership refers to them (users.schema.ts): that file may not import one that
// imports users back.

const tenantId = () => cascadeTo(() => tenants.id);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const tenantTeams = pgTable(
  'tenant_teams',
  { id: uuid().primaryKey().defaultRandom(), tenantId: tenantId(), name: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('tenant_teams_tenant_name_key').on(t.tenantId, sql`lower(trim(${t.name}))`), tenantOwned()],
);

export const tenantDepartments = pgTable(
  'tenant_departments',
  { id: uuid().primaryKey().defaultRandom(), tenantId: tenantId(), name: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('tenant_departments_tenant_name_key').on(t.tenantId, sql`lower(trim(${t.name}))`), tenantOwned()],
);

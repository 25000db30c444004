import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

// A tenant's own lists (spec part 2 §3): tags, tenant folders, teams, departments, and the standard
// checklists with their items and the copies handed to users. Kept by those who run the tenant
// (/tenants/{tags|folders|teams|departments|checklists}/{id}). Every table carries tenant_id for
// row-level security; a name is unique in its tenant ignoring case and surrounding spaces. Teams and
// departments live in teams.schema.ts: tenant memberships refer to them, and this file refers to users.

const tenantId = () => cascadeTo(() => tenants.id);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const tenantTags = pgTable(
  'tenant_tags',
  { id: uuid().primaryKey().defaultRandom(), tenantId: tenantId(), title: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('tenant_tags_tenant_title_key').on(t.tenantId, sql`lower(trim(${t.title}))`), tenantOwned()],
);

export const tenantFolders = pgTable(
  'tenant_folders',
  { id: uuid().primaryKey().defaultRandom(), tenantId: tenantId(), itemName: text().notNull(), createdAt: createdAt() },
  (t) => [
    uniqueIndex('tenant_folders_tenant_item_name_key').on(t.tenantId, sql`lower(trim(${t.itemName}))`),
    tenantOwned(),
  ],
);

/** A checklist the tenant hands to its users (spec §3 "Standard checklist"). */
export const standardChecklists = pgTable(
  'standard_checklists',
  { id: uuid().primaryKey().defaultRandom(), tenantId: tenantId(), title: text().notNull(), createdAt: createdAt() },
  (t) => [index('standard_checklists_tenant_idx').on(t.tenantId), tenantOwned()],
);

/** A line of a standard checklist, in `order`. */
export const standardChecklistItems = pgTable(
  'standard_checklist_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    standardChecklistId: cascadeTo(() => standardChecklists.id),
    title: text().notNull(),
    order: integer().notNull().default(0),
  },
  (t) => [index('standard_checklist_items_checklist_idx').on(t.standardChecklistId, t.order), tenantOwned()],
);

/**
 * A copy of a standard checklist handed to a user: active until completedAt is set. The list's active
 * and completed counts are counted from these.
 */
export const checklistAssignments = pgTable(
  'checklist_assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: tenantId(),
    standardChecklistId: cascadeTo(() => standardChecklists.id),
    userId: cascadeTo(() => users.id),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('checklist_assignments_checklist_idx').on(t.standardChecklistId),
    index('checklist_assignments_user_idx').on(t.userId),
    tenantOwned(),
  ],
);

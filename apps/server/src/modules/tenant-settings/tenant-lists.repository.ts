import {
  type ChecklistListQuery,
  TENANT_LIST_FIELD,
  type TenantItemsQuery,
  type TenantListKind,
} from '@atrium/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { paged } from '../../db/paging.js';
import { tenantDepartments, tenantTeams } from './teams.schema.js';
import {
  checklistAssignments,
  standardChecklistItems,
  standardChecklists,
  tenantFolders,
  tenantTags,
} from './tenant-lists.schema.js';

/** Each simple list's table, its text column and the unique index on that text (a refused duplicate). */
export const LISTS = {
  tags: { table: tenantTags, text: tenantTags.title, uniqueIndex: 'tenant_tags_tenant_title_key' },
  folders: { table: tenantFolders, text: tenantFolders.itemName, uniqueIndex: 'tenant_folders_tenant_item_name_key' },
  teams: { table: tenantTeams, text: tenantTeams.name, uniqueIndex: 'tenant_teams_tenant_name_key' },
  departments: {
    table: tenantDepartments,
    text: tenantDepartments.name,
    uniqueIndex: 'tenant_departments_tenant_name_key',
  },
} as const;

/** The columns every simple list shares (they all have the same shape). */
const columnsOf = (kind: TenantListKind) => {
  const { table, text } = LISTS[kind];
  return { table, text, id: table.id, tenantId: table.tenantId, createdAt: table.createdAt };
};

export type ListRow = { id: string; text: string; createdAt: Date; membersCount?: number };

/**
 * The live people whose membership has the team or department: the removal's confirmation names
 * them, since removing it clears their reference (tenant_memberships' foreign keys: set null).
 */
const membersCountOf = (kind: TenantListKind) => {
  if (kind !== 'teams' && kind !== 'departments') return undefined;
  // Named in full: a column interpolated in a subquery may come out unqualified and mean another table's.
  const [ref, id] = kind === 'teams' ? ['team_id', 'tenant_teams.id'] : ['department_id', 'tenant_departments.id'];
  return sql<number>`(select count(*) from tenant_memberships tm join users u on u.id = tm.user_id
    and u.deleted_at is null where tm.${sql.raw(ref)} = ${sql.raw(id)})::int`;
};

export async function listEntries(db: Db, tenantId: string, kind: TenantListKind, q: TenantItemsQuery) {
  const c = columnsOf(kind);
  const membersCount = membersCountOf(kind);
  const where = and(
    eq(c.tenantId, tenantId),
    q.search?.trim() ? sql`lower(${c.text}) like ${containsPattern(q.search.trim().toLowerCase())}` : undefined,
  );
  const dir = q.direction === 'desc' ? desc : asc;
  const order = q.sort === 'createdAt' ? dir(c.createdAt) : dir(sql`lower(${c.text})`);
  return paged(q, async ({ limit, offset }) => {
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: c.id, text: c.text, createdAt: c.createdAt, ...(membersCount && { membersCount }) })
        .from(c.table)
        .where(where)
        .orderBy(order, asc(c.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(c.table).where(where),
    ]);
    return { rows: rows as ListRow[], total: total?.n ?? 0 };
  });
}

/** Whether another entry of the list has this text, ignoring case and surrounding spaces. */
export async function textTaken(db: Db, tenantId: string, kind: TenantListKind, text: string, exceptId?: string) {
  const c = columnsOf(kind);
  const rows = await db
    .select({ id: c.id })
    .from(c.table)
    .where(
      and(
        eq(c.tenantId, tenantId),
        sql`lower(trim(${c.text})) = lower(trim(${text}))`,
        exceptId ? sql`${c.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertEntry(db: Db, tenantId: string, kind: TenantListKind, text: string) {
  const c = columnsOf(kind);
  const [row] = await db
    .insert(c.table)
    .values({ tenantId, [TENANT_LIST_FIELD[kind]]: text } as unknown as typeof tenantTags.$inferInsert)
    .returning({ id: c.id, text: c.text, createdAt: c.createdAt });
  return row as ListRow;
}

/** A tag's title (the audit entry's before), if the tag is the tenant's. */
export async function tagTitle(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ title: tenantTags.title })
    .from(tenantTags)
    .where(and(eq(tenantTags.tenantId, tenantId), eq(tenantTags.id, id)));
  return row?.title;
}

export async function updateTagTitle(db: Db, tenantId: string, id: string, title: string) {
  const [row] = await db
    .update(tenantTags)
    .set({ title })
    .where(and(eq(tenantTags.tenantId, tenantId), eq(tenantTags.id, id)))
    .returning({ id: tenantTags.id, text: tenantTags.title, createdAt: tenantTags.createdAt });
  return row;
}

export async function deleteEntry(db: Db, tenantId: string, kind: TenantListKind, id: string) {
  const c = columnsOf(kind);
  const rows = await db
    .delete(c.table)
    .where(and(eq(c.tenantId, tenantId), eq(c.id, id)))
    .returning({ id: c.id, text: c.text });
  return rows[0] as { id: string; text: string } | undefined;
}

// Standard checklists.

/**
 * A page of the tenant's checklists with their active and completed copies counted: one statement
 * (the copies grouped once and joined), then the page's items in one more.
 */
export async function listChecklists(db: Db, tenantId: string, q: ChecklistListQuery) {
  const counts = db
    .select({
      checklistId: checklistAssignments.standardChecklistId,
      active: sql<number>`count(*) filter (where ${isNull(checklistAssignments.completedAt)})`.as('active_n'),
      completed: sql<number>`count(*) filter (where ${isNotNull(checklistAssignments.completedAt)})`.as('completed_n'),
    })
    .from(checklistAssignments)
    .where(eq(checklistAssignments.tenantId, tenantId))
    .groupBy(checklistAssignments.standardChecklistId)
    .as('counts');
  const where = and(
    eq(standardChecklists.tenantId, tenantId),
    q.search?.trim()
      ? sql`lower(${standardChecklists.title}) like ${containsPattern(q.search.trim().toLowerCase())}`
      : undefined,
  );
  const dir = q.direction === 'desc' ? desc : asc;
  const order =
    q.sort === 'createdAt' ? dir(standardChecklists.createdAt) : dir(sql`lower(${standardChecklists.title})`);
  return paged(q, async ({ limit, offset }) => {
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: standardChecklists.id,
          tenantId: standardChecklists.tenantId,
          title: standardChecklists.title,
          createdAt: standardChecklists.createdAt,
          countOfActive: sql<number>`coalesce(${counts.active}, 0)::int`,
          countOfCompleted: sql<number>`coalesce(${counts.completed}, 0)::int`,
        })
        .from(standardChecklists)
        .leftJoin(counts, eq(counts.checklistId, standardChecklists.id))
        .where(where)
        .orderBy(order, asc(standardChecklists.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(standardChecklists).where(where),
    ]);
    const items = await itemsOf(
      db,
      tenantId,
      rows.map((r) => r.id),
    );
    return {
      rows: rows.map((r) => ({ ...r, items: items.filter((i) => i.standardChecklistId === r.id) })),
      total: total?.n ?? 0,
    };
  });
}

const itemsOf = (db: Db, tenantId: string, checklistIds: string[]) =>
  checklistIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: standardChecklistItems.id,
          title: standardChecklistItems.title,
          standardChecklistId: standardChecklistItems.standardChecklistId,
          order: standardChecklistItems.order,
        })
        .from(standardChecklistItems)
        .where(
          and(
            eq(standardChecklistItems.tenantId, tenantId),
            inArray(standardChecklistItems.standardChecklistId, checklistIds),
          ),
        )
        .orderBy(asc(standardChecklistItems.order), asc(standardChecklistItems.id));

export async function insertChecklist(db: Db, tenantId: string, title: string, itemTitles: string[]) {
  const [checklist] = await db.insert(standardChecklists).values({ tenantId, title }).returning();
  const items = itemTitles.length
    ? await db
        .insert(standardChecklistItems)
        .values(itemTitles.map((t, order) => ({ tenantId, standardChecklistId: checklist!.id, title: t, order })))
        .returning({
          id: standardChecklistItems.id,
          title: standardChecklistItems.title,
          standardChecklistId: standardChecklistItems.standardChecklistId,
          order: standardChecklistItems.order,
        })
    : [];
  return { ...checklist!, countOfActive: 0, countOfCompleted: 0, items: items.sort((a, b) => a.order - b.order) };
}

export async function deleteChecklist(db: Db, tenantId: string, id: string) {
  const rows = await db
    .delete(standardChecklists)
    .where(and(eq(standardChecklists.tenantId, tenantId), eq(standardChecklists.id, id)))
    .returning({ id: standardChecklists.id, title: standardChecklists.title });
  return rows[0];
}

/** Every checklist of the tenant with its items, for the export: one statement, in title then item order. */
export const checklistsForExport = (db: Db, tenantId: string) =>
  db
    .select({
      checklistId: standardChecklists.id,
      title: standardChecklists.title,
      createdAt: standardChecklists.createdAt,
      itemTitle: standardChecklistItems.title,
      itemOrder: standardChecklistItems.order,
    })
    .from(standardChecklists)
    .leftJoin(
      standardChecklistItems,
      and(
        eq(standardChecklistItems.standardChecklistId, standardChecklists.id),
        eq(standardChecklistItems.tenantId, tenantId),
      ),
    )
    .where(eq(standardChecklists.tenantId, tenantId))
    .orderBy(
      sql`lower(${standardChecklists.title})`,
      asc(standardChecklists.id),
      asc(standardChecklistItems.order),
      asc(standardChecklistItems.id),
    );

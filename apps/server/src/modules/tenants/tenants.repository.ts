import { FEATURES } from '@atrium/contracts';
import { and, asc, count, countDistinct, eq, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { compiledRead, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { tenantMemberships, users } from '../users/users.schema.js';
import { features, tenantFeatures, tenants } from './tenants.schema.js';

export type TenantRow = typeof tenants.$inferSelect;
export type TenantValues = Omit<typeof tenants.$inferInsert, 'id' | 'createdAt' | 'deletedAt'>;

const live = isNull(tenants.deletedAt);

/** Whether a live tenant (other than `exceptId`) has this name, ignoring case and surrounding spaces. */
export async function liveNameTaken(db: Db, name: string, exceptId?: string) {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        sql`lower(trim(${tenants.name})) = lower(trim(${name}))`,
        live,
        exceptId ? ne(tenants.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Live members of the tenant whose id is `tenantId` (an SQL expression): deleted users do not count.
 * Read from tenant_member_counts, which triggers keep exact (migration 0020), rather than counted
 * membership by membership for every row of a page. A tenant without a row has none.
 */
const liveMemberCount = (tenantId: SQL) =>
  sql<number>`coalesce((select k.live from tenant_member_counts k where k.tenant_id = ${tenantId}), 0)`;

export type TenantListFilter = {
  /** Only the tenants run by this partner tenant; undefined for all tenants. */
  partnerTenantId?: string;
  search?: string;
  /** The IANA zone the caller sees created dates in; a date-like search matches their text there. */
  timeZone: string;
  sort: 'name' | 'createdAt';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** What the list statement's text depends on; the rest of a filter are its values. */
type TenantListShape = Pick<TenantListFilter, 'sort' | 'direction'> & {
  ofPartner: boolean;
  /** A date-like term also searches the created date's text. */
  searchKind: 'none' | 'name' | 'nameOrDate';
};

/** The list statement's values, or placeholders for them (compiledRead). */
type TenantListValues = Record<'partnerTenantId' | 'pattern' | 'timeZone' | 'limit' | 'offset', unknown>;

/** Which tenants a list or count finds: the part of the shape and the values that choose them. */
type ScopeShape = Pick<TenantListShape, 'ofPartner' | 'searchKind'>;
type ScopeValues = Pick<TenantListValues, 'partnerTenantId' | 'pattern' | 'timeZone'>;

function scopeArgs(f: Pick<TenantListFilter, 'partnerTenantId' | 'search' | 'timeZone'>): [ScopeShape, ScopeValues] {
  const term = f.search?.trim();
  // The list shows created as dd-MM-yyyy HH:mm; a term that looks like a date searches that text too.
  const searchKind = !term ? 'none' : /^[\d\s:-]+$/.test(term) ? 'nameOrDate' : 'name';
  return [
    { ofPartner: !!f.partnerTenantId, searchKind },
    {
      partnerTenantId: f.partnerTenantId,
      pattern: term ? containsPattern(term.toLowerCase()) : undefined,
      timeZone: f.timeZone,
    },
  ];
}

function listArgs(f: TenantListFilter): [TenantListShape, TenantListValues] {
  const [scope, values] = scopeArgs(f);
  return [
    { sort: f.sort, direction: f.direction, ...scope },
    { ...values, limit: f.limit, offset: f.offset },
  ];
}

function listWhere(s: ScopeShape, v: ScopeValues): SQL {
  const conds: SQL[] = [sql`t.deleted_at is null`];
  if (s.ofPartner) conds.push(sql`t.partner_tenant_id = ${v.partnerTenantId}`);
  // name_key is lower(name), stored (migration 0020): no lower() call per candidate row.
  if (s.searchKind === 'nameOrDate') {
    // On a 24-hour clock in the caller's zone, as the list shows it (HH12 would find 09:00 for 21:00).
    const shown = sql`to_char(t.created_at at time zone ${v.timeZone}::text, 'DD-MM-YYYY HH24:MI')`;
    conds.push(sql`(t.name_key like ${v.pattern} or ${shown} like ${v.pattern})`);
  } else if (s.searchKind === 'name') {
    conds.push(sql`t.name_key like ${v.pattern}`);
  }
  return sql.join(conds, sql` and `);
}

/**
 * How many tenants the list finds. Without a search: the live tenants in scope, read from
 * tenant_counts (kept by a trigger, migration 0006) rather than counted row by row.
 */
function totalSql(s: ScopeShape, v: ScopeValues): SQL {
  if (s.searchKind !== 'none') return sql`(select count(*) from tenants t where ${listWhere(s, v)})`;
  const scope = s.ofPartner ? sql`where c.partner_tenant_id = ${v.partnerTenantId}` : sql``;
  return sql`(select coalesce(sum(c.live), 0) from tenant_counts c ${scope})`;
}

/**
 * One page of the tenants list with the total, in one statement (the benchmark runs this SQL bare).
 * Without a search the page stops early on the (name_key, id) / (created_at, id) indexes. With a
 * search the trigram index finds the matches once; they are counted and sorted together. Only the
 * page's rows read their member counts.
 */
const tenantsList = compiledRead<TenantListShape, TenantListValues>('tenants_list', (s) => {
  const v = {
    partnerTenantId: sql.placeholder('partnerTenantId'),
    pattern: sql.placeholder('pattern'),
    timeZone: sql.placeholder('timeZone'),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  };
  const dir = sql.raw(s.direction === 'desc' ? 'desc' : 'asc');
  const order = (a: string) =>
    s.sort === 'createdAt'
      ? sql`${sql.raw(a)}.created_at ${dir}, ${sql.raw(a)}.id`
      : sql`${sql.raw(a)}.name_key ${dir}, ${sql.raw(a)}.id`;
  const page =
    s.searchKind !== 'none'
      ? sql`
      select t.id, t.name, t.name_key, t.created_at, t.is_partner_tenant, count(*) over () as total
      from (select t.id, t.name, t.name_key, t.created_at, t.is_partner_tenant
            from tenants t where ${listWhere(s, v)} offset 0) t
      order by ${order('t')}
      limit ${v.limit} offset ${v.offset}`
      : sql`
      select t.id, t.name, t.name_key, t.created_at, t.is_partner_tenant, ${totalSql(s, v)} as total
      from tenants t where ${listWhere(s, v)}
      order by ${order('t')}
      limit ${v.limit} offset ${v.offset}`;
  return sql`
    with page as (${page})
    select p.id, p.name, p.is_partner_tenant as "isPartnerTenant",
           -- ISO 8601 as the answer carries it: no Date to parse and format again for every row.
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
           p.total::int as total, ${liveMemberCount(sql`p.id`)} as "countOfUsers"
    from page p
    order by ${order('p')}`;
});

/** The list statement as the driver receives it. */
export const tenantsListQuery = (f: TenantListFilter) => tenantsList.query(...listArgs(f));

type ListRow = {
  id: string;
  name: string;
  createdAt: string;
  isPartnerTenant: boolean;
  total: number;
  countOfUsers: number;
};

export const listTenants = (db: Db, f: TenantListFilter) => tenantsList.rows<ListRow>(db, ...listArgs(f));

export async function countTenants(db: Db, f: Pick<TenantListFilter, 'partnerTenantId' | 'search' | 'timeZone'>) {
  const result = (await db.execute(sql`select ${totalSql(...scopeArgs(f))}::int as n`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Every live tenant in scope, sorted by name, for selects and the "all tenants" call. */
export const tenantsInScope = (db: Db, partnerTenantId?: string) =>
  db
    .select({
      id: tenants.id,
      name: tenants.name,
      createdAt: tenants.createdAt,
      countOfUsers: liveMemberCount(sql`"tenants"."id"`),
    })
    .from(tenants)
    .where(and(live, partnerTenantId ? eq(tenants.partnerTenantId, partnerTenantId) : undefined))
    .orderBy(asc(sql`lower(${tenants.name})`), asc(tenants.id));

export const findTenant = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(tenants)
      .where(and(eq(tenants.id, id), live))
  )[0];

/**
 * The tenant's live members. A deleted user's membership stays in the table, untouched by the form,
 * so that restoring the user brings it back.
 */
export async function memberIds(db: Db, tenantId: string) {
  const rows = await db
    .select({ id: tenantMemberships.userId })
    .from(tenantMemberships)
    .innerJoin(users, and(eq(users.id, tenantMemberships.userId), isNull(users.deletedAt)))
    .where(eq(tenantMemberships.tenantId, tenantId));
  return rows.map((r) => r.id);
}

export const featuresOf = (db: Db, tenantId: string) =>
  db
    .select({
      id: features.id,
      name: features.name,
      mobile: tenantFeatures.mobile,
      customTitle: tenantFeatures.customTitle,
      customDescription: tenantFeatures.customDescription,
    })
    .from(tenantFeatures)
    .innerJoin(features, eq(features.id, tenantFeatures.featureId))
    .where(eq(tenantFeatures.tenantId, tenantId))
    .orderBy(asc(features.name));

export const featureCatalogue = (db: Db) => db.select().from(features).orderBy(asc(features.name));

export async function liveCountOfUsers(db: Db, tenantId: string) {
  const [row] = await db
    .select({ n: liveMemberCount(sql`"tenants"."id"`) })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.n ?? 0;
}

export async function insertTenant(db: Db, values: TenantValues & { id?: string }) {
  const [row] = await db.insert(tenants).values(values).returning();
  return row!;
}

export const updateTenant = (db: Db, id: string, values: Partial<TenantValues>) =>
  db.update(tenants).set(values).where(eq(tenants.id, id));

export const softDeleteTenant = (db: Db, id: string) =>
  db
    .update(tenants)
    .set({ deletedAt: new Date() })
    .where(and(eq(tenants.id, id), live));

/** Makes userIds the tenant's live members; answers who was added and who was removed. */
export async function setMembers(db: Db, tenantId: string, userIds: string[]) {
  const before = new Set(await memberIds(db, tenantId));
  const wanted = new Set(userIds);
  const removed = [...before].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !before.has(id));
  // The users first, in id order, as a soft delete or restore takes them (users.repository's
  // lockUsers): a change of memberships then never holds a member count that waits for one of them.
  const moved = [...removed, ...added];
  if (moved.length) {
    await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, moved))
      .orderBy(asc(users.id))
      .for('no key update');
  }
  if (removed.length) {
    await db
      .delete(tenantMemberships)
      .where(and(eq(tenantMemberships.tenantId, tenantId), inArray(tenantMemberships.userId, removed)));
    // A removed user no longer starts in this tenant.
    await db
      .update(users)
      .set({ activeTenantId: null })
      .where(and(inArray(users.id, removed), eq(users.activeTenantId, tenantId)));
  }
  if (added.length) {
    await db.insert(tenantMemberships).values(added.map((userId) => ({ tenantId, userId })));
  }
  return { added, removed };
}

/** Switches on exactly featureIds, keeping the tenant's own titles of features it keeps. */
export async function setFeatures(db: Db, tenantId: string, featureIds: string[], mobileIds: string[]) {
  await db
    .delete(tenantFeatures)
    .where(
      and(
        eq(tenantFeatures.tenantId, tenantId),
        featureIds.length ? notInArray(tenantFeatures.featureId, featureIds) : undefined,
      ),
    );
  if (!featureIds.length) return;
  const mobile = new Set(mobileIds);
  await db
    .insert(tenantFeatures)
    .values(featureIds.map((featureId) => ({ tenantId, featureId, mobile: mobile.has(featureId) })))
    .onConflictDoUpdate({
      target: [tenantFeatures.tenantId, tenantFeatures.featureId],
      set: { mobile: sql`excluded.mobile` },
    });
}

/** Copies another tenant's features with their titles. */
export async function copyFeatures(db: Db, fromId: string, toId: string) {
  const rows = await db.select().from(tenantFeatures).where(eq(tenantFeatures.tenantId, fromId));
  if (rows.length) await db.insert(tenantFeatures).values(rows.map((r) => ({ ...r, tenantId: toId })));
}

export async function existingFeatureIds(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db.select({ id: features.id }).from(features).where(inArray(features.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Of ids, the users that exist and are not deleted. */
export async function liveUserIds(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** The partner tenant and the tenants it runs. */
const familyTenantIds = (partnerTenantId: string) =>
  sql`(select ft.id from tenants ft where ft.deleted_at is null and (ft.id = ${partnerTenantId} or ft.partner_tenant_id = ${partnerTenantId}))`;

/** Of ids, the users who belong to the partner tenant or one of the tenants it runs. */
export async function familyUserIds(db: Db, partnerTenantId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: tenantMemberships.userId })
    .from(tenantMemberships)
    .where(
      and(
        inArray(tenantMemberships.userId, ids),
        sql`${tenantMemberships.tenantId} in ${familyTenantIds(partnerTenantId)}`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Live users of a partner tenant and the tenants it runs, each counted once (maxUsersCanCreate). */
export async function countFamilyUsers(db: Db, partnerTenantId: string) {
  const [row] = await db
    .select({ n: countDistinct(tenantMemberships.userId) })
    .from(tenantMemberships)
    .innerJoin(users, and(eq(users.id, tenantMemberships.userId), isNull(users.deletedAt)))
    .where(sql`${tenantMemberships.tenantId} in ${familyTenantIds(partnerTenantId)}`);
  return row?.n ?? 0;
}

/** Live tenants a partner tenant runs (maxTenantsCanCreate). */
export async function countChildren(db: Db, partnerTenantId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(tenants)
    .where(and(eq(tenants.partnerTenantId, partnerTenantId), live, ne(tenants.id, partnerTenantId)));
  return row?.n ?? 0;
}

/**
 * Serialises quota checks of one partner tenant until the transaction ends, so two
 * concurrent creations cannot both take the last place.
 */
export const lockPartner = (db: Db, partnerTenantId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`partner:${partnerTenantId}`}))`);

/** Live tenants a user belongs to, by name. */
export const tenantsOfUser = (db: Db, userId: string) =>
  db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenantMemberships)
    .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
    .where(and(eq(tenantMemberships.userId, userId), live))
    .orderBy(asc(sql`lower(${tenants.name})`));

/** Reference data: the feature catalogue (FEATURES). */
export async function seedFeatures(db: Db) {
  await db
    .insert(features)
    .values(FEATURES.map((name) => ({ name })))
    .onConflictDoNothing();
}

import { ROLES, type Role, type UserListItem } from '@atrium/contracts';
import { and, asc, eq, gt, inArray, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { compiledRead, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { tenants } from '../tenants/tenants.schema.js';
import { userGroupMembers, userGroups } from '../usergroups/usergroups.schema.js';
import { roles as rolesTable, tenantMemberships, userImportProgress, userRoles, users } from './users.schema.js';

export type UserRow = typeof users.$inferSelect;

/**
 * A user whose name, surname, full name or email contains `term`, ignoring case. The list and the
 * select share this one expression, which users_search_trgm_idx covers on PostgreSQL.
 */
const userLike = (pattern: unknown) => sql`lower(u.name || ' ' || u.surname || ' ' || u.email) like ${pattern}`;
const userMatches = (term: string) => userLike(containsPattern(term.toLowerCase()));

/**
 * `= any(...)` of a list as one array parameter: the statement's text stays the same whatever the
 * list's length, which a prepared statement needs (db/client.ts compiledRead). A placeholder stands for
 * the list in a compiled statement.
 */
const anyOf = (values: readonly string[] | Placeholder, type: 'uuid' | 'text') =>
  sql`any(${sql.param(values)}::${sql.raw(type)}[])`;

export type UserListFilter = {
  /** Only members of this tenant; undefined for every user (super administrators). */
  tenantId?: string;
  /** Group names are shown for this tenant only (all of them when undefined). */
  groupsTenantId?: string;
  search?: string;
  roles: Role[];
  groupIds: string[];
  sort: 'name' | 'surname' | 'email' | 'createdAt';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** What the list statement's text depends on; the rest of a filter are its values. */
type UserListShape = Pick<UserListFilter, 'sort' | 'direction'> & {
  member: boolean;
  searched: boolean;
  byRole: boolean;
  byGroup: boolean;
  groupsOfTenant: boolean;
};

/** The list statement's values, or placeholders for them (compiledRead). */
type UserListValues = Record<'tenantId' | 'groupsTenantId' | 'pattern' | 'limit' | 'offset', unknown> &
  Record<'roles' | 'groupIds', readonly string[] | Placeholder>;

function listArgs(f: UserListFilter): [UserListShape, UserListValues] {
  const term = f.search?.trim();
  const shape = {
    sort: f.sort,
    direction: f.direction,
    member: !!f.tenantId,
    searched: !!term,
    byRole: f.roles.length > 0,
    byGroup: f.groupIds.length > 0,
    groupsOfTenant: !!f.groupsTenantId,
  };
  const values = {
    tenantId: f.tenantId,
    groupsTenantId: f.groupsTenantId,
    pattern: term ? containsPattern(term.toLowerCase()) : undefined,
    roles: f.roles,
    groupIds: f.groupIds,
    limit: f.limit,
    offset: f.offset,
  };
  return [shape, values];
}

/**
 * One page of users with the total, as a single statement. The page is chosen first and only its
 * rows get their roles and groups. The search matches name, surname, full name and email through
 * one expression, which the users_search_trgm_idx trigram index covers on PostgreSQL.
 */
function usersListSql(s: UserListShape, v: UserListValues): SQL {
  const conds: SQL[] = [sql`true`];
  if (s.member) {
    conds.push(
      sql`exists (select 1 from tenant_memberships tm where tm.user_id = u.id and tm.tenant_id = ${v.tenantId})`,
    );
  }
  if (s.searched) conds.push(userLike(v.pattern));
  if (s.byRole) {
    conds.push(
      sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = ${anyOf(v.roles, 'text')})`,
    );
  }
  if (s.byGroup) {
    conds.push(
      sql`exists (select 1 from user_group_members gm where gm.user_id = u.id and gm.group_id = ${anyOf(v.groupIds, 'uuid')})`,
    );
  }
  const dir = sql.raw(s.direction === 'desc' ? 'desc' : 'asc');
  const order = (alias: string) => {
    const a = sql.raw(alias);
    return {
      name: sql`lower(${a}.name) ${dir}, lower(${a}.surname) ${dir}, ${a}.id`,
      surname: sql`lower(${a}.surname) ${dir}, lower(${a}.name) ${dir}, ${a}.id`,
      email: sql`lower(${a}.email) ${dir}, ${a}.id`,
      createdAt: sql`${a}.created_at ${dir}, ${a}.id`,
    }[s.sort];
  };
  const groupsTenant = s.groupsOfTenant ? sql`and g.tenant_id = ${v.groupsTenantId}` : sql``;
  // With a search, the matches are found first (trigram index) and only then sorted: otherwise the
  // planner may walk the name order hoping to stop early, which the total (a window count) never lets it.
  const source = s.searched
    ? sql`(select * from users u where ${sql.join(conds, sql` and `)} offset 0) u`
    : sql`users u where ${sql.join(conds, sql` and `)}`;
  return sql`
    with page as (
      select u.id, u.name, u.surname, u.email, u.image_path, u.deleted_at, u.created_at,
             count(*) over () as total
      from ${source}
      order by ${order('u')}
      limit ${v.limit} offset ${v.offset}
    )
    select p.id, p.name, p.surname, p.email, p.image_path as "imagePath", p.deleted_at as "deletedAt",
           p.total::int as total,
           coalesce((select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id
                     where ur.user_id = p.id), '{}') as "rolesNames",
           coalesce((select array_agg(g.name order by g.name) from user_group_members gm
                     join user_groups g on g.id = gm.group_id ${groupsTenant}
                     where gm.user_id = p.id), '{}') as "groupsNames"
    from page p
    order by ${order('p')}`;
}

const usersList = compiledRead<UserListShape, UserListValues>('users_list', (shape) =>
  usersListSql(shape, {
    tenantId: sql.placeholder('tenantId'),
    groupsTenantId: sql.placeholder('groupsTenantId'),
    pattern: sql.placeholder('pattern'),
    roles: sql.placeholder('roles'),
    groupIds: sql.placeholder('groupIds'),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }),
);

/** The list statement as the driver receives it. */
export const usersListQuery = (f: UserListFilter) => usersList.query(...listArgs(f));

type ListRow = {
  id: string;
  name: string;
  surname: string;
  email: string;
  imagePath: string | null;
  deletedAt: Date | string | null;
  total: number;
  rolesNames: Role[];
  groupsNames: string[];
};

const asDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** A person's name as lists show it: name and surname, either left out when empty. */
export const fullNameOf = (u: { name: string; surname: string }) => [u.name, u.surname].filter(Boolean).join(' ');

/**
 * One page of the users list and the total of the whole list (null when the page is empty). Each
 * field is named: spreading a row into an object with one more property costs about a microsecond a
 * row (bench/README, users list).
 */
export async function listUsers(db: Db, f: UserListFilter): Promise<{ users: UserListItem[]; total: number | null }> {
  const rows = await usersList.rows<ListRow>(db, ...listArgs(f));
  return {
    total: rows[0] ? Number(rows[0].total) : null,
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      surname: r.surname,
      fullName: fullNameOf(r),
      email: r.email,
      imagePath: r.imagePath,
      rolesNames: r.rolesNames,
      groupsNames: r.groupsNames,
      deletedAt: asDate(r.deletedAt),
    })),
  };
}

export async function countUsers(db: Db, f: UserListFilter) {
  const result = await db.execute(
    sql`select count(*)::int as n from (${usersListSql(...listArgs({ ...f, limit: 1_000_000_000, offset: 0 }))}) x`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export const findUser = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

/** Of emails (lower-cased), those some account already has. */
export async function takenEmails(db: Db, emails: string[]) {
  if (!emails.length) return new Set<string>();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(rows.map((r) => r.email));
}

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ name: rolesTable.name })
    .from(userRoles)
    .innerJoin(rolesTable, eq(rolesTable.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(rolesTable.name));
  return rows.map((r) => r.name as Role);
}

export async function tenantIdsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: tenantMemberships.tenantId })
    .from(tenantMemberships)
    .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
    .where(and(eq(tenantMemberships.userId, userId), isNull(tenants.deletedAt)));
  return rows.map((r) => r.id);
}

/** The user's groups, in one tenant or in all. */
export const groupsOf = (db: Db, userId: string, tenantId?: string) =>
  db
    .select({ id: userGroups.id, name: userGroups.name, tenantId: userGroups.tenantId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(and(eq(userGroupMembers.userId, userId), tenantId ? eq(userGroups.tenantId, tenantId) : undefined))
    .orderBy(asc(userGroups.name));

export async function isMember(db: Db, userId: string, tenantId: string) {
  const [row] = await db
    .select({ id: tenantMemberships.userId })
    .from(tenantMemberships)
    .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId)));
  return !!row;
}

/** Of userIds, those who are members of tenantId. */
export async function membersAmong(db: Db, tenantId: string, userIds: string[]) {
  if (!userIds.length) return new Set<string>();
  const rows = await db
    .select({ id: tenantMemberships.userId })
    .from(tenantMemberships)
    .where(and(eq(tenantMemberships.tenantId, tenantId), inArray(tenantMemberships.userId, userIds)));
  return new Set(rows.map((r) => r.id));
}

/** Of ids, the groups that exist, with their tenant. */
export const groupsByIds = async (db: Db, ids: string[]) =>
  ids.length
    ? db
        .select({ id: userGroups.id, name: userGroups.name, tenantId: userGroups.tenantId })
        .from(userGroups)
        .where(inArray(userGroups.id, ids))
    : [];

export const groupsOfTenant = (db: Db, tenantId: string) =>
  db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups).where(eq(userGroups.tenantId, tenantId));

/** Of ids, the live tenants. */
export async function liveTenantIds(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(inArray(tenants.id, ids), isNull(tenants.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function roleIds(db: Db, names: Role[]) {
  const rows = await db.select().from(rolesTable).where(inArray(rolesTable.name, names));
  return rows.map((r) => r.id);
}

export async function insertUsers(db: Db, values: (typeof users.$inferInsert)[]) {
  return db.insert(users).values(values).returning();
}

/**
 * Roles, membership of one tenant and groups for users created just now in this transaction (an
 * import): a statement per table for them all, where setRoles and friends take four per user.
 */
export async function linkNewUsers(
  db: Db,
  tenantId: string,
  created: { userId: string; role: Role; groupIds: string[] }[],
) {
  if (!created.length) return;
  const names = [...new Set(created.map((c) => c.role))];
  const byName = new Map(
    (await db.select().from(rolesTable).where(inArray(rolesTable.name, names))).map((r) => [r.name, r.id]),
  );
  const roleRows = created.flatMap((c) =>
    byName.has(c.role) ? [{ userId: c.userId, roleId: byName.get(c.role)! }] : [],
  );
  if (roleRows.length) await db.insert(userRoles).values(roleRows);
  await db.insert(tenantMemberships).values(created.map((c) => ({ tenantId, userId: c.userId })));
  await addGroupMembers(
    db,
    created.flatMap((c) => c.groupIds.map((groupId) => ({ groupId, userId: c.userId }))),
  );
}

export const updateUser = (db: Db, id: string, values: Partial<typeof users.$inferInsert>) =>
  db.update(users).set(values).where(eq(users.id, id));

export async function setRoles(db: Db, userId: string, names: Role[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  const ids = await roleIds(db, names);
  if (ids.length) await db.insert(userRoles).values(ids.map((roleId) => ({ userId, roleId })));
}

/**
 * Sets the user's memberships among `manageable` tenants to `wanted`, leaving memberships in
 * other tenants alone; answers the tenants added and removed.
 */
export async function setMemberships(db: Db, userId: string, wanted: string[], manageable: string[] | 'all') {
  // The user first, as lockUsers takes it for a soft delete: see there.
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const current = (
    await db
      .select({ id: tenantMemberships.tenantId })
      .from(tenantMemberships)
      .where(eq(tenantMemberships.userId, userId))
  ).map((r) => r.id);
  const canTouch = (id: string) => manageable === 'all' || manageable.includes(id);
  const removed = current.filter((id) => canTouch(id) && !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length) {
    await db
      .delete(tenantMemberships)
      .where(and(eq(tenantMemberships.userId, userId), inArray(tenantMemberships.tenantId, removed)));
    // Groups of a tenant the user left go with it.
    await db.execute(
      sql`delete from user_group_members gm using user_groups g
          where g.id = gm.group_id and gm.user_id = ${userId} and g.tenant_id = ${anyOf(removed, 'uuid')}`,
    );
  }
  if (added.length) await db.insert(tenantMemberships).values(added.map((tenantId) => ({ tenantId, userId })));
  return { added, removed };
}

/** Sets the user's groups among the groups of `tenantIds` (or all groups) to `groupIds`. */
export async function setGroups(db: Db, userId: string, groupIds: string[], tenantIds: string[] | 'all') {
  const current = await groupsOf(db, userId);
  const touchable = current.filter((g) => tenantIds === 'all' || tenantIds.includes(g.tenantId));
  const drop = touchable.filter((g) => !groupIds.includes(g.id)).map((g) => g.id);
  if (drop.length) {
    await db
      .delete(userGroupMembers)
      .where(and(eq(userGroupMembers.userId, userId), inArray(userGroupMembers.groupId, drop)));
  }
  const have = new Set(current.map((g) => g.id));
  const add = groupIds.filter((id) => !have.has(id));
  if (add.length) await db.insert(userGroupMembers).values(add.map((groupId) => ({ groupId, userId })));
}

export const addGroupMembers = (db: Db, pairs: { groupId: string; userId: string }[]) =>
  pairs.length ? db.insert(userGroupMembers).values(pairs).onConflictDoNothing() : Promise.resolve();

export const removeGroupMembers = (db: Db, userIds: string[], groupIds: string[]) =>
  db
    .delete(userGroupMembers)
    .where(and(inArray(userGroupMembers.userId, userIds), inArray(userGroupMembers.groupId, groupIds)));

/**
 * Locks users in id order before a soft delete or restore, whose triggers then change the member
 * counts of their tenants. A change of memberships takes its users in the same order first
 * (tenants' setMembers, setMemberships above), so the two never wait for each other in a circle.
 */
const lockUsers = (db: Db, ids: string[]) =>
  db.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('no key update');

export async function markDeleted(db: Db, ids: string[]) {
  await lockUsers(db, ids);
  return db
    .update(users)
    .set({ deletedAt: new Date() })
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
    .returning({ id: users.id });
}

export async function restore(db: Db, id: string) {
  await lockUsers(db, [id]);
  await db.update(users).set({ deletedAt: null }).where(eq(users.id, id));
}

export type UserOptionsFilter = {
  /** Members of this tenant only. */
  tenantId?: string;
  /** Members of any of these tenants only (none: no one). */
  tenantIds?: string[];
  role?: Role;
  /** Matches name, surname, full name and email, as the users list does. */
  search?: string;
  /** Exactly these users (those of them the other conditions let through). */
  ids?: string[];
  limit?: number;
};

/** Where no caller sets a limit (coaches: a tenant's administrators), still a bounded answer. */
const OPTIONS_LIMIT = 5000;

/**
 * Live users as select options, by name. Callers scope it (tenantId or tenantIds) for anyone but a
 * super administrator; search and ids only ever narrow that scope.
 */
export function userOptions(db: Db, opts: UserOptionsFilter) {
  const conds: SQL[] = [sql`u.deleted_at is null`];
  if (opts.tenantId) {
    conds.push(
      sql`exists (select 1 from tenant_memberships tm where tm.user_id = u.id and tm.tenant_id = ${opts.tenantId})`,
    );
  }
  if (opts.tenantIds) {
    if (!opts.tenantIds.length) return Promise.resolve([]);
    conds.push(
      sql`exists (select 1 from tenant_memberships tm where tm.user_id = u.id and tm.tenant_id = ${anyOf(opts.tenantIds, 'uuid')})`,
    );
  }
  if (opts.role) {
    conds.push(
      sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name = ${opts.role})`,
    );
  }
  if (opts.ids) {
    if (!opts.ids.length) return Promise.resolve([]);
    conds.push(sql`u.id = ${anyOf(opts.ids, 'uuid')}`);
  }
  const term = opts.search?.trim();
  if (term) conds.push(userMatches(term));
  const where = sql.join(conds, sql` and `);
  // With a search the matches are found first and then sorted (as in the list): otherwise the planner
  // may walk users_name_idx hoping to find `limit` matches early, which a rare term never lets it.
  const source = term ? sql`(select * from users u where ${where} offset 0) u` : sql`users u where ${where}`;
  return db
    .execute(
      sql`select u.id, trim(u.name || ' ' || u.surname) as "fullName", u.email, u.image_path as "imagePath"
          from ${source}
          order by lower(u.name), lower(u.surname), u.id limit ${opts.limit ?? OPTIONS_LIMIT}`,
    )
    .then(
      (r) =>
        (r as unknown as { rows: { id: string; fullName: string; email: string; imagePath: string | null }[] }).rows,
    );
}

/** Live users of a tenant for the export, with their roles and the tenant's groups. */
export async function exportRows(db: Db, tenantId: string) {
  const result = await db.execute(sql`
    select u.name, u.surname, u.email, u.language,
      coalesce((select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id
                where ur.user_id = u.id), '{}') as roles,
      coalesce((select array_agg(g.name order by g.name) from user_group_members gm
                join user_groups g on g.id = gm.group_id and g.tenant_id = ${tenantId}
                where gm.user_id = u.id), '{}') as groups
    from users u
    where u.deleted_at is null
      and exists (select 1 from tenant_memberships tm where tm.user_id = u.id and tm.tenant_id = ${tenantId})
    order by lower(u.name), lower(u.surname), u.id`);
  return (
    result as unknown as {
      rows: { name: string; surname: string; email: string; language: string; roles: Role[]; groups: string[] }[];
    }
  ).rows;
}

/** Reference data: the role catalogue (ROLES). */
export async function seedRoles(db: Db) {
  await db
    .insert(rolesTable)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
}

// ---- import progress -----------------------------------------------------------------------------

/** One import's row: its tenant, the user who runs it and the id they chose. */
export type ImportKey = { tenantId: string; userId: string; importId: string };

const importRow = ({ tenantId, userId, importId }: ImportKey) =>
  and(
    eq(userImportProgress.tenantId, tenantId),
    eq(userImportProgress.userId, userId),
    eq(userImportProgress.importId, importId),
  );

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Starts an import's row at its first step; false when an import with the key still runs. Forgets the
 * tenant's imports finished more than `keptSeconds` ago, and those nobody wrote for `lostSeconds` (their
 * process stopped).
 */
export async function startImportProgress(
  db: Db,
  key: ImportKey,
  total: number,
  { keptSeconds, lostSeconds }: { keptSeconds: number; lostSeconds: number },
) {
  await db
    .delete(userImportProgress)
    .where(
      and(
        eq(userImportProgress.tenantId, key.tenantId),
        or(
          lt(userImportProgress.finishedAt, secondsAgo(keptSeconds)),
          lt(userImportProgress.updatedAt, secondsAgo(lostSeconds)),
        ),
      ),
    );
  const fresh = { step: 'checking', done: 0, total, updatedAt: sql`now()`, finishedAt: null };
  const started = await db
    .insert(userImportProgress)
    .values({ ...key, ...fresh })
    .onConflictDoUpdate({
      target: [userImportProgress.tenantId, userImportProgress.userId, userImportProgress.importId],
      set: fresh,
      setWhere: sql`${userImportProgress.finishedAt} is not null`,
    })
    .returning({ importId: userImportProgress.importId });
  return started.length > 0;
}

/** Writes how far an import is; `finished` when it has ended, well or not. */
export const writeImportProgress = (
  db: Db,
  key: ImportKey,
  progress: { step: string; done: number },
  finished: boolean,
) =>
  db
    .update(userImportProgress)
    .set({
      step: progress.step,
      done: progress.done,
      updatedAt: sql`now()`,
      ...(finished && { finishedAt: sql`now()` }),
    })
    .where(importRow(key));

/** How far an import is: running, or finished less than `keptSeconds` ago; else undefined. */
export const importProgress = async (db: Db, key: ImportKey, keptSeconds: number) =>
  (
    await db
      .select({ step: userImportProgress.step, done: userImportProgress.done, total: userImportProgress.total })
      .from(userImportProgress)
      .where(
        and(
          importRow(key),
          or(isNull(userImportProgress.finishedAt), gt(userImportProgress.finishedAt, secondsAgo(keptSeconds))),
        ),
      )
  )[0];

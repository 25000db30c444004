import type { Role, UserListItem } from '@atrium/contracts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.js';
import { compiledRead, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';

// The users list (GET /users) and the users as select options: one search expression, one statement each.
/**
 * A user whose name, surname, full name or email contains `term`, ignoring case. The list and the
 * select share this one expression, which users_search_trgm_idx covers on PostgreSQL.
 */
const userLike = (pattern: unknown) => sql`lower(u.name || ' ' || u.surname || ' ' || u.email) like ${pattern}`;
const userMatches = (term: string) => userLike(containsPattern(term.toLowerCase()));
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

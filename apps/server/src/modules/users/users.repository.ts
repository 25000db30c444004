import { ROLES, type Role } from '@atrium/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.js';
import type { Db } from '../../db/client.js';
import { tenantDepartments, tenantTeams } from '../tenant-settings/teams.schema.js';
import { tenants } from '../tenants/tenants.schema.js';
import { userGroupMembers, userGroups } from '../usergroups/usergroups.schema.js';
import { roles as rolesTable, tenantMemberships, userRoles, users } from './users.schema.js';

// A user's record, roles, tenants and groups, read and written (the list and select options:
// users-list.repository.ts; the import's progress and the export: users-import.repository.ts).

export type UserRow = typeof users.$inferSelect;

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
  created: { userId: string; role: Role; groupIds: string[]; person?: Partial<Person> }[],
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
  await db.insert(tenantMemberships).values(created.map((c) => ({ ...c.person, tenantId, userId: c.userId })));
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

/** Reference data: the role catalogue (ROLES). */
export async function seedRoles(db: Db) {
  await db
    .insert(rolesTable)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
}

// The person in a tenant (issue 45): job title, phone, team and department, kept on the membership.

export type Person = { title: string; phone: string; teamId: string | null; departmentId: string | null };
export const NO_PERSON: Person = { title: '', phone: '', teamId: null, departmentId: null };

export async function personIn(db: Db, userId: string, tenantId: string): Promise<Person | undefined> {
  const [row] = await db
    .select({
      title: tenantMemberships.title,
      phone: tenantMemberships.phone,
      teamId: tenantMemberships.teamId,
      departmentId: tenantMemberships.departmentId,
    })
    .from(tenantMemberships)
    .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId)));
  return row;
}

/** Sets the person's fields on their membership of the tenant; false when they are not in it. */
export async function updatePerson(db: Db, userId: string, tenantId: string, values: Partial<Person>) {
  const rows = await db
    .update(tenantMemberships)
    .set(values)
    .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId)))
    .returning({ userId: tenantMemberships.userId });
  return rows.length > 0;
}

/** The tenant's teams and departments by name, for the user form and the import. */
export async function teamsOfTenant(db: Db, tenantId: string) {
  const byName = (t: typeof tenantTeams | typeof tenantDepartments) =>
    db.select({ id: t.id, name: t.name }).from(t).where(eq(t.tenantId, tenantId)).orderBy(sql`lower(${t.name})`, t.id);
  const [teams, departments] = await Promise.all([byName(tenantTeams), byName(tenantDepartments)]);
  return { teams, departments };
}

/** Whether id is one of the tenant's teams (or departments). */
export async function isTenantTeam(db: Db, tenantId: string, kind: 'teams' | 'departments', id: string) {
  const t = kind === 'teams' ? tenantTeams : tenantDepartments;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.id, id)));
  return rows.length > 0;
}

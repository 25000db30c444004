import type { Role } from '@atrium/contracts';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { compiledRead, type Db } from '../../db/client.js';
import { tenants } from '../tenants/tenants.schema.js';
import { roles, tenantMemberships, userRoles, users } from '../users/users.schema.js';
import { loginFailures, refreshTokens, sessions } from './auth.schema.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];

export const findLiveUserByEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
  )[0];

export const findUserById = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.name as Role);
}

/** Tenants the user may make active: all of them for a super administrator, else their memberships. */
/**
 * The live tenants a user may choose as active, by name: every one for a super administrator, their
 * memberships' otherwise. Read on every page load (the shell's tenant menu): built once per shape.
 */
const selectable = compiledRead<{ superadmin: boolean }, { userId: string }>(
  'auth_selectable_tenants',
  ({ superadmin }) =>
    superadmin
      ? sql`select ${tenants.id} as "id", ${tenants.name} as "name" from ${tenants}
           where ${tenants.deletedAt} is null order by ${tenants.name}`
      : sql`select ${tenants.id} as "id", ${tenants.name} as "name"
            from ${tenantMemberships} join ${tenants} on ${tenants.id} = ${tenantMemberships.tenantId}
           where ${tenantMemberships.userId} = ${sql.placeholder('userId')} and ${tenants.deletedAt} is null
           order by ${tenants.name}`,
);

export const selectableTenants = (db: Db, userId: string, isSuperadmin: boolean) =>
  selectable.rows<{ id: string; name: string }>(db, { superadmin: isSuperadmin }, { userId });

export async function countRecentFailures(db: Db, email: string, ip: string, since: Date) {
  const [byEmail] = await db
    .select({ n: count(), oldest: sql<string>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count(), oldest: sql<string>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return { byEmail: byEmail!, byIp: byIp! };
}

export async function recordFailure(db: Db, email: string, ip: string) {
  const [row] = await db.insert(loginFailures).values({ email, ip }).returning({ id: loginFailures.id });
  // Keep the table small: nothing older than a day matters.
  await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < now() - interval '1 day'`);
  return row!.id;
}

export const deleteFailure = (db: Db, id: string) => db.delete(loginFailures).where(eq(loginFailures.id, id));

export const clearFailures = (db: Db, email: string) => db.delete(loginFailures).where(eq(loginFailures.email, email));

export async function createSession(db: Db, values: typeof sessions.$inferInsert, tokenHash: string) {
  return db.transaction(async (tx) => {
    const [session] = await tx.insert(sessions).values(values).returning();
    await tx.insert(refreshTokens).values({ tokenHash, sessionId: session!.id });
    return session!;
  });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks the token used and stores its successor; false when another request used it first. */
export async function rotateRefreshToken(db: Db, oldHash: string, newHash: string, sessionId: string, expiresAt: Date) {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, oldHash), isNull(refreshTokens.usedAt)))
      .returning({ h: refreshTokens.tokenHash });
    if (!used.length) return false;
    await tx.insert(refreshTokens).values({ tokenHash: newHash, sessionId });
    await tx.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    return true;
  });
}

export async function revokeSessions(
  db: Db,
  where: { sessionId?: string; userId?: string; exceptSessionId?: string },
  reason: string,
) {
  const cond = where.sessionId ? eq(sessions.id, where.sessionId) : eq(sessions.userId, where.userId!);
  const except = where.exceptSessionId ? ne(sessions.id, where.exceptSessionId) : undefined;
  return db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(cond, except, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
}

export const findSession = async (db: Db, id: string) =>
  (await db.select().from(sessions).where(eq(sessions.id, id)))[0];

export const setSessionTenant = (db: Db, sessionId: string, tenantId: string | null) =>
  db.update(sessions).set({ activeTenantId: tenantId }).where(eq(sessions.id, sessionId));

/**
 * Moves every live session of the user's own (not the impersonation sessions viewing as them) to a
 * tenant: the tenant is the user's choice on all their devices. Answers the sessions moved.
 */
export const setOwnSessionsTenant = (db: Db, userId: string, tenantId: string | null) =>
  db
    .update(sessions)
    .set({ activeTenantId: tenantId })
    .where(and(eq(sessions.userId, userId), isNull(sessions.impersonatorId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });

export const setUserActiveTenant = (db: Db, userId: string, tenantId: string | null) =>
  db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, userId));

export async function isMember(db: Db, userId: string, tenantId: string) {
  const [row] = await db
    .select({ id: tenantMemberships.tenantId })
    .from(tenantMemberships)
    .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
    .where(
      and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId), isNull(tenants.deletedAt)),
    );
  return !!row;
}

export async function tenantExists(db: Db, tenantId: string) {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), isNull(tenants.deletedAt)));
  return !!row;
}

/** Ends every live session working in a tenant (the tenant was deleted). */
export const revokeSessionsInTenant = (db: Db, tenantId: string, reason: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.activeTenantId, tenantId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });

/** Ends one user's live sessions working in a tenant (they were taken out of it). */
export const revokeUserSessionsInTenant = (db: Db, userId: string, tenantId: string, reason: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.userId, userId), eq(sessions.activeTenantId, tenantId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });

/** Whether the session's token of this hash exists and has not been used. */
export async function isUnusedRefreshToken(db: Db, tokenHash: string, sessionId: string) {
  const rows = await db
    .select({ h: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)),
    );
  return rows.length > 0;
}

/** A further refresh token for a session that goes on (an impersonator's own, when they come back). */
export const addRefreshToken = (db: Db, sessionId: string, tokenHash: string) =>
  db.insert(refreshTokens).values({ tokenHash, sessionId });

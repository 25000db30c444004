import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenants } from '../tenants/tenants.schema.js';
import { tenantMemberships } from '../users/users.schema.js';
import { twoFactorDevices, twoFactorRecoveryCodes, userTwoFactor } from './twofactor.schema.js';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export const findTwoFactor = async (db: Db, userId: string) =>
  (await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)))[0];

/** Starts (or restarts) a setup that is not confirmed yet; an enabled row is left alone (answers undefined). */
export async function upsertPending(db: Db, userId: string, secretEncrypted: string) {
  const [row] = await db
    .insert(userTwoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning();
  return row;
}

/**
 * Takes a code's time step if it is later than the last one used: true when this call took it, false
 * when that step (or a later one) was used before. Atomic, so two requests with one code cannot both win.
 */
export async function takeStep(db: Db, userId: string, step: number) {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function enable(tx: Db, userId: string, codeHashes: string[]) {
  const rows = await tx
    .update(userTwoFactor)
    .set({ enabledAt: new Date() })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  if (!rows.length) return false;
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/** Turns two-factor off: the secret and recovery codes go, remembered devices are revoked. */
export async function remove(db: Db, userId: string) {
  const [row] = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ enabledAt: userTwoFactor.enabledAt });
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .update(twoFactorDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(twoFactorDevices.userId, userId), isNull(twoFactorDevices.revokedAt)));
  return row;
}

/** Uses up an unused recovery code of the user with this hash; true when one was used. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

const liveDevice = () => and(isNull(twoFactorDevices.revokedAt), gt(twoFactorDevices.expiresAt, new Date()));

export async function countDevices(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorDevices)
    .where(and(eq(twoFactorDevices.userId, userId), liveDevice()));
  return row?.n ?? 0;
}

export const addDevice = (db: Db, values: typeof twoFactorDevices.$inferInsert) =>
  db.insert(twoFactorDevices).values(values);

export async function isLiveDevice(db: Db, userId: string, tokenHash: string) {
  const rows = await db
    .select({ id: twoFactorDevices.id })
    .from(twoFactorDevices)
    .where(and(eq(twoFactorDevices.userId, userId), eq(twoFactorDevices.tokenHash, tokenHash), liveDevice()));
  return rows.length > 0;
}

export const revokeDevices = (db: Db, userId: string) =>
  db
    .update(twoFactorDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(twoFactorDevices.userId, userId), isNull(twoFactorDevices.revokedAt)));

/** Whether any of these tenants (live ones) requires two-factor sign-in. */
export async function anyRequires(db: Db, tenantIds: string[]) {
  if (!tenantIds.length) return false;
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(inArray(tenants.id, tenantIds), eq(tenants.requireTwoFactor, true), isNull(tenants.deletedAt)));
  return rows.length > 0;
}

/** The user's tenants (memberships), for the requirement when no tenant is active yet. */
export async function memberTenantIds(db: Db, userId: string) {
  const rows = await db
    .select({ id: tenantMemberships.tenantId })
    .from(tenantMemberships)
    .where(eq(tenantMemberships.userId, userId));
  return rows.map((r) => r.id);
}

/** Keeps the device table small: expired or revoked records older than a day go. */
export const pruneDevices = (db: Db) =>
  db
    .delete(twoFactorDevices)
    .where(sql`coalesce(${twoFactorDevices.revokedAt}, ${twoFactorDevices.expiresAt}) < now() - interval '1 day'`);

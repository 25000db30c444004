import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { features, tenantFeatures, tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

export const findUser = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

export const findTenant = async (db: Db, id: string) => (await db.select().from(tenants).where(eq(tenants.id, id)))[0];

/** The tenant's switched-on features in catalogue order, with its own titles. */
export const tenantMenu = (db: Db, tenantId: string) =>
  db
    .select({ name: features.name, customTitle: tenantFeatures.customTitle })
    .from(tenantFeatures)
    .innerJoin(features, eq(features.id, tenantFeatures.featureId))
    .where(eq(tenantFeatures.tenantId, tenantId))
    .orderBy(asc(features.name));

export const confirmGdpr = (db: Db, userId: string) =>
  db.update(users).set({ gdprConfirmed: true }).where(eq(users.id, userId));

export type ProfileChanges = Partial<Pick<typeof users.$inferInsert, 'name' | 'surname' | 'language' | 'imagePath'>>;

/** Applies the user's own profile changes; answers the updated row, or undefined for a user that is gone. */
export const updateProfile = async (db: Db, id: string, changes: ProfileChanges) => {
  if (!Object.keys(changes).length) return findUser(db, id);
  return (await db.update(users).set(changes).where(eq(users.id, id)).returning())[0];
};

import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { tenantHomeContent } from '../tenant-settings/tenant-settings.schema.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';
import { mediaUploads } from './media.schema.js';

export type UploadRow = typeof mediaUploads.$inferSelect;
export type NewUpload = Pick<typeof mediaUploads.$inferInsert, 'key' | 'userId' | 'purpose' | 'size' | 'createdAt'>;

const CHUNK = 500;
const live = isNull(mediaUploads.removedAt);

/** Serialises one user's uploads (inside a transaction), so two at once cannot both pass the volume check. */
export const lockUploader = (db: Db, userId: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);

/** Sizes and times of what a user uploaded since `since` (removed files included), oldest first. */
export const uploadsSince = (db: Db, userId: string, since: Date) =>
  db
    .select({ size: mediaUploads.size, createdAt: mediaUploads.createdAt })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.userId, userId), gt(mediaUploads.createdAt, since)))
    .orderBy(asc(mediaUploads.createdAt));

export const insertUpload = (db: Db, row: NewUpload) => db.insert(mediaUploads).values(row);

/** Records files found in the folder that a record shows but no upload row knows (older installations). */
export const adoptFiles = (db: Db, rows: NewUpload[]) =>
  rows.length
    ? db
        .insert(mediaUploads)
        .values(rows.map((r) => ({ ...r, referenced: true })))
        .onConflictDoUpdate({ target: mediaUploads.key, set: { referenced: true, removedAt: null } })
    : Promise.resolve();

/** Who uploaded the stored file of a key; null when no one known did or it was removed. */
export async function uploaderOf(db: Db, key: string) {
  const [row] = await db
    .select({ userId: mediaUploads.userId })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.key, key), live));
  return row?.userId ?? null;
}

/** Whether any tenant (deleted ones included) shows the media path as its logo or mobile logo. */
export async function isTenantLogo(db: Db, path: string) {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(or(eq(tenants.logoMediaFile, path), eq(tenants.mobileLogoMediaFile, path)))
    .limit(1);
  return !!row;
}

export const setReferenced = async (db: Db, keys: string[], referenced: boolean) => {
  for (let i = 0; i < keys.length; i += CHUNK) {
    await db
      .update(mediaUploads)
      .set({ referenced })
      .where(and(inArray(mediaUploads.key, keys.slice(i, i + CHUNK)), ne(mediaUploads.referenced, referenced)));
  }
};

export const markRemoved = async (db: Db, keys: string[], at: Date) => {
  for (let i = 0; i < keys.length; i += CHUNK) {
    await db
      .update(mediaUploads)
      .set({ removedAt: at, referenced: false })
      .where(and(inArray(mediaUploads.key, keys.slice(i, i + CHUNK)), live));
  }
};

/** Up to `limit` files still stored and uploaded before `before`, in key order after `afterKey`. */
export const storedBefore = (db: Db, before: Date, afterKey: string, limit = CHUNK) =>
  db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(live, lt(mediaUploads.createdAt, before), gt(mediaUploads.key, afterKey)))
    .orderBy(asc(mediaUploads.key))
    .limit(limit);

/** Of the keys, those whose file an upload row says is stored. */
export async function storedKeys(db: Db, keys: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db
      .select({ key: mediaUploads.key })
      .from(mediaUploads)
      .where(and(inArray(mediaUploads.key, keys.slice(i, i + CHUNK)), live));
    for (const r of rows) found.add(r.key);
  }
  return found;
}

/** Rows of removed files uploaded before `before`: they no longer count against any hourly volume. */
export const purgeRemoved = (db: Db, before: Date) =>
  db.delete(mediaUploads).where(and(isNotNull(mediaUploads.removedAt), lt(mediaUploads.createdAt, before)));

/**
 * Of media paths (/core/api/media/...), those a record shows: a tenant's logo or mobile logo (deleted
 * tenants included), a tenant's home logo and its copies, or a user's picture. A new kind of record that shows uploads adds its column here.
 */
export async function referencedPaths(db: Db, paths: string[]) {
  const found = new Set<string>();
  for (let i = 0; i < paths.length; i += CHUNK) {
    const chunk = paths.slice(i, i + CHUNK);
    const logos = await db
      .select({ logo: tenants.logoMediaFile, mobile: tenants.mobileLogoMediaFile })
      .from(tenants)
      .where(or(inArray(tenants.logoMediaFile, chunk), inArray(tenants.mobileLogoMediaFile, chunk)));
    for (const t of logos) for (const p of [t.logo, t.mobile]) if (p) found.add(p);
    const pictures = await db.select({ path: users.imagePath }).from(users).where(inArray(users.imagePath, chunk));
    for (const u of pictures) if (u.path) found.add(u.path);
    // Home content is tenant-owned (row-level security); a file shown in any tenant counts.
    const home = await crossTenant('media: files shown by tenants’ home content', () =>
      db
        .select({
          a: tenantHomeContent.logoMediaFile,
          b: tenantHomeContent.logoMediaFile320,
          c: tenantHomeContent.logoMediaFile800,
        })
        .from(tenantHomeContent)
        .where(
          or(
            inArray(tenantHomeContent.logoMediaFile, chunk),
            inArray(tenantHomeContent.logoMediaFile320, chunk),
            inArray(tenantHomeContent.logoMediaFile800, chunk),
          ),
        ),
    );
    for (const h of home) for (const p of [h.a, h.b, h.c]) if (p) found.add(p);
  }
  return found;
}

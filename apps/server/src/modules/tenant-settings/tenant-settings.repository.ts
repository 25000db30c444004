import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { features, tenantFeatures } from '../tenants/tenants.schema.js';
import { tenantHomeContent } from './tenant-settings.schema.js';

export type ContentRow = typeof tenantHomeContent.$inferSelect;
export type ContentValues = Omit<ContentRow, 'tenantId' | 'updatedAt'>;

/** The tenant's home content row, if it has one (row-level security: run in the tenant's scope). */
export const findContent = async (db: Db, tenantId: string) =>
  (await db.select().from(tenantHomeContent).where(eq(tenantHomeContent.tenantId, tenantId)))[0];

export const saveContent = (db: Db, tenantId: string, values: ContentValues) =>
  db
    .insert(tenantHomeContent)
    .values({ tenantId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: tenantHomeContent.tenantId, set: { ...values, updatedAt: new Date() } });

/** The tenant's switched-on features among `names`, with its titles and descriptions, in name order. */
export const featureItems = (db: Db, tenantId: string, names: readonly string[]) =>
  db
    .select({
      id: features.id,
      name: features.name,
      customTitle: tenantFeatures.customTitle,
      customDescription: tenantFeatures.customDescription,
    })
    .from(tenantFeatures)
    .innerJoin(features, eq(features.id, tenantFeatures.featureId))
    .where(and(eq(tenantFeatures.tenantId, tenantId), inArray(features.name, [...names])))
    .orderBy(asc(features.name));

export const setFeatureItem = (
  db: Db,
  tenantId: string,
  featureId: string,
  values: { customTitle: string | null; customDescription: string | null },
) =>
  db
    .update(tenantFeatures)
    .set(values)
    .where(and(eq(tenantFeatures.tenantId, tenantId), eq(tenantFeatures.featureId, featureId)));

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { compiledRead, type Db } from '../../db/client.js';
import { features, tenantFeatures } from '../tenants/tenants.schema.js';
import { tenantHomeContent } from './tenant-settings.schema.js';

export type ContentRow = typeof tenantHomeContent.$inferSelect;
export type ContentValues = Omit<ContentRow, 'tenantId' | 'updatedAt'>;

const t = tenantHomeContent;
/** Every home page load reads it: built once, its tenant filled on every call. */
const contentRead = compiledRead<Record<string, never>, { tenantId: string }>(
  'home_content',
  () => sql`select ${t.tenantId} as "tenantId", ${t.headline} as "headline", ${t.logoMediaFile} as "logoMediaFile",
                   ${t.logoMediaFile320} as "logoMediaFile320", ${t.logoMediaFile800} as "logoMediaFile800",
                   ${t.pageHtml} as "pageHtml", ${t.pageHtml2} as "pageHtml2",
                   ${t.descriptionMobile} as "descriptionMobile", ${t.videoUrl} as "videoUrl",
                   ${t.updatedAt} as "updatedAt"
              from ${t} where ${t.tenantId} = ${sql.placeholder('tenantId')}`,
);

/** The tenant's home content row, if it has one (row-level security: run in the tenant's scope). */
export const findContent = async (db: Db, tenantId: string) =>
  (await contentRead.rows<ContentRow>(db, {}, { tenantId }))[0];

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

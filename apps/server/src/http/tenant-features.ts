import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { features, tenantFeatures as tenantFeaturesTable } from '../modules/tenants/tenants.schema.js';

/**
 * How long a tenant's feature names are remembered (decision 022). A change made through this process
 * shows at once (the tenants service forgets the tenant); one made through another process after at
 * most this long.
 */
export const FEATURES_TTL_MS = 5_000;

/** The switched-on features of a tenant, read on every feature-gated request and changed rarely. */
export type TenantFeatures = {
  /** Names of the tenant's switched-on features ([] without a tenant). */
  names(tenantId: string | null): Promise<string[]>;
  /** Drops what is remembered of the tenant: call it once a change to its features is committed. */
  forget(tenantId: string): void;
};

async function readNames(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ name: features.name })
    .from(tenantFeaturesTable)
    .innerJoin(features, eq(features.id, tenantFeaturesTable.featureId))
    .where(eq(tenantFeaturesTable.tenantId, tenantId));
  return rows.map((r) => r.name);
}

export function createTenantFeatures(db: Db, ttlMs = FEATURES_TTL_MS, now = Date.now): TenantFeatures {
  const remembered = new Map<string, { names: Promise<string[]>; until: number }>();
  return {
    names(tenantId) {
      if (!tenantId) return Promise.resolve([]);
      const hit = remembered.get(tenantId);
      if (hit && hit.until > now()) return hit.names;
      // Concurrent requests of one tenant share one read; a failed read is not remembered.
      const entry = { names: readNames(db, tenantId), until: now() + ttlMs };
      remembered.set(tenantId, entry);
      entry.names.catch(() => {
        if (remembered.get(tenantId) === entry) remembered.delete(tenantId);
      });
      return entry.names;
    },
    forget(tenantId) {
      remembered.delete(tenantId);
    },
  };
}

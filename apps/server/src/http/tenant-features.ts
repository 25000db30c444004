import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { features, tenantFeatures as tenantFeaturesTable } from '../modules/tenants/tenants.schema.js';

/**
 * How long a tenant's feature names are remembered (decision 022). A change made through this process
 * shows at once (the tenants service forgets the tenant); one made through another process after at
 * most this long.
 */
export const FEATURES_TTL_MS = 5_000;
/** Tenants whose features are remembered at most, the least recently used going first. */
const MAX_TENANTS = 10_000;

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

/**
 * The features of up to `max` tenants, each remembered for `ttlMs` after it was read; `now` is the
 * clock (the tests turn it).
 */
export function createTenantFeatures(
  db: Db,
  {
    ttlMs = FEATURES_TTL_MS,
    max = MAX_TENANTS,
    now = Date.now,
  }: { ttlMs?: number; max?: number; now?: () => number } = {},
): TenantFeatures {
  // The read itself is remembered, so that concurrent requests of one tenant share it. ttlResolution 0:
  // the clock is read on every look-up, not once a millisecond.
  const remembered = new LRUCache<string, Promise<string[]>>({ max, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  return {
    names(tenantId) {
      if (!tenantId) return Promise.resolve([]);
      const hit = remembered.get(tenantId);
      if (hit) return hit;
      const names = readNames(db, tenantId);
      remembered.set(tenantId, names);
      // A failed read is not remembered.
      names.catch(() => {
        if (remembered.peek(tenantId) === names) remembered.delete(tenantId);
      });
      return names;
    },
    forget(tenantId) {
      remembered.delete(tenantId);
    },
  };
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFactories } from '../../test/factories.js';
import { freshDatabase } from '../../test/harness.js';
import { tenantFeatures } from '../modules/tenants/tenants.schema.js';
import { createTenantFeatures } from './tenant-features.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('tenant features', () => {
  it('remembers a tenant’s features until it is forgotten', async () => {
    const tenant = await makeFactories(database.db).tenant({ features: ['TimeLogs', 'Documents'] });
    let clock = 1_000;
    const cache = createTenantFeatures(database.db, { ttlMs: 5_000, now: () => clock });
    expect((await cache.names(tenant.id)).sort()).toEqual(['Documents', 'TimeLogs']);

    await database.db.delete(tenantFeatures).where(eq(tenantFeatures.tenantId, tenant.id));
    clock += 4_999;
    expect((await cache.names(tenant.id)).sort()).toEqual(['Documents', 'TimeLogs']);
    cache.forget(tenant.id);
    expect(await cache.names(tenant.id)).toEqual([]);
  });

  it('reads again once the time is up', async () => {
    const factories = makeFactories(database.db);
    const tenant = await factories.tenant({ features: ['News'] });
    let clock = 1_000;
    const cache = createTenantFeatures(database.db, { ttlMs: 5_000, now: () => clock });
    expect(await cache.names(tenant.id)).toEqual(['News']);
    await database.db.delete(tenantFeatures).where(eq(tenantFeatures.tenantId, tenant.id));
    clock = 6_001;
    expect(await cache.names(tenant.id)).toEqual([]);
  });

  it('remembers at most max tenants, the least recently used going first', async () => {
    const factories = makeFactories(database.db);
    const [a, b] = [await factories.tenant({ features: ['News'] }), await factories.tenant({ features: ['News'] })];
    const cache = createTenantFeatures(database.db, { max: 1 });
    expect(await cache.names(a.id)).toEqual(['News']);
    expect(await cache.names(b.id)).toEqual(['News']);
    await database.db.delete(tenantFeatures).where(eq(tenantFeatures.tenantId, a.id));
    // a made room for b, so it is read again.
    expect(await cache.names(a.id)).toEqual([]);
  });

  it('does not remember a failed read', async () => {
    const tenant = await makeFactories(database.db).tenant({ features: ['News'] });
    let fail = true;
    const flaky = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'select' && fail) throw new Error('connection lost');
        return Reflect.get(target, key, receiver);
      },
    });
    const cache = createTenantFeatures(flaky);
    await expect(cache.names(tenant.id)).rejects.toThrow('connection lost');
    fail = false;
    expect(await cache.names(tenant.id)).toEqual(['News']);
  });

  it('has none without a tenant', async () => {
    expect(await createTenantFeatures(database.db).names(null)).toEqual([]);
  });
});

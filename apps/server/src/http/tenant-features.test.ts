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
    const cache = createTenantFeatures(database.db, 5_000, () => clock);
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
    let clock = 0;
    const cache = createTenantFeatures(database.db, 5_000, () => clock);
    expect(await cache.names(tenant.id)).toEqual(['News']);
    await database.db.delete(tenantFeatures).where(eq(tenantFeatures.tenantId, tenant.id));
    clock = 5_001;
    expect(await cache.names(tenant.id)).toEqual([]);
  });

  it('has none without a tenant', async () => {
    expect(await createTenantFeatures(database.db).names(null)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';

describe('GET /core/api/usergroups', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists only the active tenant’s groups', async () => {
    const a = await ctx.factories.tenant();
    const b = await ctx.factories.tenant();
    await ctx.factories.userGroup(a.id, 'Alpha');
    await ctx.factories.userGroup(b.id, 'Bravo');
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [a.id], activeTenant: a.id });
    const res = await ctx.app.inject({ url: '/core/api/usergroups', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((g: { name: string }) => g.name)).toEqual(['Alpha']);
  });

  it('returns 400 when no tenant is active', async () => {
    const admin = await ctx.actor(['TenantAdmin']);
    const res = await ctx.app.inject({ url: '/core/api/usergroups', headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('noActiveTenant');
  });

  it('returns 400 with the field for a malformed id', async () => {
    const a = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [a.id], activeTenant: a.id });
    const res = await ctx.app.inject({ url: '/core/api/usergroups/not-a-uuid', headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('params.id');
  });
});

describeTenantIsolation([
  {
    name: 'GET /core/api/usergroups/:id',
    method: 'GET',
    url: (id) => `/core/api/usergroups/${id}`,
    async createInTenantB(ctx, tenantBId) {
      const group = await ctx.factories.userGroup(tenantBId, 'Secret board of tenant B');
      return { id: group.id, secret: 'Secret board' };
    },
  },
  {
    name: 'GET /core/api/usergroups',
    method: 'GET',
    url: () => '/core/api/usergroups',
    list: true,
    async createInTenantB(ctx, tenantBId) {
      const group = await ctx.factories.userGroup(tenantBId, 'Hidden list entry of B');
      return { id: group.id, secret: 'Hidden list entry' };
    },
  },
]);

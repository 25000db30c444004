import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /core/api/me/generaldata', () => {
  it('answers tenants sorted by name, the active tenant’s features with custom titles, and its theme', async () => {
    const zeta = await ctx.factories.tenant({
      name: 'Zeta',
      features: ['News', 'Documents'],
      customTenantProperties: { primaryColor: '#123456' },
    });
    const alpha = await ctx.factories.tenant({ name: 'Alpha' });
    const member = await ctx.actor(['User'], { tenants: [zeta.id, alpha.id], activeTenant: zeta.id });
    const res = await ctx.app.inject({ url: '/core/api/me/generaldata', headers: member.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tenants.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Zeta']);
    expect(body.features).toEqual(['News', 'Documents']);
    expect(body.tenantMenuItemsData).toEqual([
      { name: 'News', customTitle: null },
      { name: 'Documents', customTitle: null },
    ]);
    expect(body.customTenantProperties).toEqual({ primaryColor: '#123456' });
    expect(body.activeUserData).toMatchObject({ email: member.user.email, tenantSet: true });
  });

  it('answers no features and no theme without an active tenant', async () => {
    const member = await ctx.actor(['User']);
    const body = (await ctx.app.inject({ url: '/core/api/me/generaldata', headers: member.auth })).json();
    expect(body.features).toEqual([]);
    expect(body.customTenantProperties).toBeNull();
    expect(body.activeUserData.tenantSet).toBe(false);
  });

  it('returns 401 without a token and with a forged one', async () => {
    expect((await ctx.app.inject({ url: '/core/api/me/generaldata' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      url: '/core/api/me/generaldata',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /core/api/me/info and POST /core/api/me/gdpr', () => {
  it('reports and records GDPR consent', async () => {
    const user = await ctx.factories.user({ gdprConfirmed: false, language: 'da' });
    const { token } = await ctx.signIn(user.email);
    const auth = { authorization: `Bearer ${token}` };
    const before = (await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).json();
    expect(before).toMatchObject({ gdprConfirmed: false, language: 'da', isSuperadmin: false, tenants: [] });
    const confirm = await ctx.app.inject({ method: 'POST', url: '/core/api/me/gdpr', headers: auth });
    expect(confirm.statusCode).toBe(204);
    const after = (await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).json();
    expect(after.gdprConfirmed).toBe(true);
  });
});

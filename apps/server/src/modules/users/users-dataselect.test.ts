import { USER_SELECT } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Option = { id: string; fullName: string; email: string; imagePath: string | null };
const select = (query: string, headers: Headers) =>
  ctx.app.inject({ method: 'GET', url: `/core/api/users/dataselect${query}`, headers });
const ids = async (query: string, headers: Headers) => {
  const res = await select(query, headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as Option[]).map((u) => u.id);
};
const uniq = () => Math.random().toString(36).slice(2, 8);

describe('GET /core/api/users/dataselect?search=', () => {
  it('matches name, surname, full name and email, case-insensitively, ordered by name and surname', async () => {
    const su = await ctx.actor(['Superadmin']);
    const tag = uniq();
    const bo = await ctx.factories.user({ name: 'Bo', surname: `Lund${tag}` });
    const anna = await ctx.factories.user({ name: 'Anna', surname: `Lund${tag}` });
    const mail = await ctx.factories.user({ name: 'Zed', surname: 'Other', email: `zed-${tag}@example.test` });
    await ctx.factories.user({ name: 'Gone', surname: `Lund${tag}`, deletedAt: new Date() });

    expect(await ids(`?search=LUND${tag}`, su.auth)).toEqual([anna.id, bo.id]);
    expect(await ids(`?search=${encodeURIComponent(`anna lund${tag}`)}`, su.auth)).toEqual([anna.id]);
    expect(await ids(`?search=zed-${tag}@EXAMPLE`, su.auth)).toEqual([mail.id]);
    const [first] = (await select(`?search=anna%20lund${tag}`, su.auth)).json() as Option[];
    expect(first).toEqual({ id: anna.id, fullName: `Anna Lund${tag}`, email: anna.email, imagePath: null });
  });

  it('takes % and _ literally', async () => {
    const su = await ctx.actor(['Superadmin']);
    const tag = uniq();
    const percent = await ctx.factories.user({ name: `Per%${tag}` });
    await ctx.factories.user({ name: `Perx${tag}` });
    expect(await ids(`?search=${encodeURIComponent(`per%${tag}`)}`, su.auth)).toEqual([percent.id]);
    expect(await ids(`?search=${encodeURIComponent(`per_${tag}`)}`, su.auth)).toEqual([]);
  });

  it('answers the first `take` matches, 50 when not given', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const tag = uniq();
    for (let i = 0; i < 55; i++) {
      await ctx.factories.user({ name: `Many${tag}`, surname: String(i).padStart(2, '0'), tenantIds: [tenant.id] });
    }
    const three = await ids(`?search=many${tag}&take=3`, admin.auth);
    expect(three).toHaveLength(3);
    const page = (await select(`?search=many${tag}`, admin.auth)).json() as Option[];
    expect(page).toHaveLength(USER_SELECT.takeDefault);
    expect(page.slice(0, 3).map((u) => u.id)).toEqual(three);
    expect(page[0]?.fullName).toBe(`Many${tag} 00`);
    // Without a search: still a page, never everyone.
    expect(await ids('?take=5', admin.auth)).toHaveLength(5);
    expect(await ids('', admin.auth)).toHaveLength(USER_SELECT.takeDefault);
  });
});

describe('GET /core/api/users/dataselect?ids=', () => {
  it('answers exactly the users named (comma-separated or repeated), whatever the search and take', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const zoe = await ctx.factories.user({ name: 'Zoe', tenantIds: [tenant.id] });
    const adam = await ctx.factories.user({ name: 'Adam', tenantIds: [tenant.id] });
    await ctx.factories.user({ name: 'Bystander', tenantIds: [tenant.id] });
    const gone = await ctx.factories.user({ name: 'Gone', tenantIds: [tenant.id], deletedAt: new Date() });

    expect(await ids(`?ids=${zoe.id},${adam.id}`, admin.auth)).toEqual([adam.id, zoe.id]);
    expect(await ids(`?ids=${zoe.id}&ids=${adam.id}&take=1&search=nobody`, admin.auth)).toEqual([adam.id, zoe.id]);
    // A deleted user, or an id no one has, is simply not answered.
    expect(await ids(`?ids=${gone.id},${crypto.randomUUID()}`, admin.auth)).toEqual([]);
  });

  it('never answers a tenant administrator about users outside their active tenant', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const mate = await ctx.factories.user({ name: 'Mate', tenantIds: [tenant.id] });
    const outsider = await ctx.factories.user({ name: 'Outsider', tenantIds: [other.id] });
    const nowhere = await ctx.factories.user({ name: 'Nowhere' });
    expect(await ids(`?ids=${mate.id},${outsider.id},${nowhere.id}`, admin.auth)).toEqual([mate.id]);
    expect(await ids(`?ids=${outsider.id}`, admin.auth)).toEqual([]);
    expect(await ids(`?search=outsider`, admin.auth)).toEqual([]);
    expect((await select(`?tenantId=${other.id}&ids=${outsider.id}`, admin.auth)).statusCode).toBe(404);
  });

  it('never answers a partner manager about users outside their partner tenant family', async () => {
    const partner = await ctx.factories.tenant({ isPartnerTenant: true });
    const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const stranger = await ctx.factories.tenant();
    const manager = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    const tag = uniq();
    const kid = await ctx.factories.user({ name: `Kid${tag}`, tenantIds: [child.id] });
    const outsider = await ctx.factories.user({ name: `Outsider${tag}`, tenantIds: [stranger.id] });
    const nowhere = await ctx.factories.user({ name: `Nowhere${tag}` });

    expect(await ids(`?ids=${kid.id},${outsider.id},${nowhere.id}`, manager.auth)).toEqual([kid.id]);
    expect(await ids(`?ids=${kid.id}&tenantId=${child.id}`, manager.auth)).toEqual([kid.id]);
    expect(await ids(`?ids=${kid.id}&tenantId=${partner.id}`, manager.auth)).toEqual([]);
    expect(await ids(`?search=${tag}`, manager.auth)).toEqual([kid.id]);
    expect((await select(`?ids=${outsider.id}&tenantId=${stranger.id}`, manager.auth)).statusCode).toBe(404);
  });

  it('answers a super administrator about anyone', async () => {
    const su = await ctx.actor(['Superadmin']);
    const nowhere = await ctx.factories.user({ name: 'Nowhere' });
    expect(await ids(`?ids=${nowhere.id}`, su.auth)).toEqual([nowhere.id]);
  });
});

describe('GET /core/api/users/dataselect with bad input', () => {
  it.each([
    ['a bad uuid in ids', '?ids=00000000-0000-4000-8000-000000000000,nope', 'querystring.ids.1', 'invalidId'],
    [
      'too many ids',
      `?ids=${Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')}`,
      'querystring.ids',
      'tooMany',
    ],
    ['take 0', '?take=0', 'querystring.take', 'tooSmall'],
    ['take above 100', '?take=101', 'querystring.take', 'tooLarge'],
    ['take that is no number', '?take=many', 'querystring.take', 'invalidNumber'],
    ['take that is no whole number', '?take=2.5', 'querystring.take', 'invalidNumber'],
    ['a search that is too long', `?search=${'x'.repeat(201)}`, 'querystring.search', 'tooLong'],
    ['a bad tenantId', '?tenantId=nope', 'querystring.tenantId', 'invalidId'],
  ])('answers 400 naming the field for %s', async (_what, query, field, message) => {
    const su = await ctx.actor(['Superadmin']);
    const res = await select(query, su.auth);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it('answers 401 without a session', async () => {
    expect((await select('?search=a', {})).statusCode).toBe(401);
  });
});

describe('GET /core/api/users/dataselect in the OpenAPI document', () => {
  it('lists search, take and ids', async () => {
    const doc = (await ctx.app.inject({ url: '/core/api/openapi.json' })).json();
    const op = doc.paths['/users/dataselect'].get;
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['ids', 'search', 'take', 'tenantId']);
    expect(op.summary).toContain('search');
  });
});

async function tenantWithAdmin() {
  const tenant = await ctx.factories.tenant();
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  return { tenant, admin };
}

// A TenantAdmin or User of tenant A finds no user of tenant B, by search or by id.
const userOfB = async (c: TestContext, tenantBId: string) => {
  const u = await c.factories.user({ name: 'Secretname', surname: 'Ofb', tenantIds: [tenantBId] });
  return { id: u.id, secret: 'Secretname' };
};
describeTenantIsolation([
  {
    name: 'GET /core/api/users/dataselect?search=',
    method: 'GET',
    url: () => '/core/api/users/dataselect?search=secretname',
    list: true,
    createInTenantB: userOfB,
  },
  {
    name: 'GET /core/api/users/dataselect?ids=',
    method: 'GET',
    url: (id) => `/core/api/users/dataselect?ids=${id}`,
    list: true,
    createInTenantB: userOfB,
  },
  {
    name: 'GET /core/api/users/dataselect?tenantId=B&ids=',
    method: 'GET',
    url: (pair) => `/core/api/users/dataselect?tenantId=${pair.split('|')[0]}&ids=${pair.split('|')[1]}`,
    async createInTenantB(c, tenantBId) {
      const { id, secret } = await userOfB(c, tenantBId);
      return { id: `${tenantBId}|${id}`, secret };
    },
  },
]);

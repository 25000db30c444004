import type { FeatureName } from '@atrium/contracts';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type Headers, sessionIdOf, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { JPEG, multipart, PNG } from '../../../test/multipart.js';
import { sessions } from '../auth/auth.schema.js';
import { tenantMemberships, users } from '../users/users.schema.js';
import { features, tenants } from './tenants.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/core/api${url}`, headers, ...(payload && { payload }) });

async function featureIds(names: FeatureName[]) {
  const rows = await ctx.db.select().from(features).where(inArray(features.name, names));
  return names.map((n) => rows.find((r) => r.name === n)!.id);
}

async function superadmin() {
  return ctx.actor(['Superadmin']);
}

/** A partner tenant with limits, and a partner manager working in it. */
async function partnerSetup(limits: { maxUsersCanCreate?: number | null; maxTenantsCanCreate?: number | null } = {}) {
  const partner = await ctx.factories.tenant({
    name: `Partner ${Math.random().toString(36).slice(2, 7)}`,
    isPartnerTenant: true,
    maxUsersCanCreate: limits.maxUsersCanCreate ?? null,
    maxTenantsCanCreate: limits.maxTenantsCanCreate ?? null,
  });
  const manager = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
  return { partner, manager };
}

/** A tenant body; live tenant names are unique, so the default name differs each time. */
const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Acme ${Math.random().toString(36).slice(2, 8)}`,
  userIds: [] as string[],
  ...overrides,
});

describe('POST /core/api/tenants', () => {
  it('creates a tenant with every field, trims the name and answers it with features and users', async () => {
    const su = await superadmin();
    const member = await ctx.factories.user();
    const [news, calendar] = await featureIds(['News', 'Calendar']);
    const res = await api(
      'POST',
      '/tenants',
      su.auth,
      body({
        name: '  Acme Works  ',
        cvr: '12345678',
        mainMail: 'office@acme.test',
        preferedUrl: 'https://acme.test',
        showCalendarAsList: true,
        userIds: [member.id],
        featureIds: [news, calendar],
        mobileFeatureIds: [calendar],
        isPartnerTenant: true,
        maxUsersCanCreate: '25',
        maxTenantsCanCreate: 3,
        customTenantProperties: {
          primaryColor: '#abc',
          secondaryColor: '#A1B2C3',
          backgroundColor: '',
          fontFamily: 'Arial',
          speechToText: true,
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({
      name: 'Acme Works',
      cvr: '12345678',
      preferedUrl: 'https://acme.test',
      showCalendarAsList: true,
      useKmAsValues: true,
      allowUnauthorizedAccess: false,
      isPartnerTenant: true,
      maxUsersCanCreate: 25,
      maxTenantsCanCreate: 3,
      partnerTenantId: null,
      userIds: [member.id],
      countOfUsers: 1,
      customTenantProperties: {
        primaryColor: '#abc',
        secondaryColor: '#A1B2C3',
        backgroundColor: null,
        fontFamily: 'Arial',
      },
    });
    expect(t.featureIds.sort()).toEqual([news, calendar].sort());
    expect(t.mobileFeatureIds).toEqual([calendar]);
    expect(t.features.map((f: { name: string }) => f.name).sort()).toEqual(['Calendar', 'News']);
  });

  it('returns 400 with the spec’s message keys and body paths for every bad field, writing nothing', async () => {
    const su = await superadmin();
    const [news] = await featureIds(['News']);
    const before = (await ctx.db.select().from(tenants)).length;
    const res = await api(
      'POST',
      '/tenants',
      su.auth,
      body({
        name: '   ',
        userIds: [],
        preferedUrl: 'www.acme.test',
        isPartnerTenant: true,
        maxUsersCanCreate: '12a',
        maxTenantsCanCreate: -1,
        mainMail: 'nope',
        featureIds: [news],
        customTenantProperties: { primaryColor: '#12', appThemeColor: 'red', fontFamily: 'Papyrus' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const errors = Object.fromEntries(
      res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(errors).toMatchObject({
      name: 'required',
      userIds: 'selectAtLeastOneUser',
      preferedUrl: 'putHttps',
      maxUsersCanCreate: 'digitsOnly',
      maxTenantsCanCreate: 'minimum0',
      mainMail: 'invalidEmail',
      'customTenantProperties.primaryColor': 'invalidHexColour',
      'customTenantProperties.appThemeColor': 'invalidHexColour',
      'customTenantProperties.fontFamily': 'unknownFont',
    });
    expect((await ctx.db.select().from(tenants)).length).toBe(before);
  });

  it('accepts http:// as well as https:// and refuses other schemes with putHttps', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const ok = await api('POST', '/tenants', su.auth, body({ userIds: [u.id], preferedUrl: 'http://acme.test/x' }));
    expect(ok.statusCode).toBe(201);
    for (const bad of ['javascript:alert(1)', 'ftp://acme.test', '//acme.test']) {
      const res = await api('POST', '/tenants', su.auth, body({ userIds: [u.id], preferedUrl: bad }));
      expect(res.json().errors).toEqual([{ field: 'preferedUrl', message: 'putHttps' }]);
    }
  });

  it('accepts a preferedUrl that starts with the host Atrium is served from (PUBLIC_URL, here localhost:3000)', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    for (const good of ['localhost:3000', 'localhost:3000/portal', 'LOCALHOST:3000?x=1']) {
      const res = await api('POST', '/tenants', su.auth, body({ userIds: [u.id], preferedUrl: good }));
      expect(res.statusCode, good).toBe(201);
      expect(res.json().preferedUrl).toBe(good);
    }
    for (const bad of ['localhost:3000.evil.test', 'localhost:30001/x', 'localhost', 'localhost:3000/a b']) {
      const res = await api('POST', '/tenants', su.auth, body({ userIds: [u.id], preferedUrl: bad }));
      expect(res.json().errors, bad).toEqual([{ field: 'preferedUrl', message: 'putHttps' }]);
    }
  });

  it('stores the default font as none, empty colours as null, and clears the limits of a non-partner', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const res = await api(
      'POST',
      '/tenants',
      su.auth,
      body({
        userIds: [u.id],
        isPartnerTenant: false,
        maxUsersCanCreate: 10,
        maxTenantsCanCreate: 2,
        customTenantProperties: { fontFamily: 'default', primaryColor: '', menuBackgroundColor: null },
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, res.json().id));
    expect(row!.maxUsersCanCreate).toBeNull();
    expect(row!.maxTenantsCanCreate).toBeNull();
    expect(row!.customTenantProperties).toMatchObject({
      fontFamily: null,
      primaryColor: null,
      menuBackgroundColor: null,
    });
  });

  it('refuses mobile menu features the tenant does not have, unknown features and unknown or deleted users', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const gone = await ctx.factories.user({ deletedAt: new Date() });
    const [news, calendar] = await featureIds(['News', 'Calendar']);
    const mobile = await api(
      'POST',
      '/tenants',
      su.auth,
      body({ userIds: [u.id], featureIds: [news], mobileFeatureIds: [calendar] }),
    );
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().errors).toEqual([{ field: 'mobileFeatureIds.0', message: 'mobileFeatureNotChosen' }]);
    const unknown = await api(
      'POST',
      '/tenants',
      su.auth,
      body({ userIds: [u.id, gone.id, crypto.randomUUID()], featureIds: [crypto.randomUUID()] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'featureIds.0', message: 'unknownFeature' },
      { field: 'userIds.1', message: 'unknownUser' },
      { field: 'userIds.2', message: 'unknownUser' },
    ]);
  });

  it('lets a partner manager create tenants run by their partner tenant, but not partner settings', async () => {
    const { partner, manager } = await partnerSetup();
    const res = await api('POST', '/tenants', manager.auth, body({ name: 'Child', userIds: [manager.user.id] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().partnerTenantId).toBe(partner.id);

    const partnerFlag = await api(
      'POST',
      '/tenants',
      manager.auth,
      body({ userIds: [manager.user.id], isPartnerTenant: true, maxUsersCanCreate: 5 }),
    );
    expect(partnerFlag.statusCode).toBe(403);
    expect(partnerFlag.json().errors).toEqual([
      { field: 'isPartnerTenant', message: 'onlySuperadmin' },
      { field: 'maxUsersCanCreate', message: 'onlySuperadmin' },
    ]);
  });

  it('refuses a partner manager a user from outside their partner tenant', async () => {
    const { manager } = await partnerSetup();
    const stranger = await ctx.factories.user({ tenantIds: [(await ctx.factories.tenant()).id] });
    const res = await api('POST', '/tenants', manager.auth, body({ userIds: [stranger.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'userIds.0', message: 'unknownUser' }]);
  });

  it('answers 409 with a clear message beyond maxTenantsCanCreate; a super administrator is not limited', async () => {
    const { partner, manager } = await partnerSetup({ maxTenantsCanCreate: 2 });
    for (const name of ['One', 'Two']) {
      expect((await api('POST', '/tenants', manager.auth, body({ name, userIds: [manager.user.id] }))).statusCode).toBe(
        201,
      );
    }
    const third = await api('POST', '/tenants', manager.auth, body({ name: 'Three', userIds: [manager.user.id] }));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'quotaExceeded' });
    expect(third.json().detail).toBe(
      `The partner tenant "${partner.name}" may create at most 2 tenants and already has 2`,
    );
    // Cloning counts too.
    const child = (await api('GET', '/tenants', manager.auth)).json().data[0];
    expect((await api('POST', `/tenants/${child.id}/clone`, manager.auth, { title: 'Copy' })).statusCode).toBe(409);
    // Deleting one frees a place.
    expect((await api('DELETE', `/tenants/${child.id}`, manager.auth)).statusCode).toBe(204);
    expect(
      (await api('POST', '/tenants', manager.auth, body({ name: 'Three', userIds: [manager.user.id] }))).statusCode,
    ).toBe(201);
  });

  it('lets a partner manager arrange their own people even when the partner tenant is over maxUsersCanCreate', async () => {
    // maxUsersCanCreate limits growth (see the users tests); regrouping people already counted is no growth.
    const { partner, manager } = await partnerSetup({ maxUsersCanCreate: 1 });
    const colleague = await ctx.factories.user({ tenantIds: [partner.id] });
    const child = await api('POST', '/tenants', manager.auth, body({ userIds: [manager.user.id, colleague.id] }));
    expect(child.statusCode).toBe(201);
  });
});

describe('POST /core/api/tenants with an id named twice', () => {
  it('treats a feature or user named twice as named once', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const [news, chat] = await featureIds(['News', 'Chat']);
    const res = await api(
      'POST',
      '/tenants',
      su.auth,
      body({ userIds: [u.id, u.id], featureIds: [news, news, chat], mobileFeatureIds: [chat, chat] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userIds: [u.id], mobileFeatureIds: [chat], countOfUsers: 1 });
    expect(res.json().featureIds.sort()).toEqual([news, chat].sort());
    const again = await api('PUT', `/tenants/${res.json().id}`, su.auth, {
      ...res.json(),
      featureIds: [chat, chat],
      mobileFeatureIds: [],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().featureIds).toEqual([chat]);
  });
});

describe('GET /core/api/tenants', () => {
  it('pages, searches on name and sorts, for a super administrator over all tenants', async () => {
    const su = await superadmin();
    const tag = Math.random().toString(36).slice(2, 8);
    const member = await ctx.factories.user();
    for (const n of ['Charlie', 'alpha', 'Bravo']) {
      const t = await ctx.factories.tenant({ name: `${n} ${tag}` });
      await ctx.factories.user({ tenantIds: [t.id] });
      if (n === 'Bravo') await ctx.factories.user({ tenantIds: [t.id], deletedAt: new Date() });
      if (n === 'Bravo') await ctx.factories.user({ tenantIds: [t.id] });
    }
    void member;
    const res = await api('GET', `/tenants?search=${tag.toUpperCase()}&take=2`, su.auth);
    expect(res.statusCode).toBe(200);
    const page1 = res.json();
    expect(page1).toMatchObject({ total: 3, page: 1, take: 2 });
    expect(page1.data.map((t: { name: string }) => t.name)).toEqual([`alpha ${tag}`, `Bravo ${tag}`]);
    expect(page1.data[1].countOfUsers).toBe(2);
    const page2 = (await api('GET', `/tenants?search=${tag}&take=2&page=2`, su.auth)).json();
    expect(page2.data.map((t: { name: string }) => t.name)).toEqual([`Charlie ${tag}`]);
    const past = (await api('GET', `/tenants?search=${tag}&take=2&page=5`, su.auth)).json();
    expect(past).toMatchObject({ data: [], total: 3 });
    const desc = (await api('GET', `/tenants?search=${tag}&sort=name&direction=desc`, su.auth)).json();
    expect(desc.data[0].name).toBe(`Charlie ${tag}`);
    const byCreated = (await api('GET', `/tenants?search=${tag}&sort=createdAt&direction=desc`, su.auth)).json();
    expect(byCreated.data[0].name).toBe(`Bravo ${tag}`);
  });

  it('totals the unsearched list exactly through creations, deletions, restores and partner moves', async () => {
    const su = await superadmin();
    const partner = await ctx.factories.tenant({ isPartnerTenant: true });
    const other = await ctx.factories.tenant({ isPartnerTenant: true });
    const pm = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    /** The totals the API answers, beside a plain count of the same tenants. */
    const totals = async () => {
      const live = await ctx.db
        .select({ id: tenants.id, partner: tenants.partnerTenantId })
        .from(tenants)
        .where(isNull(tenants.deletedAt));
      return {
        all: (await api('GET', '/tenants?take=1', su.auth)).json().total,
        partner: (await api('GET', '/tenants?take=1', pm.auth)).json().total,
        expected: { all: live.length, partner: live.filter((t) => t.partner === partner.id).length },
      };
    };
    const check = async () => {
      const t = await totals();
      expect({ all: t.all, partner: t.partner }).toEqual(t.expected);
      return t;
    };
    const before = await check();
    const a = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const b = await ctx.factories.tenant({ partnerTenantId: partner.id });
    expect((await check()).partner).toBe(before.partner + 2);
    await ctx.db.update(tenants).set({ deletedAt: new Date() }).where(eq(tenants.id, a.id));
    expect((await check()).all).toBe(before.all + 1);
    await ctx.db.update(tenants).set({ deletedAt: null }).where(eq(tenants.id, a.id));
    await ctx.db.update(tenants).set({ partnerTenantId: other.id }).where(eq(tenants.id, b.id));
    await ctx.db.update(tenants).set({ name: 'Renamed, still counted once' }).where(eq(tenants.id, b.id));
    expect((await check()).partner).toBe(before.partner + 1);
    await ctx.db.delete(tenants).where(inArray(tenants.id, [a.id, b.id]));
    expect(await check()).toMatchObject({ all: before.all, partner: before.partner });
    // Past the last page the total is read on its own, from the same counts.
    expect((await api('GET', '/tenants?take=1&page=100000', su.auth)).json().total).toBe(before.all);
  });

  it('counts each tenant’s live members exactly through memberships, soft deletes, restores and deletions', async () => {
    const su = await superadmin();
    const tag = Math.random().toString(36).slice(2, 8);
    const one = await ctx.factories.tenant({ name: `Members one ${tag}` });
    const two = await ctx.factories.tenant({ name: `Members two ${tag}` });
    /** countOfUsers as the list and the form answer it, each beside a plain count of live members. */
    const counts = async () => {
      const plain = await ctx.db
        .select({ id: tenantMemberships.tenantId, n: count() })
        .from(tenantMemberships)
        .innerJoin(users, and(eq(users.id, tenantMemberships.userId), isNull(users.deletedAt)))
        .where(inArray(tenantMemberships.tenantId, [one.id, two.id]))
        .groupBy(tenantMemberships.tenantId);
      const expected = [one.id, two.id].map((id) => plain.find((p) => p.id === id)?.n ?? 0);
      const listed = (await api('GET', `/tenants?search=${tag}`, su.auth)).json().data;
      expect(listed.map((r: { countOfUsers: number }) => r.countOfUsers)).toEqual(expected);
      const form = (await api('GET', `/tenants/${two.id}`, su.auth)).json();
      expect(form.countOfUsers).toBe(expected[1]);
      return expected;
    };
    const a = await ctx.factories.user({ tenantIds: [one.id, two.id] });
    const b = await ctx.factories.user({ tenantIds: [one.id] });
    const gone = await ctx.factories.user({ tenantIds: [one.id], deletedAt: new Date() });
    expect(await counts()).toEqual([2, 1]);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, a.id));
    expect(await counts()).toEqual([1, 0]);
    // Deleting again, or changing something else, moves nothing.
    await ctx.db.update(users).set({ deletedAt: new Date(), name: 'Still gone' }).where(eq(users.id, a.id));
    expect(await counts()).toEqual([1, 0]);
    await ctx.db
      .update(users)
      .set({ deletedAt: null })
      .where(inArray(users.id, [a.id, gone.id]));
    expect(await counts()).toEqual([3, 1]);
    await ctx.db
      .delete(tenantMemberships)
      .where(and(eq(tenantMemberships.tenantId, one.id), eq(tenantMemberships.userId, b.id)));
    expect(await counts()).toEqual([2, 1]);
    // Through the form: members set in one statement each way.
    const current = (await api('GET', `/tenants/${two.id}`, su.auth)).json();
    const saved = await api('PUT', `/tenants/${two.id}`, su.auth, { ...current, userIds: [b.id, gone.id] });
    expect(saved.statusCode).toBe(200);
    expect(await counts()).toEqual([2, 2]);
    // Users deleted outright: a live one leaves the count, a soft-deleted one had already left it.
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect(await counts()).toEqual([1, 1]);
    await ctx.db.delete(users).where(inArray(users.id, [a.id, gone.id]));
    expect(await counts()).toEqual([0, 1]);
  });

  it('searches the created date as the list shows it (dd-MM-yyyy)', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant({ name: 'Dated tenant', createdAt: new Date('2021-03-04T10:20:00Z') });
    const res = await api('GET', '/tenants?search=04-03-2021', su.auth);
    expect(res.json().data.map((x: { id: string }) => x.id)).toContain(t.id);
  });

  it('searches the created time on a 24-hour clock in the caller’s zone, as the list shows it', async () => {
    const su = await superadmin();
    // 22:20 UTC: 23:20 in Copenhagen in winter, 00:20 the next day in summer (daylight saving).
    const winter = await ctx.factories.tenant({
      name: 'Late winter tenant',
      createdAt: new Date('2021-03-04T22:20:00Z'),
    });
    const summer = await ctx.factories.tenant({
      name: 'Late summer tenant',
      createdAt: new Date('2021-07-04T22:20:00Z'),
    });
    const found = async (term: string, tz?: string) => {
      const zone = tz ? `&tz=${encodeURIComponent(tz)}` : '';
      const res = await api('GET', `/tenants?search=${encodeURIComponent(term)}${zone}`, su.auth);
      return res.json().data.map((x: { id: string }) => x.id);
    };
    expect(await found('04-03-2021 23:20', 'Europe/Copenhagen')).toContain(winter.id);
    expect(await found('05-07-2021 00:20', 'Europe/Copenhagen')).toContain(summer.id);
    expect(await found('04-03-2021 22:20', 'Europe/Copenhagen')).not.toContain(winter.id);
    // Without a zone the dates read as UTC.
    expect(await found('04-03-2021 22:20')).toContain(winter.id);
  });

  it('answers 400 for a time zone that is not a zone name', async () => {
    const su = await superadmin();
    for (const tz of ['Mars/Olympus', '+01:00', "UTC'; select 1; --", 'x'.repeat(65)]) {
      const res = await api('GET', `/tenants?search=2021&tz=${encodeURIComponent(tz)}`, su.auth);
      expect(res.statusCode, tz).toBe(400);
    }
  });

  it('treats % and _ in the search literally', async () => {
    const su = await superadmin();
    await ctx.factories.tenant({ name: 'Percent 100% tenant' });
    const res = await api('GET', `/tenants?search=${encodeURIComponent('100%')}`, su.auth);
    expect(res.json().data.map((x: { name: string }) => x.name)).toEqual(['Percent 100% tenant']);
    const none = await api('GET', `/tenants?search=${encodeURIComponent('_ercent')}`, su.auth);
    expect(none.json().total).toBe(0);
  });

  it('shows a partner manager only the tenants of their partner tenant', async () => {
    const { partner, manager } = await partnerSetup();
    const mine = await ctx.factories.tenant({ name: 'Run by partner', partnerTenantId: partner.id });
    await ctx.factories.tenant({ name: 'Someone else' });
    const res = await api('GET', '/tenants', manager.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    expect((await api('GET', '/tenants/datalist', manager.auth)).json()).toEqual([
      { value: mine.id, label: 'Run by partner' },
    ]);
    expect((await api('GET', '/tenants/all', manager.auth)).json().map((t: { id: string }) => t.id)).toEqual([mine.id]);
  });

  it('refuses a partner manager whose active tenant is not a partner tenant, and other roles', async () => {
    const plain = await ctx.factories.tenant();
    const manager = await ctx.actor(['PartnerManager'], { tenants: [plain.id], activeTenant: plain.id });
    expect((await api('GET', '/tenants', manager.auth)).statusCode).toBe(403);
    const none = await ctx.actor(['PartnerManager']);
    expect((await api('GET', '/tenants', none.auth)).json().code).toBe('noActiveTenant');
    for (const role of ['TenantAdmin', 'User'] as const) {
      const a = await ctx.actor([role], { tenants: [plain.id], activeTenant: plain.id });
      expect((await api('GET', '/tenants', a.auth)).statusCode).toBe(403);
    }
  });

  it('returns 400 for a bad sort, direction or take', async () => {
    const su = await superadmin();
    for (const q of ['sort=password', 'direction=up', 'take=0', 'take=1000', 'page=0']) {
      expect((await api('GET', `/tenants?${q}`, su.auth)).statusCode).toBe(400);
    }
  });
});

describe('GET, PUT and DELETE /core/api/tenants/:id', () => {
  it('returns 404 for a partner manager asking for a tenant outside their partner tenant', async () => {
    const { manager } = await partnerSetup();
    const other = await ctx.factories.tenant();
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await api(method, `/tenants/${other.id}`, manager.auth)).statusCode).toBe(404);
    }
    const put = await api('PUT', `/tenants/${other.id}`, manager.auth, body({ userIds: [manager.user.id] }));
    expect(put.statusCode).toBe(404);
  });

  it('leaves deleted members out of the form and keeps their membership for a restore', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant();
    const live = await ctx.factories.user({ tenantIds: [t.id] });
    const gone = await ctx.factories.user({ tenantIds: [t.id], deletedAt: new Date() });
    const loaded = await api('GET', `/tenants/${t.id}`, su.auth);
    expect(loaded.json().userIds).toEqual([live.id]);
    // The form saves back what it loaded.
    const saved = await api('PUT', `/tenants/${t.id}`, su.auth, body({ name: t.name, userIds: loaded.json().userIds }));
    expect(saved.statusCode).toBe(200);
    const restored = await api('POST', `/users/${gone.id}/restore`, su.auth);
    expect(restored.statusCode).toBe(200);
    expect((await api('GET', `/tenants/${t.id}`, su.auth)).json().userIds.sort()).toEqual([live.id, gone.id].sort());
  });

  it('switching a feature off refuses its routes at once, though the features are remembered', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant({ features: ['TimeLogs'] });
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [t.id], activeTenant: t.id });
    // Twice: the second answer comes from the remembered features.
    expect((await api('GET', '/timelogs/getprojects', admin.auth)).statusCode).toBe(200);
    expect((await api('GET', '/timelogs/getprojects', admin.auth)).statusCode).toBe(200);
    const current = (await api('GET', `/tenants/${t.id}`, su.auth)).json();
    const saved = await api('PUT', `/tenants/${t.id}`, su.auth, { ...current, featureIds: [], mobileFeatureIds: [] });
    expect(saved.statusCode).toBe(200);
    expect((await api('GET', '/timelogs/getprojects', admin.auth)).statusCode).toBe(403);
  });

  it('updates a tenant and ends the sessions of users taken out of it', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant({ name: 'Before' });
    const stays = await ctx.factories.user({ tenantIds: [t.id] });
    const leaves = await ctx.factories.user({ tenantIds: [t.id] });
    const leaving = await ctx.signIn(leaves.email);
    const staying = await ctx.signIn(stays.email);
    const current = (await api('GET', `/tenants/${t.id}`, su.auth)).json();
    const res = await api('PUT', `/tenants/${t.id}`, su.auth, { ...current, name: 'After', userIds: [stays.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'After', userIds: [stays.id], countOfUsers: 1 });
    const me = (token: string) => ctx.app.inject({ url: '/core/api/me/info', headers: bearer(token) });
    expect((await me(leaving.token)).statusCode).toBe(401);
    expect((await me(staying.token)).statusCode).toBe(200);
    const [s] = await ctx.db.select().from(sessions).where(eq(sessions.userId, leaves.id));
    expect(s!.revokeReason).toBe('removedFromTenant');
  });

  it('ends only the removed user’s sessions working in that tenant, not those in their other tenants', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant();
    const elsewhere = await ctx.factories.tenant();
    const stays = await ctx.factories.user({ tenantIds: [t.id] });
    const leaves = await ctx.factories.user({ tenantIds: [t.id, elsewhere.id] });
    const inT = await ctx.activateTenant((await ctx.signIn(leaves.email)).token, t.id);
    const inElsewhere = await ctx.activateTenant((await ctx.signIn(leaves.email)).token, elsewhere.id);
    // That switch moved every session of the user (decision 017); put the first one back in t, as a
    // session the switch did not reach (an older one) would be.
    await ctx.db
      .update(sessions)
      .set({ activeTenantId: t.id })
      .where(eq(sessions.id, sessionIdOf(inT)));
    const current = (await api('GET', `/tenants/${t.id}`, su.auth)).json();
    expect((await api('PUT', `/tenants/${t.id}`, su.auth, { ...current, userIds: [stays.id] })).statusCode).toBe(200);
    const me = (token: string) => ctx.app.inject({ url: '/core/api/me/info', headers: bearer(token) });
    expect((await me(inT)).statusCode).toBe(401);
    expect((await me(inElsewhere)).statusCode).toBe(200);
    const reasons = (await ctx.db.select().from(sessions).where(eq(sessions.userId, leaves.id))).map(
      (r) => r.revokeReason,
    );
    expect(reasons.sort()).toEqual(['removedFromTenant', null].sort());
  });

  it('keeps the tenant’s own menu titles of features it keeps', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const [news, calendar, chat] = await featureIds(['News', 'Calendar', 'Chat']);
    const created = (
      await api('POST', '/tenants', su.auth, body({ userIds: [u.id], featureIds: [news, calendar] }))
    ).json();
    const { tenantFeatures } = await import('./tenants.schema.js');
    await ctx.db.update(tenantFeatures).set({ customTitle: 'Headlines' }).where(eq(tenantFeatures.featureId, news!));
    const updated = await api('PUT', `/tenants/${created.id}`, su.auth, {
      ...created,
      featureIds: [news, chat],
      mobileFeatureIds: [chat],
    });
    expect(updated.json().features.map((f: { name: string }) => f.name)).toEqual(['Chat', 'News']);
    const list = (await api('GET', `/tenants/${created.id}/features`, su.auth)).json();
    expect(list.find((f: { name: string }) => f.name === 'News')).toMatchObject({
      selected: true,
      customTitle: 'Headlines',
    });
    expect(list.find((f: { name: string }) => f.name === 'Chat')).toMatchObject({ selected: true, mobile: true });
    expect(list.find((f: { name: string }) => f.name === 'Calendar')).toMatchObject({ selected: false });
  });

  it('refuses a partner manager changing partner settings but lets them edit the rest', async () => {
    const { partner, manager } = await partnerSetup();
    const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const ok = await api(
      'PUT',
      `/tenants/${child.id}`,
      manager.auth,
      body({ name: 'Renamed', userIds: [manager.user.id] }),
    );
    expect(ok.statusCode).toBe(200);
    const bad = await api(
      'PUT',
      `/tenants/${child.id}`,
      manager.auth,
      body({ userIds: [manager.user.id], isPartnerTenant: true }),
    );
    expect(bad.statusCode).toBe(403);
  });

  it('lets a super administrator delete any tenant: gone from lists, its sessions end', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant({ name: 'Doomed tenant' });
    const worker = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    expect((await api('DELETE', `/tenants/${t.id}`, su.auth)).statusCode).toBe(204);
    expect((await api('GET', `/tenants/${t.id}`, su.auth)).statusCode).toBe(404);
    expect((await api('GET', '/tenants?search=Doomed', su.auth)).json().total).toBe(0);
    expect((await api('DELETE', `/tenants/${t.id}`, su.auth)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/core/api/me/info', headers: worker.auth })).statusCode).toBe(401);
  });

  it('refuses tenant administrators and users', async () => {
    const t = await ctx.factories.tenant();
    for (const role of ['TenantAdmin', 'User'] as const) {
      const a = await ctx.actor([role], { tenants: [t.id], activeTenant: t.id });
      expect((await api('DELETE', `/tenants/${t.id}`, a.auth)).statusCode).toBe(403);
      expect((await api('GET', `/tenants/${t.id}`, a.auth)).statusCode).toBe(403);
    }
  });
});

describe('POST /core/api/tenants/:id/clone', () => {
  it('copies settings, features and users under the title, without user groups', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const [news] = await featureIds(['News']);
    const source = (
      await api(
        'POST',
        '/tenants',
        su.auth,
        body({
          name: 'Source',
          userIds: [u.id],
          featureIds: [news],
          mainMail: 'a@b.test',
          isPartnerTenant: true,
          maxTenantsCanCreate: 4,
          customTenantProperties: { primaryColor: '#fff' },
        }),
      )
    ).json();
    await ctx.factories.userGroup(source.id, 'Not copied');
    const res = await api('POST', `/tenants/${source.id}/clone`, su.auth, { title: '  The copy ' });
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      name: 'The copy',
      mainMail: 'a@b.test',
      userIds: [u.id],
      featureIds: [news],
      isPartnerTenant: false,
      maxTenantsCanCreate: null,
      customTenantProperties: { primaryColor: '#fff' },
    });
    expect(copy.id).not.toBe(source.id);
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [copy.id], activeTenant: copy.id });
    expect((await ctx.app.inject({ url: '/core/api/usergroups', headers: admin.auth })).json()).toEqual([]);
  });

  it('requires a title', async () => {
    const su = await superadmin();
    const t = await ctx.factories.tenant();
    const res = await api('POST', `/tenants/${t.id}/clone`, su.auth, { title: ' ' });
    expect(res.json().errors).toEqual([{ field: 'title', message: 'required' }]);
  });
});

describe('GET /core/api/tenants/forimpersonator/:userId and /tenants/:id/features', () => {
  it('lists the live tenants of a user, for super administrators only', async () => {
    const su = await superadmin();
    const a = await ctx.factories.tenant({ name: 'Zulu' });
    const b = await ctx.factories.tenant({ name: 'alfa' });
    const c = await ctx.factories.tenant({ name: 'Deleted one', deletedAt: new Date() });
    const u = await ctx.factories.user({ tenantIds: [a.id, b.id, c.id] });
    const res = await api('GET', `/tenants/forimpersonator/${u.id}`, su.auth);
    expect(res.json()).toEqual([
      { id: b.id, name: 'alfa' },
      { id: a.id, name: 'Zulu' },
    ]);
    const { manager } = await partnerSetup();
    expect((await api('GET', `/tenants/forimpersonator/${u.id}`, manager.auth)).statusCode).toBe(403);
  });

  it('answers the bare catalogue for `empty`, and a member their own tenant’s features only', async () => {
    const t = await ctx.factories.tenant({ features: ['News'] });
    const other = await ctx.factories.tenant({ features: ['Chat'] });
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    const empty = (await api('GET', '/tenants/empty/features', user.auth)).json();
    expect(empty.length).toBe(27);
    expect(empty.every((f: { selected: boolean }) => !f.selected)).toBe(true);
    const own = (await api('GET', `/tenants/${t.id}/features`, user.auth)).json();
    expect(own.filter((f: { selected: boolean }) => f.selected).map((f: { name: string }) => f.name)).toEqual(['News']);
    const res = await api('GET', `/tenants/${other.id}/features`, user.auth);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Chat');
  });
});

describe('logo upload: POST /core/api/tenants/media and GET /core/api/media/:file', () => {
  const upload = async (auth: Headers, data: Buffer, filename: string, type?: string, field?: string) => {
    const m = multipart(data, filename, type);
    return ctx.app.inject({
      method: 'POST',
      url: `/core/api/tenants/media${field ? `?field=${field}` : ''}`,
      headers: { ...auth, ...m.headers },
      payload: m.payload,
    });
  };

  it('stores a PNG, serves it back with its type, and lets a tenant use it as its logo', async () => {
    const su = await superadmin();
    const res = await upload(su.auth, PNG, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const { path } = res.json();
    expect(path).toMatch(/^\/core\/api\/media\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const u = await ctx.factories.user();
    const t = await api('POST', '/tenants', su.auth, body({ userIds: [u.id], logoMediaFile: path }));
    expect(t.statusCode).toBe(201);
    expect(t.json().logoMediaFile).toBe(path);
  });

  it('recognises JPEG, ICO and a clean SVG by content, whatever the file is called', async () => {
    const su = await superadmin();
    const jpg = await upload(su.auth, JPEG, 'photo.png');
    expect(jpg.json().path).toMatch(/\.jpg$/);
    const ico = await upload(su.auth, Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0]), 'favicon.ico');
    expect(ico.json().path).toMatch(/\.ico$/);
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f00"/></svg>\n',
    );
    const res = await upload(su.auth, svg, 'logo.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(201);
    const served = await ctx.app.inject({ url: res.json().path });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses SVGs that could run script or load something, and files that are not images', async () => {
    const su = await superadmin();
    const svgs = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/x.png"/></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
    ];
    for (const svg of svgs) {
      const res = await upload(su.auth, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
      expect({ svg, status: res.statusCode }).toEqual({ svg, status: 400 });
      expect(res.json().errors).toEqual([{ field: 'file', message: 'unsupportedImage' }]);
    }
    for (const data of [Buffer.from('just text'), Buffer.from('%PDF-1.7 ...'), Buffer.from([1, 2])]) {
      expect((await upload(su.auth, data, 'logo.png', 'image/png')).statusCode).toBe(400);
    }
  });

  it('refuses SVGs that slip past a blocklist: animated href, escaped @import, set of an event handler', async () => {
    const su = await superadmin();
    const bypasses = [
      '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="&#x6A;avascript:alert(1)"/><text y="10">x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@\\69mport url(https://evil.example/x.css);</style></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="\\75rl(https://evil.example/x)"/></svg>',
      '<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><metadata><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></metadata></svg>',
    ];
    for (const svg of bypasses) {
      const res = await upload(su.auth, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
      expect({ svg, status: res.statusCode }).toEqual({ svg, status: 400 });
      expect(res.json().errors).toEqual([{ field: 'file', message: 'unsupportedImage' }]);
    }
  });

  it('stores an SVG as cleaned: only allowed elements and attributes are kept', async () => {
    const su = await superadmin();
    const svg =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10" inkscape:version="1.3">' +
      '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
      '<!-- hidden --><rect width="10" height="10" data-name="box" fill="url(#g)"/></svg>';
    const res = await upload(su.auth, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(201);
    const stored = (await ctx.app.inject({ url: res.json().path })).body;
    expect(stored).toContain('<rect width="10" height="10" fill="url(#g)"/>');
    expect(stored).toContain('<linearGradient id="g">');
    for (const gone of ['metadata', 'rdf:RDF', 'data-name', 'inkscape:version', '<!--']) {
      expect(stored).not.toContain(gone);
    }
  });

  it('removes a tenant’s replaced logo file, unless another tenant still shows it', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const uploaded = async (field = 'logoMediaFile') =>
      (await upload(su.auth, PNG, 'logo.png', 'image/png', field)).json().path as string;
    const served = async (path: string) => (await ctx.app.inject({ url: path })).statusCode;
    // A newer unsaved upload for the same field replaces the older one: the second logo comes after saving.
    const [first, mobile] = [await uploaded(), await uploaded('mobileLogoMediaFile')];
    const created = (
      await api(
        'POST',
        '/tenants',
        su.auth,
        body({ userIds: [u.id], logoMediaFile: first, mobileLogoMediaFile: mobile }),
      )
    ).json();
    const second = await uploaded();
    const res = await api('PUT', `/tenants/${created.id}`, su.auth, { ...created, logoMediaFile: second });
    expect(res.statusCode).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    expect(await served(mobile)).toBe(200);

    // A clone shows the same file: replacing the original's logo leaves it for the clone.
    const clone = (await api('POST', `/tenants/${created.id}/clone`, su.auth, { title: 'Copy' })).json();
    expect(clone.logoMediaFile).toBe(second);
    const third = await uploaded();
    await api('PUT', `/tenants/${created.id}`, su.auth, {
      ...res.json(),
      logoMediaFile: third,
      mobileLogoMediaFile: null,
    });
    expect(await served(second)).toBe(200);
    expect(await served(mobile)).toBe(200);
    await api('PUT', `/tenants/${clone.id}`, su.auth, { ...clone, logoMediaFile: null, mobileLogoMediaFile: null });
    expect(await served(second)).toBe(404);
    expect(await served(mobile)).toBe(404);
    expect(await served(third)).toBe(200);
  });

  it('answers 413 for a file over the size limit, and 401/403 to callers who may not upload', async () => {
    const su = await superadmin();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 0)]);
    expect((await upload(su.auth, big, 'big.png')).statusCode).toBe(413);
    expect((await upload({}, PNG, 'x.png')).statusCode).toBe(401);
    const t = await ctx.factories.tenant();
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    expect((await upload(user.auth, PNG, 'x.png')).statusCode).toBe(403);
  });

  it('refuses a logo path that was never uploaded', async () => {
    const su = await superadmin();
    const u = await ctx.factories.user();
    const made = `/core/api/media/${crypto.randomUUID()}.png`;
    const res = await api('POST', '/tenants', su.auth, body({ userIds: [u.id], mobileLogoMediaFile: made }));
    expect(res.json().errors).toEqual([{ field: 'mobileLogoMediaFile', message: 'unknownMediaFile' }]);
    const outside = await api(
      'POST',
      '/tenants',
      su.auth,
      body({ userIds: [u.id], logoMediaFile: 'https://evil.example/x.png' }),
    );
    expect(outside.json().errors).toEqual([{ field: 'logoMediaFile', message: 'unknownMediaFile' }]);
    expect((await ctx.app.inject({ url: '/core/api/media/..%2Fjwt-secret' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: made })).statusCode).toBe(404);
  });
});

// A TenantAdmin or User of tenant A reaches none of tenant B through the tenant routes.
const tenantNamed = async (c: TestContext, tenantBId: string) => {
  // Live tenant names are unique: each case's tenant B gets its own secret name.
  const secret = `Secret tenant B ${tenantBId.slice(0, 8)}`;
  await c.db.update(tenants).set({ name: secret }).where(eq(tenants.id, tenantBId));
  return { id: tenantBId, secret };
};
describeTenantIsolation([
  {
    name: 'GET /core/api/tenants/:id',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}`,
    createInTenantB: tenantNamed,
  },
  {
    name: 'PUT /core/api/tenants/:id',
    method: 'PUT',
    url: (id) => `/core/api/tenants/${id}`,
    payload: () => ({ name: 'Taken over', userIds: [crypto.randomUUID()] }),
    createInTenantB: tenantNamed,
  },
  {
    name: 'DELETE /core/api/tenants/:id',
    method: 'DELETE',
    url: (id) => `/core/api/tenants/${id}`,
    createInTenantB: tenantNamed,
  },
  {
    name: 'POST /core/api/tenants/:id/clone',
    method: 'POST',
    url: (id) => `/core/api/tenants/${id}/clone`,
    payload: () => ({ title: 'Stolen' }),
    createInTenantB: tenantNamed,
  },
  {
    name: 'GET /core/api/tenants',
    method: 'GET',
    url: () => '/core/api/tenants',
    list: true,
    createInTenantB: tenantNamed,
  },
  {
    name: 'GET /core/api/tenants/datalist',
    method: 'GET',
    url: () => '/core/api/tenants/datalist',
    list: true,
    createInTenantB: tenantNamed,
  },
  {
    name: 'GET /core/api/tenants/all',
    method: 'GET',
    url: () => '/core/api/tenants/all',
    list: true,
    createInTenantB: tenantNamed,
  },
  {
    name: 'GET /core/api/tenants/:id/features',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}/features`,
    createInTenantB: tenantNamed,
  },
  {
    name: 'GET /core/api/tenants/forimpersonator/:userId',
    method: 'GET',
    url: (id) => `/core/api/tenants/forimpersonator/${id}`,
    async createInTenantB(c, tenantBId) {
      const u = await c.factories.user({ tenantIds: [tenantBId], name: 'Secret person of B' });
      return { id: u.id, secret: 'Secret person' };
    },
  },
]);

describe('tenant names are unique among live tenants (case-insensitive, trimmed)', () => {
  const unique = () => `Harbour ${Math.random().toString(36).slice(2, 8)}`;
  const takenField = (field: string) => [{ field, message: 'tenantNameTaken' }];

  it('refuses to create a second tenant whose name differs only in case and spaces', async () => {
    const su = await superadmin();
    const userIds = [(await ctx.factories.user()).id];
    const name = unique();
    expect((await api('POST', '/tenants', su.auth, body({ name, userIds }))).statusCode).toBe(201);
    const again = await api('POST', '/tenants', su.auth, body({ name: `  ${name.toUpperCase()} `, userIds }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', errors: takenField('name') });
    expect(again.json().detail).toBe(`A tenant named "${name.toUpperCase()}" already exists`);
  });

  it("refuses to rename a tenant to another's name, but keeps its own name and frees a deleted one's", async () => {
    const su = await superadmin();
    const userIds = [(await ctx.factories.user()).id];
    const first = await ctx.factories.tenant({ name: unique() });
    const second = await ctx.factories.tenant({ name: unique() });
    const current = { ...(await api('GET', `/tenants/${second.id}`, su.auth)).json(), userIds };
    const clash = await api('PUT', `/tenants/${second.id}`, su.auth, { ...current, name: first.name.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'conflict', errors: takenField('name') });
    // Saving under its own name (in another case) is no clash.
    const same = await api('PUT', `/tenants/${second.id}`, su.auth, { ...current, name: second.name.toUpperCase() });
    expect(same.statusCode).toBe(200);
    // A deleted tenant's name is free again.
    expect((await api('DELETE', `/tenants/${first.id}`, su.auth)).statusCode).toBe(204);
    expect((await api('POST', '/tenants', su.auth, body({ name: first.name, userIds }))).statusCode).toBe(201);
  });

  it('refuses a clone titled like a live tenant, on the title field', async () => {
    const su = await superadmin();
    const source = await ctx.factories.tenant({ name: unique() });
    const res = await api('POST', `/tenants/${source.id}/clone`, su.auth, { title: ` ${source.name} ` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', errors: takenField('title') });
  });

  it('is kept by the database too (a unique index), for writes that skip the service', async () => {
    const name = unique();
    await ctx.factories.tenant({ name });
    await expect(ctx.factories.tenant({ name: ` ${name.toLowerCase()}` })).rejects.toThrow();
    await ctx.factories.tenant({ name, deletedAt: new Date() });
  });
});

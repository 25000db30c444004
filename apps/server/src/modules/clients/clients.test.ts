import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RADIUS_OPTIONS } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { CSP_NONCE_PLACEHOLDER } from '../../http/web-app.js';
import { tileOriginOf } from './clients.config.js';
import { companies, companyContacts, companyCounts, companyLocations } from './clients.schema.js';

const API = '/core/api';

/** Rows written straight into a tenant (fixtures), past row-level security. */
async function seedClient(
  db: Db,
  tenantId: string,
  title = 'Acme A/S',
  extra: { contacts?: number; locations?: number } = {},
) {
  return crossTenant('test fixtures', async () => {
    const [company] = await db.insert(companies).values({ tenantId, title }).returning();
    const contacts = [];
    for (let i = 0; i < (extra.contacts ?? 0); i++) {
      const [c] = await db
        .insert(companyContacts)
        .values({ tenantId, companyId: company!.id, name: `Contact ${i} of ${title}`, email: `c${i}@example.test` })
        .returning();
      contacts.push(c!);
    }
    const locations = [];
    for (let i = 0; i < (extra.locations ?? 0); i++) {
      const [l] = await db
        .insert(companyLocations)
        .values({ tenantId, companyId: company!.id, title: `Site ${i} of ${title}`, radius: 1000 })
        .returning();
      locations.push(l!);
    }
    return { company: company!, contacts, locations };
  });
}

describe('clients', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    ctx = await createTestApp({ MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png' });
    tenantId = (await ctx.factories.tenant()).id;
    admin = await ctx.actor(['TenantAdmin'], { tenants: [tenantId], activeTenant: tenantId });
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers = admin.auth,
  ) => ctx.app.inject({ method, url: `${API}${url}`, headers, ...(payload && { payload }) });

  describe('POST /api/companies/postCompany and GET loadOneCompany', () => {
    it('creates a client with every field and reads it back', async () => {
      const body = {
        title: '  Nordlys ApS ',
        description: 'Lighting',
        address: 'Vestergade 1, 8000 Aarhus',
        longitude: 10.2039,
        latitude: 56.1567,
        clientSince: '2021-03-04',
        acquiredBy: 'Ada',
        aeAdvisor: true,
        clientCode: 'NL-01',
        pricing: 'Tier 2',
        notes: 'Prefers mail',
        fillColor: 'Purple',
        invoice: { billTo: 'Nordlys ApS, finance', email: 'finance@nordlys.test' },
      };
      const res = await call('POST', '/companies/postCompany', body);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ ...body, title: 'Nordlys ApS', tenantId, contactsCount: 0, locationsCount: 0 });
      expect(created.invoice.id).toMatch(/^[0-9a-f-]{36}$/);
      const read = await call('GET', `/companies/loadOneCompany/${created.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);
    });

    it('takes an absent clientSince, empty texts and no invoice as empty', async () => {
      const res = await call('POST', '/companies/postCompany', {
        title: 'Bare',
        description: '',
        invoice: { billTo: '', email: '' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        clientSince: null,
        description: null,
        invoice: null,
        aeAdvisor: false,
        fillColor: null,
      });
    });

    it.each([
      [{}, 'title', 'required'],
      [{ title: '   ' }, 'title', 'required'],
      [{ title: 'x', fillColor: 'purple' }, 'fillColor', 'unknownColor'],
      [{ title: 'x', clientSince: '04-03-2021' }, 'clientSince', 'invalidDate'],
      [{ title: 'x', clientSince: '0000-01-01' }, 'clientSince', 'invalidDate'],
      [{ title: 'x', latitude: 91 }, 'latitude', 'outOfRange'],
      [{ title: 'x', longitude: 'east' }, 'longitude', 'notANumber'],
      [{ title: 'x'.repeat(201) }, 'title', 'tooLong'],
    ])('refuses %j with a 400 naming %s', async (payload, field, message) => {
      const res = await call('POST', '/companies/postCompany', payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors).toContainEqual({ field, message });
    });

    it('refuses NUL bytes and malformed JSON with 400, never 5xx', async () => {
      expect((await call('POST', '/companies/postCompany', { title: 'a\u0000b' })).statusCode).toBe(400);
      const raw = await ctx.app.inject({
        method: 'POST',
        url: `${API}/companies/postCompany`,
        headers: { ...admin.auth, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(raw.statusCode).toBe(400);
    });

    it('returns 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await call('GET', `/companies/loadOneCompany/${crypto.randomUUID()}`)).statusCode).toBe(404);
      const bad = await call('GET', '/companies/loadOneCompany/nope');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('params.id');
    });
  });

  describe('PATCH /api/companies/updateCompany', () => {
    it('updates every field, keeps the invoice id and moves updatedAt', async () => {
      const created = (
        await call('POST', '/companies/postCompany', { title: 'Old', invoice: { billTo: 'A', email: null } })
      ).json();
      const res = await call('PATCH', '/companies/updateCompany', {
        id: created.id,
        title: 'New',
        fillColor: 'lime',
        invoice: { billTo: 'B', email: 'b@example.test' },
      });
      expect(res.statusCode).toBe(200);
      const updated = res.json();
      expect(updated).toMatchObject({ id: created.id, title: 'New', fillColor: 'lime' });
      expect(updated.invoice).toEqual({ id: created.invoice.id, billTo: 'B', email: 'b@example.test' });
      expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
    });

    it('returns 404 for a client that does not exist', async () => {
      const res = await call('PATCH', '/companies/updateCompany', { id: crypto.randomUUID(), title: 'x' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('GET /api/companies (list), search/{text} and loadAll', () => {
    let tenant: string;
    let auth: Record<string, string>;
    beforeAll(async () => {
      tenant = (await ctx.factories.tenant()).id;
      auth = (await ctx.actor(['TenantAdmin'], { tenants: [tenant], activeTenant: tenant })).auth;
      await seedClient(ctx.db, tenant, 'Bravo Byg', { contacts: 2, locations: 1 });
      await seedClient(ctx.db, tenant, 'alpha Auto');
      await seedClient(ctx.db, tenant, 'Charlie 100%_Cargo');
    });
    const list = (query: string) => ctx.app.inject({ url: `${API}/companies?${query}`, headers: auth });

    it('pages and sorts by title, with the counts of each row', async () => {
      const res = await list('take=2');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 3, page: 1, take: 2 });
      expect(body.data.map((c: { title: string }) => c.title)).toEqual(['alpha Auto', 'Bravo Byg']);
      expect(body.data[1]).toMatchObject({ contactsCount: 2, locationsCount: 1 });
      const second = (await list('take=2&page=2')).json();
      expect(second.data.map((c: { title: string }) => c.title)).toEqual(['Charlie 100%_Cargo']);
      const desc = (await list('direction=desc')).json();
      expect(desc.data[0].title).toBe('Charlie 100%_Cargo');
    });

    it('keeps the total past the last page', async () => {
      expect((await list('take=2&page=9')).json()).toMatchObject({ data: [], total: 3, page: 9 });
    });

    it('keeps the tenant’s client count exact through creating and deleting, and lists it as the total', async () => {
      const counted = () =>
        crossTenant('test', async () => {
          const [row] = await ctx.db.select().from(companyCounts).where(eq(companyCounts.tenantId, tenant));
          const rows = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.tenantId, tenant));
          return { kept: row?.live ?? 0, actual: rows.length };
        });
      expect(await counted()).toEqual({ kept: 3, actual: 3 });
      const created = await ctx.app.inject({
        method: 'POST',
        url: `${API}/companies/postCompany`,
        headers: auth,
        payload: { title: 'Delta Drift' },
      });
      expect(created.statusCode).toBe(201);
      expect(await counted()).toEqual({ kept: 4, actual: 4 });
      expect((await list('take=1&page=9')).json().total).toBe(4);
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `${API}/companies/${created.json().id}`,
        headers: auth,
      });
      expect(removed.statusCode).toBe(200);
      expect(await counted()).toEqual({ kept: 3, actual: 3 });
      expect((await list('')).json().total).toBe(3);
    });

    it('sorts by updatedAt, written exactly as the client’s form writes it', async () => {
      const body = (await list('sort=updatedAt&direction=desc')).json();
      expect(body.data[0].title).toBe('Charlie 100%_Cargo');
      // The list's text from SQL against the form's Date: same instant, same milliseconds, same form.
      for (const row of body.data) {
        const form = await ctx.app.inject({ url: `${API}/companies/loadOneCompany/${row.id}`, headers: auth });
        expect(row.updatedAt).toBe(form.json().updatedAt);
      }
    });

    it('searches titles ignoring case, with % and _ taken literally', async () => {
      expect((await list('search=BYG')).json().data.map((c: { title: string }) => c.title)).toEqual(['Bravo Byg']);
      expect((await list('search=100%25_')).json().total).toBe(1);
      expect((await list('search=%25')).json().total).toBe(1);
    });

    it('answers search/{text} with ids and titles and loadAll with every client', async () => {
      const found = await ctx.app.inject({ url: `${API}/companies/search/a`, headers: auth });
      expect(found.statusCode).toBe(200);
      expect(found.json().map((c: { title: string }) => c.title)).toEqual([
        'alpha Auto',
        'Bravo Byg',
        'Charlie 100%_Cargo',
      ]);
      expect(Object.keys(found.json()[0]).sort()).toEqual(['id', 'title']);
      const all = await ctx.app.inject({ url: `${API}/companies/loadAll`, headers: auth });
      expect(all.json()).toHaveLength(3);
    });

    it.each(['sort=name', 'direction=up', 'take=0', 'take=201', 'page=-1'])('refuses %s with 400', async (q) => {
      expect((await list(q)).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/companies/{id}', () => {
    it('deletes the client with its contacts and locations, saying how many', async () => {
      const { company } = await seedClient(ctx.db, tenantId, 'Doomed', { contacts: 2, locations: 3 });
      const before = (await call('GET', `/companies/loadOneCompany/${company.id}`)).json();
      expect(before).toMatchObject({ contactsCount: 2, locationsCount: 3 });
      const res = await call('DELETE', `/companies/${company.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: company.id, contacts: 2, locations: 3 });
      const left = await crossTenant('test', async () => ({
        contacts: await ctx.db.select().from(companyContacts).where(eq(companyContacts.companyId, company.id)),
        locations: await ctx.db.select().from(companyLocations).where(eq(companyLocations.companyId, company.id)),
      }));
      expect(left).toEqual({ contacts: [], locations: [] });
      expect((await call('DELETE', `/companies/${company.id}`)).statusCode).toBe(404);
    });
  });

  describe('locations', () => {
    it('creates, reads, updates, pages and deletes a client’s locations', async () => {
      const { company } = await seedClient(ctx.db, tenantId, 'Located');
      const km = RADIUS_OPTIONS.km;
      const post = await call('POST', '/companyLocations/postLocation', {
        companyId: company.id,
        title: 'Depot Vejle',
        address: 'Havnegade 5, 7100 Vejle',
        latitude: 55.7093,
        longitude: 9.536,
        radius: km[0]!.metres,
      });
      expect(post.statusCode).toBe(201);
      const location = post.json();
      expect(location).toMatchObject({ companyId: company.id, title: 'Depot Vejle', radius: 500 });
      await call('POST', '/companyLocations/postLocation', {
        companyId: company.id,
        title: 'Annex',
        address: 'Zeta vej',
      });

      expect((await call('GET', `/companyLocations/loadOneLocation/${location.id}`)).json()).toEqual(location);

      const put = await call('PUT', '/companyLocations/updateLocation', {
        id: location.id,
        title: 'Depot Vejle Nord',
        radius: RADIUS_OPTIONS.miles[0]!.metres,
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ title: 'Depot Vejle Nord', radius: 4828.03, address: null });

      const pageOf = (q: string) => call('GET', `/companyLocations/customLoadPage/?clientId=${company.id}&${q}`);
      const byTitle = (await pageOf('sort=title')).json();
      expect(byTitle).toMatchObject({ total: 2, page: 1 });
      expect(byTitle.data.map((l: { title: string }) => l.title)).toEqual(['Annex', 'Depot Vejle Nord']);
      const byAddress = (await pageOf('sort=address&direction=desc')).json();
      expect(byAddress.data.map((l: { title: string }) => l.title)).toEqual(['Annex', 'Depot Vejle Nord']);
      expect((await pageOf('search=nord')).json().total).toBe(1);

      expect((await call('DELETE', `/companyLocations/${location.id}`)).statusCode).toBe(204);
      expect((await call('GET', `/companyLocations/loadOneLocation/${location.id}`)).statusCode).toBe(404);
    });

    it('accepts only radii of the table, in metres, through every write', async () => {
      const { company, locations } = await seedClient(ctx.db, tenantId, 'Radii', { locations: 1 });
      const id = locations[0]!.id;
      for (const option of [...RADIUS_OPTIONS.km, ...RADIUS_OPTIONS.miles]) {
        const res = await call('PATCH', '/companies/UpdateLocationRadius', { id, radius: option.metres });
        expect(res.statusCode).toBe(200);
        expect(res.json().radius).toBe(option.metres);
      }
      expect(RADIUS_OPTIONS.miles.map((o) => o.metres)).toEqual([
        4828.03, 6437.38, 8046.72, 9656.06, 11265.41, 12874.75, 14484.1, 16093.44, 19312.13, 24140.16,
      ]);
      for (const radius of [4828, 4828.032, 750, 0, -500, 16000]) {
        const patch = await call('PATCH', '/companies/UpdateLocationRadius', { id, radius });
        expect(patch.statusCode).toBe(400);
        expect(patch.json().errors).toContainEqual({ field: 'radius', message: 'unknownRadius' });
        const post = await call('POST', '/companyLocations/postLocation', {
          companyId: company.id,
          title: 't',
          radius,
        });
        expect(post.statusCode).toBe(400);
      }
      expect(
        (await call('PATCH', '/companies/UpdateLocationRadius', { id: crypto.randomUUID(), radius: 1000 })).statusCode,
      ).toBe(404);
    });

    it('returns 404 for a location of an unknown client, and 400 without clientId', async () => {
      const post = await call('POST', '/companyLocations/postLocation', { companyId: crypto.randomUUID(), title: 'x' });
      expect(post.statusCode).toBe(404);
      expect((await call('GET', `/companyLocations/customLoadPage/?clientId=${crypto.randomUUID()}`)).statusCode).toBe(
        404,
      );
      const missing = await call('GET', '/companyLocations/customLoadPage/');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].field).toBe('querystring.clientId');
    });
  });

  describe('contacts', () => {
    it('creates, reads, updates, pages and deletes a client’s contacts; email has no format check', async () => {
      const { company } = await seedClient(ctx.db, tenantId, 'Contacted');
      const post = await call('POST', '/contacts/postContact', {
        companyId: company.id,
        name: 'Mette Hansen',
        email: 'not an address',
        phoneNumber: '+45 12 34 56 78',
      });
      expect(post.statusCode).toBe(201);
      const contact = post.json();
      expect(contact).toMatchObject({ companyId: company.id, name: 'Mette Hansen', email: 'not an address' });
      await call('POST', '/contacts/postContact', { companyId: company.id, name: 'Anders', email: 'z@example.test' });

      expect((await call('GET', `/contacts/loadOneContact/${contact.id}`)).json()).toEqual(contact);
      const put = await call('PUT', '/contacts/updateContact', {
        id: contact.id,
        companyId: company.id,
        name: 'Mette Holm',
        email: 'a@example.test',
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: 'Mette Holm', phoneNumber: null });

      const pageOf = (q: string) => call('GET', `/contacts/customLoadPage/?clientId=${company.id}&${q}`);
      expect((await pageOf('sort=name')).json().data.map((c: { name: string }) => c.name)).toEqual([
        'Anders',
        'Mette Holm',
      ]);
      expect((await pageOf('sort=email')).json().data.map((c: { name: string }) => c.name)).toEqual([
        'Mette Holm',
        'Anders',
      ]);
      expect((await pageOf('search=holm')).json().total).toBe(1);

      expect((await call('DELETE', `/contacts/${contact.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/contacts/${contact.id}`)).statusCode).toBe(404);
    });

    it('keeps each client’s contact and location counts exact through adding, moving and deleting', async () => {
      const { company: a } = await seedClient(ctx.db, tenantId, 'Counted A', { contacts: 2, locations: 2 });
      const { company: b } = await seedClient(ctx.db, tenantId, 'Counted B');
      /** The counts the client's form answers, beside plain counts of its rows. */
      const counts = async (id: string) => {
        const form = (await call('GET', `/companies/loadOneCompany/${id}`)).json();
        const actual = await crossTenant('test', async () => ({
          contactsCount: (await ctx.db.select().from(companyContacts).where(eq(companyContacts.companyId, id))).length,
          locationsCount: (await ctx.db.select().from(companyLocations).where(eq(companyLocations.companyId, id)))
            .length,
        }));
        expect({ contactsCount: form.contactsCount, locationsCount: form.locationsCount }).toEqual(actual);
        return actual;
      };
      expect(await counts(a.id)).toEqual({ contactsCount: 2, locationsCount: 2 });
      const post = await call('POST', '/contacts/postContact', { companyId: a.id, name: 'Third', email: 'x' });
      expect(post.statusCode).toBe(201);
      expect(await counts(a.id)).toEqual({ contactsCount: 3, locationsCount: 2 });
      const moved = { id: post.json().id, companyId: b.id, name: 'Third', email: 'x' };
      expect((await call('PUT', '/contacts/updateContact', moved)).statusCode).toBe(200);
      expect((await call('PUT', '/contacts/updateContact', { ...moved, name: 'Renamed' })).statusCode).toBe(200);
      expect(await counts(a.id)).toEqual({ contactsCount: 2, locationsCount: 2 });
      expect(await counts(b.id)).toEqual({ contactsCount: 1, locationsCount: 0 });
      expect((await call('DELETE', `/contacts/${post.json().id}`)).statusCode).toBe(204);
      expect(await counts(b.id)).toEqual({ contactsCount: 0, locationsCount: 0 });
      // Several rows of one client in one statement.
      await crossTenant('test', () => ctx.db.delete(companyLocations).where(eq(companyLocations.companyId, a.id)));
      expect(await counts(a.id)).toEqual({ contactsCount: 2, locationsCount: 0 });
      const listed = (await call('GET', '/companies?search=counted')).json().data;
      expect(
        listed.map((c: { title: string; contactsCount: number; locationsCount: number }) => [
          c.title,
          c.contactsCount,
          c.locationsCount,
        ]),
      ).toEqual([
        ['Counted A', 2, 0],
        ['Counted B', 0, 0],
      ]);
    });

    it('refuses to move a contact to another tenant’s client (404), leaving it where it was', async () => {
      const { contacts } = await seedClient(ctx.db, tenantId, 'Mine', { contacts: 1 });
      const otherTenant = (await ctx.factories.tenant()).id;
      const { company: theirs } = await seedClient(ctx.db, otherTenant, 'Theirs');
      const res = await call('PUT', '/contacts/updateContact', {
        id: contacts[0]!.id,
        companyId: theirs.id,
        name: 'n',
        email: 'e',
      });
      expect(res.statusCode).toBe(404);
      expect((await call('GET', `/contacts/loadOneContact/${contacts[0]!.id}`)).json().companyId).toBe(
        contacts[0]!.companyId,
      );
    });

    it.each([
      [{ name: 'x' }, 'email'],
      [{ email: 'x' }, 'name'],
      [{ name: ' ', email: 'x' }, 'name'],
    ])('refuses %j naming %s as required', async (payload, field) => {
      const { company } = await seedClient(ctx.db, tenantId, 'Strict');
      const res = await call('POST', '/contacts/postContact', { companyId: company.id, ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message: 'required' });
    });
  });

  describe('map info', () => {
    it('defaults to kilometres, switches the tenant’s useKmAsValues to miles, and names the tile URL', async () => {
      const tenant = (await ctx.factories.tenant()).id;
      const other = (await ctx.factories.tenant()).id;
      const { auth } = await ctx.actor(['TenantAdmin'], { tenants: [tenant], activeTenant: tenant });
      const otherAuth = (await ctx.actor(['TenantAdmin'], { tenants: [other], activeTenant: other })).auth;
      const read = (headers: Record<string, string>) =>
        ctx.app.inject({ url: `${API}/companies/loadMapInfo`, headers });
      expect((await read(auth)).json()).toEqual({
        useKmAsValues: true,
        tileUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
        tileAttribution: null,
      });
      const set = await ctx.app.inject({
        method: 'PATCH',
        url: `${API}/companies/updateMapInfo`,
        headers: auth,
        payload: { useKmAsValues: false },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().useKmAsValues).toBe(false);
      expect((await read(auth)).json().useKmAsValues).toBe(false);
      expect((await read(otherAuth)).json().useKmAsValues).toBe(true);
      // One flag: the tenant form shows what the clients page switched.
      const superadmin = await ctx.actor(['Superadmin']);
      expect(
        (await ctx.app.inject({ url: `${API}/tenants/${tenant}`, headers: superadmin.auth })).json().useKmAsValues,
      ).toBe(false);
      const bad = await ctx.app.inject({
        method: 'PATCH',
        url: `${API}/companies/updateMapInfo`,
        headers: auth,
        payload: {},
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('roles', () => {
    const reads = ['/companies', '/companies/loadAll', '/companies/loadMapInfo', '/companies/search/a'];
    it.each(reads)('GET %s refuses a User (403) and an anonymous caller (401)', async (url) => {
      const user = await ctx.actor(['User'], { tenants: [tenantId], activeTenant: tenantId });
      expect((await call('GET', url, undefined, user.auth)).statusCode).toBe(403);
      expect((await ctx.app.inject({ url: `${API}${url}` })).statusCode).toBe(401);
    });

    it('refuses a PartnerManager and lets a Superadmin in the tenant', async () => {
      const partner = await ctx.actor(['PartnerManager'], { tenants: [tenantId], activeTenant: tenantId });
      expect((await call('POST', '/companies/postCompany', { title: 'x' }, partner.auth)).statusCode).toBe(403);
      const superadmin = await ctx.actor(['Superadmin'], { tenants: [tenantId], activeTenant: tenantId });
      expect((await call('POST', '/companies/postCompany', { title: 'By super' }, superadmin.auth)).statusCode).toBe(
        201,
      );
    });

    it('returns 400 noActiveTenant without an active tenant', async () => {
      const superadmin = await ctx.actor(['Superadmin']);
      const res = await call('GET', '/companies', undefined, superadmin.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('noActiveTenant');
    });

    it('describes every route in OpenAPI', async () => {
      const doc = (await ctx.app.inject({ url: '/core/api/openapi.json' })).json();
      for (const path of [
        '/companies/postCompany',
        '/companies/updateCompany',
        '/companies/UpdateLocationRadius',
        '/companies/search/{text}',
        '/companies/loadAll',
        '/companies/loadOneCompany/{id}',
        '/companies/loadMapInfo',
        '/companies/updateMapInfo',
        '/companies',
        '/companies/{id}',
        '/companyLocations/loadOneLocation/{id}',
        '/companyLocations/postLocation',
        '/companyLocations/updateLocation',
        '/companyLocations/customLoadPage',
        '/companyLocations/{id}',
        '/contacts/loadOneContact/{id}',
        '/contacts/postContact',
        '/contacts/updateContact',
        '/contacts/customLoadPage',
        '/contacts/{id}',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
    });
  });
});

describe('MAP_TILE_URL', () => {
  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles.example:8443/base/{z}/{x}/{y}.png?key=1', 'https://tiles.example:8443'],
    ['http://127.0.0.1:8080/{z}/{x}/{y}.png', 'http://127.0.0.1:8080'],
    ['https://tiles.example/tile.png', null],
    ['javascript:alert(1)//{z}/{x}/{y}', null],
    ['https://user:pw@tiles.example/{z}/{x}/{y}.png', null],
  ])('allows %s as img-src %s', (template, origin) => {
    expect(tileOriginOf(template)).toBe(origin);
  });

  it('stops the server on a template that is not one', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}', JWT_SECRET: 'x'.repeat(32) })).toThrow(
      /MAP_TILE_URL/,
    );
  });

  it('adds the tile host to the web app page’s img-src only when it is set', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`,
    );
    const withTiles = await createTestApp({
      WEB_DIST: dist,
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
    });
    const without = await createTestApp({ WEB_DIST: dist });
    try {
      const imgSrc = async (ctx: TestContext) =>
        String((await ctx.app.inject({ url: '/admin/clients' })).headers['content-security-policy'])
          .split(';')
          .find((d) => d.trim().startsWith('img-src'))
          ?.trim();
      expect(await imgSrc(withTiles)).toBe("img-src 'self' data: blob: https://*.tiles.example");
      expect(await imgSrc(without)).toBe("img-src 'self' data: blob:");
      // API answers stay inert either way.
      const api = await withTiles.app.inject({ url: '/core/api/health' });
      expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    } finally {
      await withTiles.close();
      await without.close();
    }
  });
});

type Fixture = Awaited<ReturnType<typeof seedClient>>;
const client = (ctx: TestContext, tenantBId: string, secret: string) =>
  seedClient(ctx.db, tenantBId, secret, { contacts: 1, locations: 1 });
const isolation = (
  name: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: (id: string) => string,
  pick: (f: Fixture) => string,
  payload?: (id: string) => unknown,
  list = false,
) => ({
  name,
  method,
  url,
  list,
  payload,
  async createInTenantB(ctx: TestContext, tenantBId: string) {
    const secret = `Secret client ${crypto.randomUUID().slice(0, 8)}`;
    return { id: pick(await client(ctx, tenantBId, secret)), secret };
  },
});
const companyId = (f: Fixture) => f.company.id;
const locationId = (f: Fixture) => f.locations[0]!.id;
const contactId = (f: Fixture) => f.contacts[0]!.id;

describeTenantIsolation([
  isolation('GET /companies/loadOneCompany/:id', 'GET', (id) => `${API}/companies/loadOneCompany/${id}`, companyId),
  isolation(
    'PATCH /companies/updateCompany',
    'PATCH',
    () => `${API}/companies/updateCompany`,
    companyId,
    (id) => ({ id, title: 'Taken over' }),
  ),
  isolation('DELETE /companies/:id', 'DELETE', (id) => `${API}/companies/${id}`, companyId),
  isolation('GET /companies (list)', 'GET', () => `${API}/companies?search=Secret`, companyId, undefined, true),
  isolation('GET /companies/search/:text', 'GET', () => `${API}/companies/search/Secret`, companyId, undefined, true),
  isolation('GET /companies/loadAll', 'GET', () => `${API}/companies/loadAll`, companyId, undefined, true),
  isolation(
    'PATCH /companies/UpdateLocationRadius',
    'PATCH',
    () => `${API}/companies/UpdateLocationRadius`,
    locationId,
    (id) => ({ id, radius: 1000 }),
  ),
  isolation(
    'GET /companyLocations/loadOneLocation/:id',
    'GET',
    (id) => `${API}/companyLocations/loadOneLocation/${id}`,
    locationId,
  ),
  isolation(
    'POST /companyLocations/postLocation (companyId)',
    'POST',
    () => `${API}/companyLocations/postLocation`,
    companyId,
    (id) => ({ companyId: id, title: 'Planted' }),
  ),
  isolation(
    'PUT /companyLocations/updateLocation',
    'PUT',
    () => `${API}/companyLocations/updateLocation`,
    locationId,
    (id) => ({ id, title: 'Moved' }),
  ),
  isolation(
    'GET /companyLocations/customLoadPage/ (clientId)',
    'GET',
    (id) => `${API}/companyLocations/customLoadPage/?clientId=${id}`,
    companyId,
  ),
  isolation('DELETE /companyLocations/:id', 'DELETE', (id) => `${API}/companyLocations/${id}`, locationId),
  isolation('GET /contacts/loadOneContact/:id', 'GET', (id) => `${API}/contacts/loadOneContact/${id}`, contactId),
  isolation(
    'POST /contacts/postContact (companyId)',
    'POST',
    () => `${API}/contacts/postContact`,
    companyId,
    (id) => ({ companyId: id, name: 'Spy', email: 'spy' }),
  ),
  isolation(
    'PUT /contacts/updateContact',
    'PUT',
    () => `${API}/contacts/updateContact`,
    contactId,
    (id) => ({ id, companyId: id, name: 'Spy', email: 'spy' }),
  ),
  isolation(
    'GET /contacts/customLoadPage/ (clientId)',
    'GET',
    (id) => `${API}/contacts/customLoadPage/?clientId=${id}`,
    companyId,
  ),
  isolation('DELETE /contacts/:id', 'DELETE', (id) => `${API}/contacts/${id}`, contactId),
]);

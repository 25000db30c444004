import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { refusal } from '../../../test/refusal.js';
import { runWithRequestContext } from '../../http/request-context.js';
import { csvCell } from './audit.csv.js';
import { auditLog } from './audit.schema.js';
import { changedFields, stripSecrets } from './audit.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rowsFor = (recordId: string) => ctx.db.select().from(auditLog).where(eq(auditLog.recordId, recordId));

describe('audit.record', () => {
  it('writes in the transaction of the change: a change that fails leaves no row', async () => {
    const tenant = await ctx.factories.tenant();
    const { audit } = ctx.app.services;
    await expect(
      ctx.db.transaction(async (tx) => {
        await audit.record(tx, {
          action: 'tenant.updated',
          tenantId: tenant.id,
          recordType: 'tenant',
          recordId: 'failed-1',
        });
        throw new Error('the change fails after its audit row');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rowsFor('failed-1')).toEqual([]);

    await ctx.db.transaction((tx) =>
      audit.record(tx, { action: 'tenant.updated', tenantId: tenant.id, recordType: 'tenant', recordId: 'kept-1' }),
    );
    expect(await rowsFor('kept-1')).toHaveLength(1);
  });

  it('keeps only the changed fields, never a secret, and takes actor and address from the request', async () => {
    const actor = await ctx.factories.user();
    const real = await ctx.factories.user();
    await runWithRequestContext({ actorId: actor.id, realActorId: real.id, ip: '203.0.113.9' }, () =>
      ctx.app.services.audit.recordAlone({
        action: 'user.updated',
        recordType: 'user',
        recordId: 'changed-1',
        before: { name: 'Ann', email: 'a@x.test', passwordHash: 'h1', nested: { clientSecret: 's', ok: 1 } },
        after: { name: 'Anna', email: 'a@x.test', passwordHash: 'h2', password: 'Secret-1', totpSecret: 'JBSW' },
        data: { refreshToken: 't', count: 2 },
      }),
    );
    const [row] = await rowsFor('changed-1');
    expect(row).toMatchObject({
      actorId: actor.id,
      realActorId: real.id,
      ip: '203.0.113.9',
      before: { name: 'Ann', nested: { ok: 1 } },
      after: { name: 'Anna' },
      data: { count: 2 },
    });
    expect(JSON.stringify(row)).not.toMatch(/h1|h2|Secret-1|JBSW|clientSecret|"t"/);
  });

  it('writes nothing for an update that changed nothing', async () => {
    await ctx.app.services.audit.recordAlone({
      action: 'user.updated',
      recordId: 'unchanged-1',
      before: { name: 'Ann', password: 'x' },
      after: { name: 'Ann', password: 'y' },
    });
    expect(await rowsFor('unchanged-1')).toEqual([]);
  });

  it('cannot be edited or deleted by the app’s database role', async () => {
    await ctx.app.services.audit.recordAlone({ action: 'tenant.updated', recordId: 'immutable-1' });
    expect(await refusal(ctx.db.execute(sql`update audit_log set action = 'x' where record_id = 'immutable-1'`))).toBe(
      '42501',
    );
    expect(await refusal(ctx.db.execute(sql`delete from audit_log where record_id = 'immutable-1'`))).toBe('42501');
    expect(await refusal(ctx.db.execute(sql`truncate audit_log`))).toBe('42501');
    expect(await rowsFor('immutable-1')).toHaveLength(1);
  });
});

describe('stripSecrets and changedFields', () => {
  it('strips secrets at any depth, in arrays too', () => {
    expect(stripSecrets({ a: [{ token: 1, b: 2 }], smtpPassword: 'p', recoveryCodes: ['x'], name: 'n' })).toEqual({
      a: [{ b: 2 }],
      name: 'n',
    });
  });
  it('keeps a field added or removed', () => {
    expect(changedFields({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual({ before: { b: 2 }, after: { c: 3 } });
    expect(changedFields(null, { a: 1, secret: 2 })).toEqual({ before: null, after: { a: 1 } });
  });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Headers, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/core/api${url}`,
    headers: auth,
    remoteAddress: '198.51.100.7',
    ...(payload && { payload }),
  });
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Json = Record<string, any>;
const entriesOf = async (auth: Headers, query = '') => {
  const res = await api('GET', `/audit${query}`, auth);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Json[]; total: number };
};
let member: { id: string } | undefined;
/** A tenant body (a tenant needs a user). */
const tenantBody = async (name: string, overrides: object = {}) => {
  member ??= await ctx.factories.user();
  return { name, userIds: [member.id], ...overrides };
};

describe('administrative writes leave audit rows', () => {
  it('records a super administrator’s tenant update with actor, address and only the changed fields', async () => {
    const su = await ctx.actor(['Superadmin']);
    const created = await api(
      'POST',
      '/tenants',
      su.auth,
      await tenantBody(`Audited ${Math.random()}`, { cvr: '111' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const name = `Renamed ${Math.random()}`;
    expect((await api('PUT', `/tenants/${id}`, su.auth, await tenantBody(name, { cvr: '111' }))).statusCode).toBe(200);

    const { data } = await entriesOf(su.auth, `?recordId=${id}`);
    expect(data.map((e) => e.action)).toEqual(['tenant.updated', 'tenant.created']);
    expect(data[0]).toMatchObject({
      actor: { id: su.user.id, email: su.user.email },
      realActor: null,
      tenant: { id, name },
      recordType: 'tenant',
      recordId: id,
      ip: '198.51.100.7',
      after: { name },
    });
    expect(Object.keys(data[0]!.after)).toEqual(['name']);
    expect(data[1]!.after).toMatchObject({ cvr: '111' });

    expect((await api('DELETE', `/tenants/${id}`, su.auth)).statusCode).toBe(204);
    expect((await entriesOf(su.auth, `?recordId=${id}&action=tenant.deleted`)).total).toBe(1);
  });

  it('leaves no row when the change fails', async () => {
    const su = await ctx.actor(['Superadmin']);
    const taken = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const res = await api('PUT', `/tenants/${other.id}`, su.auth, await tenantBody(taken.name));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'name' })]);
    expect(await rowsFor(other.id)).toEqual([]);
  });

  it('records user edits, role changes and password resets, never the password or its hash', async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const created = await api('POST', '/users', admin.auth, {
      name: 'Pia',
      surname: 'Hansen',
      email: `pia-${Math.random().toString(36).slice(2, 8)}@example.test`,
      roles: ['User'],
      password: 'Very-secret-Pass-1',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const email = created.json().email as string;
    const updated = await api('PUT', `/users/${id}`, admin.auth, {
      name: 'Pia',
      surname: 'Holm',
      email,
      roles: ['TenantAdmin'],
      tenantIds: [tenant.id],
    });
    expect(updated.statusCode).toBe(200);
    const reset = await api('PUT', `/auth/resetpassword/${id}`, admin.auth, { password: 'Another-secret-Pass-2' });
    expect(reset.statusCode).toBe(200);

    const rows = await rowsFor(id);
    expect(rows.map((r) => r.action).sort()).toEqual([
      'password.resetByAdmin',
      'user.created',
      'user.rolesChanged',
      'user.updated',
    ]);
    const update = rows.find((r) => r.action === 'user.updated')!;
    expect(update).toMatchObject({ tenantId: tenant.id, before: { surname: 'Hansen' }, after: { surname: 'Holm' } });
    expect(rows.find((r) => r.action === 'user.rolesChanged')).toMatchObject({
      before: { roles: ['User'] },
      after: { roles: ['TenantAdmin'] },
    });
    expect(JSON.stringify(rows)).not.toMatch(/Very-secret|Another-secret|argon|\$2[aby]\$|passwordHash/i);
  });

  it('records who really acted while a super administrator impersonates', async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.factories.user({ roles: ['TenantAdmin'], tenantIds: [tenant.id] });
    const member = await ctx.factories.user({ tenantIds: [tenant.id] });
    const su = await ctx.actor(['Superadmin']);
    const started = await api('POST', '/auth/impersonate', su.auth, { userId: admin.id, tenantId: tenant.id });
    expect(started.statusCode).toBe(200);
    const asAdmin = bearer(started.json().token);
    const res = await api('PUT', `/users/${member.id}`, asAdmin, {
      name: 'Changed',
      surname: member.surname,
      email: member.email,
      roles: ['User'],
      tenantIds: [tenant.id],
    });
    expect(res.statusCode).toBe(200);
    const [row] = (await rowsFor(member.id)).filter((r) => r.action === 'user.updated');
    expect(row).toMatchObject({ actorId: admin.id, realActorId: su.user.id, after: { name: 'Changed' } });
  });

  it('records changes to a tenant’s lists and feature texts in their transactions', async () => {
    const su = await ctx.actor(['Superadmin']);
    const tenant = await ctx.factories.tenant();
    const added = await api('POST', `/tenants/${tenant.id}/tags`, su.auth, { title: 'Urgent' });
    expect(added.statusCode).toBe(201);
    const tag = added.json() as { id: string };
    expect((await api('PUT', `/tenants/${tenant.id}/tags/${tag.id}`, su.auth, { title: 'Later' })).statusCode).toBe(
      200,
    );
    // A refused rename (the title is taken) leaves no entry.
    await api('POST', `/tenants/${tenant.id}/tags`, su.auth, { title: 'Taken' });
    expect((await api('PUT', `/tenants/${tenant.id}/tags/${tag.id}`, su.auth, { title: 'taken' })).statusCode).toBe(
      409,
    );
    expect((await api('DELETE', `/tenants/${tenant.id}/tags/${tag.id}`, su.auth)).statusCode).toBe(204);
    const rows = (await rowsFor(tag.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows.map((r) => [r.action, r.recordType, r.tenantId, r.before, r.after])).toEqual([
      ['tenant.settingsChanged', 'tags', tenant.id, null, { title: 'Urgent' }],
      ['tenant.settingsChanged', 'tags', tenant.id, { title: 'Urgent' }, { title: 'Later' }],
      ['tenant.settingsChanged', 'tags', tenant.id, { title: 'Later' }, null],
    ]);
  });

  it('has no route that edits or deletes an entry', () => {
    const writes = ctx.app
      .listRoutes()
      .filter((r) => r.url.startsWith('/core/api/audit') && r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes).toEqual([]);
  });
});

describe('GET /core/api/audit: who sees what', () => {
  async function world() {
    const partner = await ctx.factories.tenant({ name: `Partner ${Math.random()}`, isPartnerTenant: true });
    const run = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const other = await ctx.factories.tenant();
    const marker = `scope-${Math.random().toString(36).slice(2, 10)}`;
    const { audit } = ctx.app.services;
    for (const [tenantId, suffix] of [
      [run.id, 'run'],
      [other.id, 'other'],
      [null, 'platform'],
    ] as const) {
      await audit.recordAlone({
        action: 'tenant.updated',
        tenantId,
        recordType: marker,
        recordId: `${marker}-${suffix}`,
      });
    }
    return { partner, run, other, marker };
  }
  const seen = async (auth: Headers, marker: string) =>
    (await entriesOf(auth, `?recordType=${marker}`)).data.map((e) => e.recordId.replace(`${marker}-`, '')).sort();

  it('shows a super administrator every tenant’s entries and platform entries', async () => {
    const { marker } = await world();
    const su = await ctx.actor(['Superadmin']);
    expect(await seen(su.auth, marker)).toEqual(['other', 'platform', 'run']);
  });

  it('shows a partner manager the entries of the tenants their partner tenant runs', async () => {
    const { partner, marker } = await world();
    const pm = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    expect(await seen(pm.auth, marker)).toEqual(['run']);
  });

  it('shows a tenant administrator their active tenant’s entries only', async () => {
    const { run, other, marker } = await world();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [run.id, other.id], activeTenant: run.id });
    expect(await seen(admin.auth, marker)).toEqual(['run']);
    // Asking for another tenant's entries by filter still shows only their own.
    expect((await entriesOf(admin.auth, `?recordType=${marker}&tenantId=${other.id}`)).total).toBe(0);
  });

  it('offers as actors only the people in entries the caller may read', async () => {
    const partner = await ctx.factories.tenant({ name: `Partner ${Math.random()}`, isPartnerTenant: true });
    const run = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const other = await ctx.factories.tenant();
    const [inRun, realInRun, inOther, onPlatform, idle] = await Promise.all(
      Array.from({ length: 5 }, () => ctx.factories.user()),
    );
    const { audit } = ctx.app.services;
    await audit.recordAlone({
      action: 'tenant.updated',
      tenantId: run.id,
      actorId: inRun!.id,
      realActorId: realInRun!.id,
    });
    await audit.recordAlone({ action: 'tenant.updated', tenantId: other.id, actorId: inOther!.id });
    await audit.recordAlone({ action: 'tenant.updated', tenantId: null, actorId: onPlatform!.id });
    const actorsOf = async (auth: Headers) => {
      const res = await api('GET', '/audit/actors', auth);
      expect(res.statusCode).toBe(200);
      const ids = new Set((res.json() as { id: string }[]).map((a) => a.id));
      return [inRun, realInRun, inOther, onPlatform, idle].map((u) => ids.has(u!.id));
    };
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [run.id], activeTenant: run.id });
    expect(await actorsOf(admin.auth)).toEqual([true, true, false, false, false]);
    const pm = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    expect(await actorsOf(pm.auth)).toEqual([true, true, false, false, false]);
    const su = await ctx.actor(['Superadmin']);
    expect(await actorsOf(su.auth)).toEqual([true, true, true, true, false]);
  });

  it('refuses users, and a partner manager outside a partner tenant', async () => {
    const { run, other } = await world();
    const user = await ctx.actor(['User'], { tenants: [run.id], activeTenant: run.id });
    expect((await api('GET', '/audit', user.auth)).statusCode).toBe(403);
    expect((await api('GET', '/audit/export.csv', user.auth)).statusCode).toBe(403);
    const pm = await ctx.actor(['PartnerManager'], { tenants: [other.id], activeTenant: other.id });
    expect((await api('GET', '/audit', pm.auth)).statusCode).toBe(403);
    const lost = await ctx.actor(['TenantAdmin']);
    expect((await api('GET', '/audit', lost.auth)).statusCode).toBe(400);
  });

  it('filters by actor, action and period, and pages', async () => {
    const su = await ctx.actor(['Superadmin']);
    const actor = await ctx.factories.user();
    const marker = `filter-${Math.random().toString(36).slice(2, 10)}`;
    const { audit } = ctx.app.services;
    for (let i = 0; i < 3; i++) {
      await audit.recordAlone({ action: 'user.updated', actorId: actor.id, recordType: marker, recordId: `${i}` });
    }
    await audit.recordAlone({ action: 'user.deleted', recordType: marker, recordId: 'x' });
    expect((await entriesOf(su.auth, `?recordType=${marker}&actorId=${actor.id}`)).total).toBe(3);
    expect((await entriesOf(su.auth, `?recordType=${marker}&action=user.deleted`)).total).toBe(1);
    const page = await entriesOf(su.auth, `?recordType=${marker}&take=2&page=2`);
    expect(page).toMatchObject({ total: 4 });
    expect(page.data).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entriesOf(su.auth, `?recordType=${marker}&from=${today}&to=${today}&tz=0`)).total).toBe(4);
    expect((await entriesOf(su.auth, `?recordType=${marker}&to=2020-01-01`)).total).toBe(0);
    expect((await api('GET', '/audit?from=2026-02-30', su.auth)).statusCode).toBe(400);
    expect((await api('GET', '/audit?from=2026-13-45', su.auth)).statusCode).toBe(400);
    expect((await api('GET', '/audit?action=nope', su.auth)).statusCode).toBe(400);
    const actors = (await api('GET', '/audit/actors', su.auth)).json() as { id: string }[];
    expect(actors.map((a) => a.id)).toContain(actor.id);
  });
});

describe('GET /core/api/audit/export.csv', () => {
  it('streams the filtered entries as CSV, quoted and safe from spreadsheet formulas', async () => {
    const su = await ctx.actor(['Superadmin']);
    const marker = `csv-${Math.random().toString(36).slice(2, 10)}`;
    const tenant = await ctx.factories.tenant({ name: `=HYPERLINK("http://evil.test") ${marker}` });
    await ctx.app.services.audit.recordAlone({
      action: 'tenant.updated',
      tenantId: tenant.id,
      recordType: marker,
      recordId: '+1',
      before: { name: 'a, "b"' },
      after: { name: '@SUM(1)', secret: 'never' },
    });
    await ctx.app.services.audit.recordAlone({ action: 'user.deleted', recordType: marker, recordId: 'other' });
    const res = await api('GET', `/audit/export.csv?recordType=${marker}&action=tenant.updated`, su.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Action,Actor,Actor email,Real actor,Tenant,Record type,Record id,Before,After,Details,Address',
    );
    expect(lines).toHaveLength(2);
    const line = lines[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil.test"") ${marker}"`);
    expect(line).toContain(`,'+1,`);
    expect(line).toContain(String.raw`"{""name"":""a, \""b\""""}"`);
    expect(line).toContain('"{""name"":""@SUM(1)""}"');
    expect(line).not.toContain('never');
  });

  it('streams more entries than one batch, in order', async () => {
    const su = await ctx.actor(['Superadmin']);
    const marker = `many-${Math.random().toString(36).slice(2, 10)}`;
    const rows = Array.from({ length: 1201 }, (_, i) => ({
      action: 'user.updated',
      recordType: marker,
      recordId: `${i}`,
    }));
    await ctx.db.insert(auditLog).values(rows);
    const res = await api('GET', `/audit/export.csv?recordType=${marker}`, su.auth);
    const lines = res.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1201);
    expect(new Set(lines.map((l) => l.split(',')[7])).size).toBe(1201);
  });

  it("answers at api-contract.md's path, GET /audit/export, too", async () => {
    const su = await ctx.actor(['Superadmin']);
    const marker = `contract-${Math.random().toString(36).slice(2, 10)}`;
    await ctx.app.services.audit.recordAlone({ action: 'user.updated', recordType: marker, recordId: 'x' });
    const res = await api('GET', `/audit/export?recordType=${marker}`, su.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(2);
    const user = await ctx.actor(['User']);
    expect((await api('GET', '/audit/export', user.auth)).statusCode).toBe(403);
  });

  it('escapes cells', () => {
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tx')).toBe(`'\tx`);
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
  });
});

/** An entry of tenant B whose id the request names, with a note that must not leak. */
async function entryOfB(c: TestContext, tenantBId: string) {
  const id = `iso-${Math.random().toString(36).slice(2, 10)}`;
  const secret = `note-of-b-${Math.random().toString(36).slice(2, 10)}`;
  await c.app.services.audit.recordAlone({
    action: 'tenant.updated',
    tenantId: tenantBId,
    recordId: id,
    data: { note: secret },
  });
  return { id, secret };
}

describeTenantIsolation([
  {
    name: 'GET /core/api/audit',
    method: 'GET',
    url: (id) => `/core/api/audit?recordId=${id}`,
    list: true,
    createInTenantB: entryOfB,
  },
  {
    name: 'GET /core/api/audit/export.csv',
    method: 'GET',
    url: (id) => `/core/api/audit/export.csv?recordId=${id}`,
    list: true,
    createInTenantB: entryOfB,
  },
  {
    name: 'GET /core/api/audit/export',
    method: 'GET',
    url: (id) => `/core/api/audit/export?recordId=${id}`,
    list: true,
    createInTenantB: entryOfB,
  },
]);

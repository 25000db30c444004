import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { multipart } from '../../../test/multipart.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { tenantMemberships } from './users.schema.js';

// Issue 45: a person's job title, phone, team and department in a tenant (decision 034).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/core/api${url}`, headers, ...(payload && { payload }) });
const uniq = () => Math.random().toString(36).slice(2, 8);

async function setup() {
  const tenant = await ctx.factories.tenant();
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  const team = await ctx.factories.team(tenant.id, 'Blue team');
  const department = await ctx.factories.team(tenant.id, 'Finance', 'departments');
  const person = await ctx.factories.user({ name: 'Pia', surname: 'Person', tenantIds: [tenant.id] });
  return { tenant, admin, team, department, person };
}

const bodyOf = (u: { name: string; surname: string; email: string }, extra: object) => ({
  name: u.name,
  surname: u.surname,
  email: u.email,
  roles: ['User'],
  ...extra,
});

const membership = async (userId: string, tenantId: string) =>
  (
    await crossTenant('test', () =>
      ctx.db
        .select()
        .from(tenantMemberships)
        .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId))),
    )
  )[0]!;

describe('the person on the user form', () => {
  it('sets and clears title, phone, team and department on the active tenant’s membership', async () => {
    const { tenant, admin, team, department, person } = await setup();
    const options = (await api('GET', '/users/teams', admin.auth)).json();
    expect(options).toEqual({
      teams: [{ id: team.id, name: 'Blue team' }],
      departments: [{ id: department.id, name: 'Finance' }],
    });

    const set = await api(
      'PUT',
      `/users/${person.id}`,
      admin.auth,
      bodyOf(person, {
        tenantIds: [tenant.id],
        title: '  Head of\u202E things ',
        phone: '+45 12 34 56 78',
        teamId: team.id,
        departmentId: department.id,
      }),
    );
    expect(set.statusCode).toBe(200);
    // Bidi and control characters go, as in names; surrounding spaces too.
    expect(set.json()).toMatchObject({
      title: 'Head of things',
      phone: '+45 12 34 56 78',
      teamId: team.id,
      departmentId: department.id,
    });
    expect((await api('GET', `/users/${person.id}`, admin.auth)).json()).toMatchObject({ teamId: team.id });

    // Leaving the fields out keeps them; empty and null clear them.
    await api('PUT', `/users/${person.id}`, admin.auth, bodyOf(person, { tenantIds: [tenant.id] }));
    expect(await membership(person.id, tenant.id)).toMatchObject({ teamId: team.id, title: 'Head of things' });
    const cleared = await api(
      'PUT',
      `/users/${person.id}`,
      admin.auth,
      bodyOf(person, { tenantIds: [tenant.id], title: '', phone: '', teamId: null, departmentId: null }),
    );
    expect(cleared.json()).toMatchObject({ title: '', phone: '', teamId: null, departmentId: null });
  });

  it('creates a user with a team of the active tenant', async () => {
    const { admin, team } = await setup();
    const res = await api('POST', '/users', admin.auth, {
      name: 'Nina',
      email: `nina-${uniq()}@example.test`,
      roles: ['User'],
      teamId: team.id,
      title: 'Nurse',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ teamId: team.id, title: 'Nurse', departmentId: null });
  });

  it('refuses another tenant’s team or department, an unknown id, a bad phone and too long a title with 400', async () => {
    const { tenant, admin, person } = await setup();
    const other = await ctx.factories.tenant();
    const foreignTeam = await ctx.factories.team(other.id, 'Their team');
    const foreignDepartment = await ctx.factories.team(other.id, 'Their department', 'departments');
    const put = (extra: object) =>
      api('PUT', `/users/${person.id}`, admin.auth, bodyOf(person, { tenantIds: [tenant.id], ...extra }));

    for (const [extra, field, message] of [
      [{ teamId: foreignTeam.id }, 'teamId', 'notFound'],
      [{ departmentId: foreignDepartment.id }, 'departmentId', 'notFound'],
      [{ teamId: crypto.randomUUID() }, 'teamId', 'notFound'],
      [{ teamId: 'not-a-uuid' }, 'teamId', 'invalidId'],
      [{ phone: 'call me maybe' }, 'phone', 'invalidPhone'],
      [{ phone: '1'.repeat(31) }, 'phone', 'tooLong'],
      [{ title: 'x'.repeat(101) }, 'title', 'tooLong'],
    ] as const) {
      const res = await put(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect(await membership(person.id, tenant.id)).toMatchObject({ teamId: null, departmentId: null, phone: '' });
  });
});

describe('removing a team or department', () => {
  it('counts its members for the confirmation and clears their reference, keeping them in the tenant', async () => {
    const { tenant, team, department, person } = await setup();
    const su = await ctx.actor(['Superadmin']);
    const second = await ctx.factories.user({ tenantIds: [tenant.id] });
    const gone = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    await crossTenant('test', () =>
      ctx.db
        .update(tenantMemberships)
        .set({ teamId: team.id, departmentId: department.id })
        .where(eq(tenantMemberships.tenantId, tenant.id)),
    );
    const teams = (await api('GET', `/tenants/${tenant.id}/teams`, su.auth)).json();
    // Live people only (the admin, Pia and the second): the deleted user's membership is not counted.
    expect(teams.data).toEqual([expect.objectContaining({ id: team.id, name: 'Blue team', membersCount: 3 })]);
    const departments = (await api('GET', `/tenants/${tenant.id}/departments`, su.auth)).json();
    expect(departments.data[0]).toMatchObject({ id: department.id, membersCount: 3 });

    expect((await api('DELETE', `/tenants/${tenant.id}/teams/${team.id}`, su.auth)).statusCode).toBe(204);
    for (const u of [person, second, gone]) {
      expect(await membership(u.id, tenant.id)).toMatchObject({ teamId: null, departmentId: department.id });
    }
    expect((await api('DELETE', `/tenants/${tenant.id}/departments/${department.id}`, su.auth)).statusCode).toBe(204);
    expect(await membership(person.id, tenant.id)).toMatchObject({ departmentId: null });
  });
});

describe('import and export', () => {
  it('reads title, phone, team and department, and the export writes them back in the same columns', async () => {
    const { admin } = await setup();
    const tag = uniq();
    const csv = [
      'name,surname,email,title,phone,team,department',
      `Ida,Import,ida-${tag}@example.test,Nurse,+45 11 22 33 44,blue TEAM,Finance`,
      `Ole,Import,ole-${tag}@example.test,,,,`,
      `Bad,Import,bad-${tag}@example.test,Boss,not a phone,No such team,Nowhere`,
    ].join('\n');
    const m = multipart(Buffer.from(csv), 'users.csv');
    const preview = (
      await ctx.app.inject({
        method: 'POST',
        url: '/core/api/users/import',
        headers: { ...admin.auth, ...m.headers },
        payload: m.payload,
      })
    ).json();
    expect(preview.rows[0]).toMatchObject({ title: 'Nurse', phone: '+45 11 22 33 44', team: 'blue TEAM', errors: [] });
    expect(preview.rows[2].errors).toEqual([
      { field: 'phone', message: 'invalidPhone' },
      { field: 'team', message: 'unknownTeam' },
      { field: 'department', message: 'unknownDepartment' },
    ]);
    const confirmed = await api('POST', '/users/import/confirm', admin.auth, {
      rows: preview.rows.slice(0, 2).map(({ errors: _e, hasPassword: _p, ...row }: Record<string, unknown>) => row),
    });
    expect(confirmed.json()).toEqual({ created: 2 });

    const exported = await api('GET', '/users/export', admin.auth);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(
      expect.arrayContaining(['Name', 'Email', 'Title', 'Phone', 'Team', 'Department'].map((h) => h)),
    );
    const rows: Record<string, string>[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).text])));
    });
    expect(rows.find((r) => r.Email === `ida-${tag}@example.test`)).toMatchObject({
      Title: 'Nurse',
      Phone: '+45 11 22 33 44',
      Team: 'Blue team',
      Department: 'Finance',
    });
    expect(rows.find((r) => r.Email === `ole-${tag}@example.test`)).toMatchObject({ Title: '', Team: '' });
  });
});

describe('the person’s own title and phone (/profile/edit)', () => {
  it('sets them on the active tenant’s membership and shows them in the shell data', async () => {
    const { tenant } = await setup();
    const self = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    const res = await api('PATCH', '/me', self.auth, { title: 'Carer', phone: '(+45) 99-88-77' });
    expect(res.statusCode).toBe(200);
    const shell = (await api('GET', '/me/generaldata', self.auth)).json();
    expect(shell.activeUserData).toMatchObject({ title: 'Carer', phone: '(+45) 99-88-77' });
    const bad = await api('PATCH', '/me', self.auth, { phone: '12\u0007<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'phone', message: 'invalidPhone' });
  });
});

describeTenantIsolation([
  {
    name: 'GET /core/api/users/teams',
    method: 'GET',
    url: () => '/core/api/users/teams',
    list: true,
    async createInTenantB(c, tenantBId) {
      const team = await c.factories.team(tenantBId, 'Secret team of B');
      return { id: team.id, secret: 'Secret team of B' };
    },
  },
]);

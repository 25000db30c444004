import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type Headers, sessionIdOf, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { AppError } from '../../http/errors.js';
import { sessions } from '../auth/auth.schema.js';
import { tenantMemberships, users } from './users.schema.js';
import { writeConflict } from './write-conflict.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/core/api${url}`, headers, ...(payload && { payload }) });
const me = (token: string) => ctx.app.inject({ url: '/core/api/me/info', headers: bearer(token) });
const uniq = () => Math.random().toString(36).slice(2, 8);

/** Signs the user in and makes tenantId the session's active tenant. */
const sessionIn = async (email: string, tenantId: string) =>
  ctx.activateTenant((await ctx.signIn(email)).token, tenantId);

async function tenantWithAdmin() {
  const tenant = await ctx.factories.tenant();
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  return { tenant, admin };
}

/** A user's name as a body carries it unchanged. */
const nameOf = (u: { name: string; surname: string }) => ({ name: u.name, surname: u.surname });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nina',
  surname: 'New',
  email: `nina-${uniq()}@example.test`,
  roles: ['User'],
  ...overrides,
});

/** The admin saves the user with no tenant left: the removal that ends their sessions there. */
const takeOutOfTenants = (auth: Headers, u: { id: string; name: string; surname: string; email: string }) =>
  api('PUT', `/users/${u.id}`, auth, newUser({ ...nameOf(u), email: u.email, tenantIds: [] }));

describe('GET /core/api/users', () => {
  it('searches name, surname, full name and email; filters by role; pages; flags deleted users', async () => {
    const su = await ctx.actor(['Superadmin']);
    const tag = uniq();
    const t = await ctx.factories.tenant();
    const group = await ctx.factories.userGroup(t.id, 'Sales');
    const anna = await ctx.factories.user({
      name: 'Anna',
      surname: `Berg${tag}`,
      roles: ['TenantAdmin'],
      tenantIds: [t.id],
    });
    await ctx.factories.user({ name: 'Bo', surname: `Berg${tag}`, email: `bo-${tag}@example.test` });
    const gone = await ctx.factories.user({ name: 'Carl', surname: `Berg${tag}`, deletedAt: new Date() });
    const { userGroupMembers } = await import('../usergroups/usergroups.schema.js');
    await crossTenant('test fixtures', () =>
      ctx.db.insert(userGroupMembers).values({ groupId: group.id, userId: anna.id }),
    );

    const all = (await api('GET', `/users?search=berg${tag}`, su.auth)).json();
    expect(all).toMatchObject({ total: 3, page: 1, take: 50 });
    expect(all.data.map((u: { name: string }) => u.name)).toEqual(['Anna', 'Bo', 'Carl']);
    expect(all.data[0]).toMatchObject({
      id: anna.id,
      fullName: `Anna Berg${tag}`,
      rolesNames: ['TenantAdmin'],
      groupsNames: ['Sales'],
      deletedAt: null,
    });
    expect(all.data[2].deletedAt).not.toBeNull();
    expect(all.data[2].id).toBe(gone.id);

    const full = (await api('GET', `/users?search=${encodeURIComponent(`anna berg${tag}`)}`, su.auth)).json();
    expect(full.data.map((u: { id: string }) => u.id)).toEqual([anna.id]);
    const byEmail = (await api('GET', `/users?search=BO-${tag}@`, su.auth)).json();
    expect(byEmail.total).toBe(1);
    const admins = (await api('GET', `/users?search=berg${tag}&roles=admin`, su.auth)).json();
    expect(admins.data.map((u: { id: string }) => u.id)).toEqual([anna.id]);
    const two = (await api('GET', `/users?search=berg${tag}&roles=admin&roles=user`, su.auth)).json();
    expect(two.total).toBe(3);
    const page2 = (await api('GET', `/users?search=berg${tag}&take=2&page=2`, su.auth)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, take: 2 });
    expect(page2.data.map((u: { name: string }) => u.name)).toEqual(['Carl']);
    const past = (await api('GET', `/users?search=berg${tag}&take=2&page=9`, su.auth)).json();
    expect(past).toMatchObject({ data: [], total: 3 });
    const desc = (await api('GET', `/users?search=berg${tag}&sort=name&direction=desc`, su.auth)).json();
    expect(desc.data[0].name).toBe('Carl');
  });

  it('shows a tenant administrator the members of their active tenant only, with the group filter', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const tag = uniq();
    const inside = await ctx.factories.user({ surname: `Mine${tag}`, tenantIds: [tenant.id] });
    const grouped = await ctx.factories.user({ surname: `Mine${tag}`, tenantIds: [tenant.id] });
    await ctx.factories.user({ surname: `Mine${tag}`, tenantIds: [other.id] });
    const group = await ctx.factories.userGroup(tenant.id);
    expect(
      (await api('POST', '/users/assigngroups', admin.auth, { userIds: [grouped.id], groupIds: [group.id] }))
        .statusCode,
    ).toBe(204);

    const res = (await api('GET', `/users?search=mine${tag}`, admin.auth)).json();
    expect(res.data.map((u: { id: string }) => u.id).sort()).toEqual([inside.id, grouped.id].sort());
    const filtered = (await api('GET', `/users?search=mine${tag}&groupIds=${group.id}`, admin.auth)).json();
    expect(filtered.data.map((u: { id: string }) => u.id)).toEqual([grouped.id]);
    const foreignGroup = await ctx.factories.userGroup(other.id);
    const bad = await api('GET', `/users?groupIds=${foreignGroup.id}`, admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'groupIds.0', message: 'unknownGroup' }]);
  });

  it('refuses partner managers and users, and a tenant administrator without an active tenant', async () => {
    const t = await ctx.factories.tenant();
    for (const role of ['PartnerManager', 'User'] as const) {
      const a = await ctx.actor([role], { tenants: [t.id], activeTenant: t.id });
      expect((await api('GET', '/users', a.auth)).statusCode).toBe(403);
    }
    const lost = await ctx.actor(['TenantAdmin']);
    expect((await api('GET', '/users', lost.auth)).json().code).toBe('noActiveTenant');
  });

  it('returns 400 for an unknown role filter or sort', async () => {
    const su = await ctx.actor(['Superadmin']);
    expect((await api('GET', '/users?roles=owner', su.auth)).json().errors[0].field).toBe('querystring.roles.0');
    expect((await api('GET', '/users?sort=passwordHash', su.auth)).statusCode).toBe(400);
  });
});

describe('POST /core/api/users', () => {
  it('creates a user in the tenant administrator’s active tenant with groups', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const group = await ctx.factories.userGroup(tenant.id, 'Crew');
    const res = await api('POST', '/users', admin.auth, newUser({ groupIds: [group.id], password: 'Long-enough-1' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Nina',
      fullName: 'Nina New',
      rolesNames: ['User'],
      tenantIds: [tenant.id],
      groupIds: [group.id],
      groupsNames: ['Crew'],
      deletedAt: null,
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/login',
      payload: { email: res.json().email, password: 'Long-enough-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('returns 400 with field errors for bad input and 409 for a taken email (any case)', async () => {
    const su = await ctx.actor(['Superadmin']);
    const bad = await api('POST', '/users', su.auth, { name: ' ', email: 'nope', roles: [], password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'required' },
        { field: 'email', message: 'invalidEmail' },
        { field: 'password', message: 'passwordTooShort' },
        { field: 'roles', message: 'selectAtLeastOneRole' },
      ]),
    );
    const existing = await ctx.factories.user();
    const taken = await api('POST', '/users', su.auth, newUser({ email: existing.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'email', message: 'emailTaken' }]);
  });

  it('applies the password rule on create and update: common, the email’s local part, blank', async () => {
    const { admin } = await tenantWithAdmin();
    const email = `olga.olsen-${uniq()}@example.test`;
    const cases = [
      ['Welcome1', 'passwordTooCommon'],
      [`x-${email.split('@')[0]!.toUpperCase()}-x`, 'passwordContainsEmail'],
      [' '.repeat(12), 'passwordBlank'],
    ] as const;
    for (const [password, message] of cases) {
      const res = await api('POST', '/users', admin.auth, newUser({ email, password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', message }]);
    }
    const created = await api('POST', '/users', admin.auth, newUser({ email, password: 'Quiet-river-stone-4' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    for (const [password, message] of cases) {
      const res = await api('PUT', `/users/${id}`, admin.auth, newUser({ email, password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', message }]);
    }
    expect((await ctx.signIn(email, 'Quiet-river-stone-4')).user.id).toBe(id);
  });

  it('refuses a tenant administrator higher roles, other tenants and other tenants’ groups', async () => {
    const { admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const otherGroup = await ctx.factories.userGroup(other.id);
    const high = await api('POST', '/users', admin.auth, newUser({ roles: ['User', 'Superadmin'] }));
    expect(high.statusCode).toBe(403);
    expect(high.json().errors).toEqual([{ field: 'roles.1', message: 'onlySuperadmin' }]);
    const foreign = await api(
      'POST',
      '/users',
      admin.auth,
      newUser({ tenantIds: [other.id], groupIds: [otherGroup.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: 'tenantIds.0', message: 'unknownTenant' },
      { field: 'groupIds.0', message: 'unknownGroup' },
    ]);
  });

  it('refuses users beyond the partner tenant’s maxUsersCanCreate with 409, counting the whole partner family', async () => {
    const partner = await ctx.factories.tenant({ isPartnerTenant: true, maxUsersCanCreate: 3 });
    const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
    await ctx.factories.user({ tenantIds: [partner.id] });
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [child.id], activeTenant: child.id });
    // Family: one partner member + the admin = 2; one more fits.
    expect((await api('POST', '/users', admin.auth, newUser())).statusCode).toBe(201);
    const over = await api('POST', '/users', admin.auth, newUser());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'quotaExceeded' });
    expect(over.json().detail).toContain('may have at most 3 users');
    // Nothing was written.
    expect((await api('GET', '/users', admin.auth)).json().total).toBe(2);
    // A super administrator is not limited.
    const su = await ctx.actor(['Superadmin']);
    expect((await api('POST', '/users', su.auth, newUser({ tenantIds: [child.id] }))).statusCode).toBe(201);
  });
});

describe('GET, PUT /core/api/users/:id and POST /core/api/users/:id/restore', () => {
  it('answers one user with the tenants the caller shares', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const hidden = await ctx.factories.tenant();
    const u = await ctx.factories.user({ tenantIds: [tenant.id, hidden.id] });
    const res = await api('GET', `/users/${u.id}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().tenantIds).toEqual([tenant.id]);
    const su = await ctx.actor(['Superadmin']);
    expect((await api('GET', `/users/${u.id}`, su.auth)).json().tenantIds.sort()).toEqual(
      [tenant.id, hidden.id].sort(),
    );
  });

  it('updates a user, keeps memberships the admin does not manage, and ends their sessions when roles change', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const elsewhere = await ctx.factories.tenant();
    const shared = await ctx.factories.user({ tenantIds: [tenant.id, elsewhere.id] });
    // The account is shared: its name stays as it is (only a super administrator may change it).
    const res = await api(
      'PUT',
      `/users/${shared.id}`,
      admin.auth,
      newUser({ ...nameOf(shared), language: 'da', email: shared.email, tenantIds: [tenant.id] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: shared.name, language: 'da', rolesNames: ['User'] });
    const su = await ctx.actor(['Superadmin']);
    expect((await api('GET', `/users/${shared.id}`, su.auth)).json().tenantIds.sort()).toEqual(
      [tenant.id, elsewhere.id].sort(),
    );

    const own = await ctx.factories.user({ tenantIds: [tenant.id] });
    const session = await ctx.signIn(own.email);
    const promoted = await api(
      'PUT',
      `/users/${own.id}`,
      admin.auth,
      newUser({ email: own.email, roles: ['User', 'TenantAdmin'], tenantIds: [tenant.id] }),
    );
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().rolesNames).toEqual(['TenantAdmin', 'User']);
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('refuses one’s own password through the user form: changing it asks for the current one', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const su = await ctx.actor(['Superadmin']);
    for (const [who, tenantIds] of [
      [admin, [tenant.id]],
      [su, []],
    ] as const) {
      const own = await api(
        'PUT',
        `/users/${who.user.id}`,
        who.auth,
        newUser({
          ...nameOf(who.user),
          email: who.user.email,
          roles: who.user === su.user ? ['Superadmin'] : ['TenantAdmin'],
          tenantIds,
          password: 'Taken-over-123',
        }),
      );
      expect(own.statusCode).toBe(400);
      expect(own.json().errors).toEqual([{ field: 'password', message: 'useChangePassword' }]);
      // The password is as it was, and the session goes on.
      expect((await ctx.signIn(who.user.email)).token).toBeTruthy();
      expect((await ctx.app.inject({ url: '/core/api/me/info', headers: who.auth })).statusCode).toBe(200);
    }
    // Other fields of one's own account still save, and the administrator still sets others' passwords.
    const renamed = await api(
      'PUT',
      `/users/${admin.user.id}`,
      admin.auth,
      newUser({
        name: 'Renamed',
        surname: admin.user.surname,
        email: admin.user.email,
        roles: ['TenantAdmin'],
        tenantIds: [tenant.id],
      }),
    );
    expect(renamed.statusCode).toBe(200);
    const other = await ctx.factories.user({ tenantIds: [tenant.id] });
    const reset = await api(
      'PUT',
      `/users/${other.id}`,
      admin.auth,
      newUser({ ...nameOf(other), email: other.email, tenantIds: [tenant.id], password: 'Quiet-river-stone-4' }),
    );
    expect(reset.statusCode).toBe(200);
    expect((await ctx.signIn(other.email, 'Quiet-river-stone-4')).user.id).toBe(other.id);
  });

  it('refuses a tenant administrator the password, email and roles of a user who is also in another tenant', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    // An administrator of the other tenant who is also a member here.
    const victim = await ctx.factories.user({ roles: ['TenantAdmin'], tenantIds: [tenant.id, other.id] });
    const reset = await api('PUT', `/auth/resetpassword/${victim.id}`, admin.auth, { password: 'Taken-over-123' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().errors).toEqual([{ field: 'password', message: 'userInOtherTenants' }]);
    expect(reset.json().detail).toContain('only a super administrator');
    const hijack = await api(
      'PUT',
      `/users/${victim.id}`,
      admin.auth,
      newUser({
        ...nameOf(victim),
        email: `hijack-${uniq()}@example.test`,
        roles: ['TenantAdmin'],
        password: 'Taken-over-123',
      }),
    );
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json().errors).toEqual([
      { field: 'password', message: 'userInOtherTenants' },
      { field: 'email', message: 'userInOtherTenants' },
    ]);
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(unchanged!.email).toBe(victim.email);
    expect((await ctx.signIn(victim.email)).token).toBeTruthy();

    // Roles are global: promoting a shared user would make them an administrator of the other tenant too.
    const shared = await ctx.factories.user({ tenantIds: [tenant.id, other.id] });
    const promote = await api(
      'PUT',
      `/users/${shared.id}`,
      admin.auth,
      newUser({ ...nameOf(shared), email: shared.email, roles: ['User', 'TenantAdmin'] }),
    );
    expect(promote.statusCode).toBe(403);
    expect(promote.json().errors).toEqual([{ field: 'roles', message: 'userInOtherTenants' }]);
    const su = await ctx.actor(['Superadmin']);
    expect((await api('GET', `/users/${shared.id}`, su.auth)).json().rolesNames).toEqual(['User']);
    // Demoting the other tenant's administrator is refused just the same.
    const demote = await api(
      'PUT',
      `/users/${victim.id}`,
      admin.auth,
      newUser({ ...nameOf(victim), email: victim.email }),
    );
    expect(demote.json().errors).toEqual([{ field: 'roles', message: 'userInOtherTenants' }]);

    // An administrator of both tenants may; so may a super administrator.
    const both = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id, other.id], activeTenant: tenant.id });
    expect(
      (await api('PUT', `/auth/resetpassword/${victim.id}`, both.auth, { password: 'Agreed-reset-123' })).statusCode,
    ).toBe(200);
    const bySuper = await api(
      'PUT',
      `/users/${shared.id}`,
      su.auth,
      newUser({ email: shared.email, roles: ['User', 'TenantAdmin'], tenantIds: [tenant.id, other.id] }),
    );
    expect(bySuper.statusCode).toBe(200);
  });

  it('refuses a tenant administrator the name of a shared account with 403, and flags such accounts', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const shared = await ctx.factories.user({ tenantIds: [tenant.id, other.id] });
    const own = await ctx.factories.user({ tenantIds: [tenant.id] });

    const detail = await api('GET', `/users/${shared.id}`, admin.auth);
    expect(detail.json()).toMatchObject({ sharedWithOtherTenants: true, tenantIds: [tenant.id] });
    expect((await api('GET', `/users/${own.id}`, admin.auth)).json().sharedWithOtherTenants).toBe(false);

    const rename = await api(
      'PUT',
      `/users/${shared.id}`,
      admin.auth,
      newUser({ name: 'Renamed', surname: 'Elsewhere', email: shared.email, tenantIds: [tenant.id] }),
    );
    expect(rename.statusCode).toBe(403);
    expect(rename.headers['content-type']).toContain('application/problem+json');
    expect(rename.json()).toMatchObject({ code: 'forbidden', status: 403 });
    expect(rename.json().errors).toEqual([
      { field: 'name', message: 'userInOtherTenants' },
      { field: 'surname', message: 'userInOtherTenants' },
    ]);
    expect(rename.json().detail).toContain('only a super administrator can change their name, surname');
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, shared.id));
    expect(unchanged).toMatchObject({ name: shared.name, surname: shared.surname });

    // Their own tenant's user they may rename; a super administrator anyone, and never sees the flag.
    const renamed = await api(
      'PUT',
      `/users/${own.id}`,
      admin.auth,
      newUser({ name: 'Renamed', email: own.email, tenantIds: [tenant.id] }),
    );
    expect(renamed.json()).toMatchObject({ name: 'Renamed', sharedWithOtherTenants: false });
    const su = await ctx.actor(['Superadmin']);
    expect((await api('GET', `/users/${shared.id}`, su.auth)).json().sharedWithOtherTenants).toBe(false);
    const bySuper = await api(
      'PUT',
      `/users/${shared.id}`,
      su.auth,
      newUser({ name: 'Renamed', email: shared.email, tenantIds: [tenant.id, other.id] }),
    );
    expect(bySuper.json()).toMatchObject({ name: 'Renamed', sharedWithOtherTenants: false });
  });

  it('ends only the sessions working in the tenant a user is taken out of', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const u = await ctx.factories.user({ tenantIds: [tenant.id, other.id] });
    const inTenant = await sessionIn(u.email, tenant.id);
    const inOther = await sessionIn(u.email, other.id);
    // The second switch moved every session of the user (decision 017); put the first one back, as a
    // session the switch did not reach (an older one) would be.
    await ctx.db
      .update(sessions)
      .set({ activeTenantId: tenant.id })
      .where(eq(sessions.id, sessionIdOf(inTenant)));
    const res = await takeOutOfTenants(admin.auth, u);
    expect(res.statusCode).toBe(200);
    expect((await me(inTenant)).statusCode).toBe(401);
    expect((await me(inOther)).statusCode).toBe(200);
  });

  it('treats an id named twice as named once, and calls only a taken email emailTaken', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const group = await ctx.factories.userGroup(tenant.id);
    const created = await api(
      'POST',
      '/users',
      admin.auth,
      newUser({ roles: ['User', 'User'], tenantIds: [tenant.id, tenant.id], groupIds: [group.id, group.id] }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rolesNames: ['User'], tenantIds: [tenant.id], groupIds: [group.id] });
    const updated = await api(
      'PUT',
      `/users/${created.json().id}`,
      admin.auth,
      newUser({ email: created.json().email, tenantIds: [tenant.id, tenant.id], groupIds: [group.id, group.id] }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ tenantIds: [tenant.id], groupIds: [group.id] });
  });

  it('maps only the email index’s unique violation to emailTaken', async () => {
    const existing = await ctx.factories.user({ tenantIds: [(await ctx.factories.tenant()).id] });
    const caught = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (err) {
        return writeConflict(err);
      }
      throw new Error('the write should have failed');
    };
    const email = await caught(() =>
      ctx.db.insert(users).values({ name: 'Twin', email: existing.email.toUpperCase() }),
    );
    expect(email).toMatchObject({ code: 'conflict', errors: [{ field: 'email', message: 'emailTaken' }] });
    const [membership] = await ctx.db.select().from(tenantMemberships).where(eq(tenantMemberships.userId, existing.id));
    const twice = await caught(() => ctx.db.insert(tenantMemberships).values({ ...membership! }));
    expect(twice).toBeInstanceOf(AppError);
    expect(twice).toMatchObject({ code: 'conflict', errors: undefined });
    const other = new Error('not a database error');
    expect(writeConflict(other)).toBe(other);
  });

  it('ends the sessions of a user the admin takes out of their tenant (removal)', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const u = await ctx.factories.user({ tenantIds: [tenant.id] });
    const session = await ctx.signIn(u.email);
    const res = await takeOutOfTenants(admin.auth, u);
    expect(res.statusCode).toBe(200);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await api('GET', `/users/${u.id}`, admin.auth)).statusCode).toBe(404);
  });

  it('refuses a tenant administrator editing a super administrator or partner manager of their tenant', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const boss = await ctx.factories.user({ roles: ['PartnerManager'], tenantIds: [tenant.id] });
    const res = await api(
      'PUT',
      `/users/${boss.id}`,
      admin.auth,
      newUser({ email: boss.email, tenantIds: [tenant.id] }),
    );
    expect(res.statusCode).toBe(403);
    const reset = await api('PUT', `/auth/resetpassword/${boss.id}`, admin.auth, { password: 'Another-pass-1' });
    expect(reset.statusCode).toBe(403);
  });

  it('lets only a super administrator restore, as only they delete', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const u = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    const res = await api('POST', `/users/${u.id}/restore`, admin.auth);
    expect(res.statusCode).toBe(403);
    const [still] = await ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(still!.deletedAt).not.toBeNull();
  });

  it('restores a deleted user', async () => {
    const su = await ctx.actor(['Superadmin']);
    const u = await ctx.factories.user({ deletedAt: new Date() });
    const edit = await api('PUT', `/users/${u.id}`, su.auth, newUser({ email: u.email }));
    expect(edit.statusCode).toBe(409);
    const res = await api('POST', `/users/${u.id}/restore`, su.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().deletedAt).toBeNull();
    expect((await ctx.signIn(u.email)).token).toBeTruthy();
  });
});

describe('DELETE /core/api/users/:id and POST /core/api/users/deletemany', () => {
  it('lets only a super administrator delete; the user is flagged, signed out and can no longer sign in', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const u = await ctx.factories.user({ tenantIds: [tenant.id] });
    const session = await ctx.signIn(u.email);
    expect((await api('DELETE', `/users/${u.id}`, admin.auth)).statusCode).toBe(403);
    const su = await ctx.actor(['Superadmin']);
    expect((await api('DELETE', `/users/${u.id}`, su.auth)).statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
    const [s] = await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(s!.revokeReason).toBe('userDeleted');
    expect((await api('GET', `/users/${u.id}`, su.auth)).json().deletedAt).not.toBeNull();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/login',
      payload: { email: u.email, password: ctx.factories.PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await api('DELETE', `/users/${crypto.randomUUID()}`, su.auth)).statusCode).toBe(404);
    expect((await api('DELETE', `/users/${su.user.id}`, su.auth)).statusCode).toBe(400);
  });

  it('deletes many at once, or none when one id is unknown', async () => {
    const su = await ctx.actor(['Superadmin']);
    const a = await ctx.factories.user();
    const b = await ctx.factories.user();
    const none = await api('POST', '/users/deletemany', su.auth, { ids: [] });
    expect(none.json().errors).toEqual([{ field: 'ids', message: 'selectAtLeastOneUser' }]);
    const partly = await api('POST', '/users/deletemany', su.auth, { ids: [a.id, crypto.randomUUID()] });
    expect(partly.statusCode).toBe(404);
    const [stillA] = await ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(stillA!.deletedAt).toBeNull();
    expect((await api('POST', '/users/deletemany', su.auth, { ids: [a.id, b.id] })).statusCode).toBe(204);
    const rows = await ctx.db.select().from(users).where(eq(users.id, b.id));
    expect(rows[0]!.deletedAt).not.toBeNull();
  });
});

describe('POST /core/api/users/assigngroups and unassigngroups', () => {
  it('adds and removes users of the active tenant to and from its groups', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const g = await ctx.factories.userGroup(tenant.id, 'Team');
    const u = await ctx.factories.user({ tenantIds: [tenant.id] });
    expect(
      (await api('POST', '/users/assigngroups', admin.auth, { userIds: [u.id], groupIds: [g.id] })).statusCode,
    ).toBe(204);
    // Assigning twice is harmless.
    expect(
      (await api('POST', '/users/assigngroups', admin.auth, { userIds: [u.id], groupIds: [g.id] })).statusCode,
    ).toBe(204);
    expect((await api('GET', `/users/${u.id}`, admin.auth)).json().groupsNames).toEqual(['Team']);
    expect(
      (await api('POST', '/users/unassigngroups', admin.auth, { userIds: [u.id], groupIds: [g.id] })).statusCode,
    ).toBe(204);
    expect((await api('GET', `/users/${u.id}`, admin.auth)).json().groupsNames).toEqual([]);
  });

  it('refuses users outside the tenant, groups of other tenants and empty selections', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const g = await ctx.factories.userGroup(tenant.id);
    const stranger = await ctx.factories.user({ tenantIds: [other.id] });
    const res = await api('POST', '/users/assigngroups', admin.auth, { userIds: [stranger.id], groupIds: [g.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([{ field: 'userIds.0', message: 'unknownUser' }]);
    const otherGroup = await ctx.factories.userGroup(other.id);
    const mine = await ctx.factories.user({ tenantIds: [tenant.id] });
    const foreign = await api('POST', '/users/unassigngroups', admin.auth, {
      userIds: [mine.id],
      groupIds: [otherGroup.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual([{ field: 'groupIds.0', message: 'unknownGroup' }]);
    const empty = await api('POST', '/users/assigngroups', admin.auth, { userIds: [], groupIds: [] });
    expect(empty.json().errors).toEqual([
      { field: 'userIds', message: 'selectAtLeastOneUser' },
      { field: 'groupIds', message: 'selectAtLeastOneGroup' },
    ]);
  });
});

describe('GET /core/api/users/dataselect and /users/coaches', () => {
  it('gives members of the active tenant to its people, any tenant to a super administrator', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const other = await ctx.factories.tenant();
    const mate = await ctx.factories.user({ name: 'Mate', tenantIds: [tenant.id] });
    await ctx.factories.user({ name: 'Gone', tenantIds: [tenant.id], deletedAt: new Date() });
    const outsider = await ctx.factories.user({ tenantIds: [other.id] });
    const list = (await api('GET', '/users/dataselect', admin.auth)).json();
    expect(list.map((u: { id: string }) => u.id).sort()).toEqual([admin.user.id, mate.id].sort());
    expect((await api('GET', `/users/dataselect?tenantId=${other.id}`, admin.auth)).statusCode).toBe(404);
    const su = await ctx.actor(['Superadmin']);
    const theirs = (await api('GET', `/users/dataselect?tenantId=${other.id}`, su.auth)).json();
    expect(theirs).toEqual([{ id: outsider.id, fullName: 'Test Person', email: outsider.email, imagePath: null }]);
    const coaches = (await api('GET', '/users/coaches', admin.auth)).json();
    expect(coaches.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
  });

  it('gives a partner manager the people of their partner tenant and the tenants it runs', async () => {
    const partner = await ctx.factories.tenant({ isPartnerTenant: true });
    const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const manager = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    const kid = await ctx.factories.user({ tenantIds: [child.id] });
    await ctx.factories.user({ tenantIds: [(await ctx.factories.tenant()).id] });
    const list = (await api('GET', '/users/dataselect', manager.auth)).json();
    expect(list.map((u: { id: string }) => u.id).sort()).toEqual([manager.user.id, kid.id].sort());
  });
});

// A TenantAdmin or User of tenant A reaches no user of tenant B.
const userOfB = async (c: TestContext, tenantBId: string) => {
  const u = await c.factories.user({ name: 'Secretname', surname: 'Ofb', tenantIds: [tenantBId] });
  return { id: u.id, secret: 'Secretname' };
};
/** A user and a group of tenant B, as one id: `userId|groupId`. */
const userAndGroupOfB = async (c: TestContext, tenantBId: string) => {
  const { id, secret } = await userOfB(c, tenantBId);
  const g = await c.factories.userGroup(tenantBId, 'Secret group of B');
  return { id: `${id}|${g.id}`, secret };
};

describeTenantIsolation([
  { name: 'GET /core/api/users/:id', method: 'GET', url: (id) => `/core/api/users/${id}`, createInTenantB: userOfB },
  {
    name: 'PUT /core/api/users/:id',
    method: 'PUT',
    url: (id) => `/core/api/users/${id}`,
    payload: () => ({ name: 'Hijack', email: 'hijack@example.test', roles: ['User'] }),
    createInTenantB: userOfB,
  },
  {
    name: 'DELETE /core/api/users/:id',
    method: 'DELETE',
    url: (id) => `/core/api/users/${id}`,
    createInTenantB: userOfB,
  },
  {
    name: 'POST /core/api/users/:id/restore',
    method: 'POST',
    url: (id) => `/core/api/users/${id}/restore`,
    createInTenantB: userOfB,
  },
  {
    name: 'POST /core/api/users/deletemany',
    method: 'POST',
    url: () => '/core/api/users/deletemany',
    payload: (id) => ({ ids: [id] }),
    createInTenantB: userOfB,
  },
  ...(['assigngroups', 'unassigngroups'] as const).map((path) => ({
    name: `POST /core/api/users/${path}`,
    method: 'POST' as const,
    url: () => `/core/api/users/${path}`,
    createInTenantB: userAndGroupOfB,
    payload: (pair: string) => ({ userIds: [pair.split('|')[0]], groupIds: [pair.split('|')[1]] }),
  })),
  {
    name: 'PUT /core/api/auth/resetpassword/:id',
    method: 'PUT',
    url: (id) => `/core/api/auth/resetpassword/${id}`,
    payload: () => ({ password: 'Taken-over-123' }),
    createInTenantB: userOfB,
  },
  { name: 'GET /core/api/users', method: 'GET', url: () => '/core/api/users', list: true, createInTenantB: userOfB },
  {
    name: 'GET /core/api/users?search=',
    method: 'GET',
    url: () => '/core/api/users?search=secretname',
    list: true,
    createInTenantB: userOfB,
  },
  {
    name: 'GET /core/api/users/dataselect',
    method: 'GET',
    url: () => '/core/api/users/dataselect',
    list: true,
    createInTenantB: userOfB,
  },
  {
    name: 'GET /core/api/users/dataselect?tenantId=B',
    method: 'GET',
    url: (id) => `/core/api/users/dataselect?tenantId=${id}`,
    async createInTenantB(c, tenantBId) {
      await userOfB(c, tenantBId);
      return { id: tenantBId, secret: 'Secretname' };
    },
  },
  {
    name: 'GET /core/api/users/coaches',
    method: 'GET',
    url: () => '/core/api/users/coaches',
    list: true,
    createInTenantB: userOfB,
  },
]);

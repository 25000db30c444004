import { IMPERSONATION } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { auditLog } from '../audit/audit.schema.js';
import { sessions } from '../auth/auth.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const impersonate = (auth: Headers, payload: object, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/core/api/auth/impersonate',
    headers: auth,
    payload,
    ...(cookie && { cookies: { atrium_refresh: cookie } }),
  });
const unimpersonate = (auth: Headers) =>
  ctx.app.inject({ method: 'POST', url: '/core/api/auth/unimpersonate', headers: auth });
const refreshCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'atrium_refresh')?.value;

async function setup() {
  const tenant = await ctx.factories.tenant();
  const second = await ctx.factories.tenant();
  const target = await ctx.factories.user({ name: 'Tara', roles: ['TenantAdmin'], tenantIds: [tenant.id, second.id] });
  const su = await ctx.actor(['Superadmin']);
  return { tenant, second, target, su };
}

describe('POST /core/api/auth/impersonate', () => {
  it('answers the target user and a token marking the real actor, in the chosen tenant, and audits it', async () => {
    const { tenant, target, su } = await setup();
    const res = await impersonate(su.auth, { userId: target.id, tenantId: tenant.id });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(user).toMatchObject({
      id: target.id,
      impersonatorId: su.user.id,
      activeTenantId: tenant.id,
      isSuperadmin: false,
    });
    // The refresh cookie now names the impersonation session.
    expect(refreshCookie(res)).toBeTruthy();
    // The token works as the target: their tenant's users, not the super administrator's powers.
    const users = await ctx.app.inject({ url: '/core/api/users', headers: bearer(token) });
    expect(users.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/core/api/tenants', headers: bearer(token) })).statusCode).toBe(403);

    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, target.id), eq(sessions.impersonatorId, su.user.id)));
    const minutes = (session!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(IMPERSONATION.sessionMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(IMPERSONATION.sessionMinutes);
    expect(session!.rememberMe).toBe('browser');

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, su.user.id));
    expect(entry).toMatchObject({
      action: 'impersonation.started',
      targetUserId: target.id,
      tenantId: tenant.id,
    });
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps the impersonation short: refreshing does not extend it', async () => {
    const { tenant, target, su } = await setup();
    const res = await impersonate(su.auth, { userId: target.id, tenantId: tenant.id });
    const [before] = await ctx.db.select().from(sessions).where(eq(sessions.impersonatorId, su.user.id));
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/refresh',
      cookies: { atrium_refresh: refreshCookie(res)! },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.impersonatorId).toBe(su.user.id);
    const [after] = await ctx.db.select().from(sessions).where(eq(sessions.id, before!.id));
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
  });

  it('refuses another super administrator, a deleted user, yourself, an unknown user and a tenant not theirs', async () => {
    const { target, su } = await setup();
    const otherSuper = await ctx.factories.user({ roles: ['Superadmin'] });
    const gone = await ctx.factories.user({ deletedAt: new Date() });
    const foreign = await ctx.factories.tenant();
    const cases: [object, number, string | undefined][] = [
      [{ userId: otherSuper.id, tenantId: null }, 403, 'cannotImpersonateSuperadmin'],
      [{ userId: gone.id }, 400, 'userDeleted'],
      [{ userId: su.user.id }, 400, 'cannotImpersonateYourself'],
      [{ userId: crypto.randomUUID() }, 404, undefined],
      [{ userId: target.id, tenantId: foreign.id }, 400, 'notATenantOfTheUser'],
      [{ userId: target.id }, 400, 'notATenantOfTheUser'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await impersonate(su.auth, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status });
      if (message) expect(res.json().errors[0].message).toBe(message);
    }
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, su.user.id))).toEqual([]);
  });

  it('lets a user without tenants be viewed with no tenant', async () => {
    const su = await ctx.actor(['Superadmin']);
    const loner = await ctx.factories.user();
    const res = await impersonate(su.auth, { userId: loner.id, tenantId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.activeTenantId).toBeNull();
  });

  it('is for super administrators only, and not from inside an impersonation', async () => {
    const { tenant, target, su } = await setup();
    const victim = await ctx.factories.user({ tenantIds: [tenant.id] });
    for (const role of ['TenantAdmin', 'PartnerManager', 'User'] as const) {
      const a = await ctx.actor([role], { tenants: [tenant.id], activeTenant: tenant.id });
      expect((await impersonate(a.auth, { userId: victim.id, tenantId: tenant.id })).statusCode).toBe(403);
    }
    const inside = (await impersonate(su.auth, { userId: target.id, tenantId: tenant.id })).json();
    expect((await impersonate(bearer(inside.token), { userId: victim.id, tenantId: tenant.id })).statusCode).toBe(403);
  });
});

describe('while impersonating', () => {
  it('refuses password, email and account deletion changes', async () => {
    const { tenant, target, su } = await setup();
    const colleague = await ctx.factories.user({ tenantIds: [tenant.id] });
    const { token } = (await impersonate(su.auth, { userId: target.id, tenantId: tenant.id })).json();
    const as = bearer(token);
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/core/api/auth/resetpassword/${colleague.id}`,
      headers: as,
      payload: { password: 'Changed-by-imp-1' },
    });
    expect(reset.statusCode).toBe(403);
    const email = await ctx.app.inject({
      method: 'PUT',
      url: `/core/api/users/${colleague.id}`,
      headers: as,
      payload: { name: 'Col', email: 'changed@example.test', roles: ['User'], tenantIds: [tenant.id] },
    });
    expect(email.statusCode).toBe(403);
    const password = await ctx.app.inject({
      method: 'PUT',
      url: `/core/api/users/${colleague.id}`,
      headers: as,
      payload: {
        name: 'Col',
        email: colleague.email,
        password: 'Changed-by-imp-1',
        roles: ['User'],
        tenantIds: [tenant.id],
      },
    });
    expect(password.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/changepassword',
      headers: as,
      payload: { password: 'Changed-by-imp-1', currentPassword: ctx.factories.PASSWORD },
    });
    expect(own.statusCode).toBe(403);
    // Other edits of a colleague still work: viewing as an administrator is meant to be useful.
    const rename = await ctx.app.inject({
      method: 'PUT',
      url: `/core/api/users/${colleague.id}`,
      headers: as,
      payload: { name: 'Renamed', email: colleague.email, roles: ['User'], tenantIds: [tenant.id] },
    });
    expect(rename.statusCode).toBe(200);
  });
});

describe('POST /core/api/auth/unimpersonate', () => {
  it('returns the super administrator’s own user and token, resumes their session, ends the impersonation and audits it', async () => {
    const { second, target, su } = await setup();
    const started = await impersonate(su.auth, { userId: target.id, tenantId: second.id });
    const imp = started.json();
    const res = await unimpersonate(bearer(imp.token));
    expect(res.statusCode).toBe(200);
    const back = res.json();
    expect(back.user).toMatchObject({ id: su.user.id, isSuperadmin: true });
    expect(back.user.impersonatorId).toBeUndefined();
    expect((await ctx.app.inject({ url: '/core/api/tenants', headers: bearer(back.token) })).statusCode).toBe(200);
    // The impersonation token is dead; the resumed session refreshes with the new cookie.
    expect((await ctx.app.inject({ url: '/core/api/me/info', headers: bearer(imp.token) })).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/refresh',
      cookies: { atrium_refresh: refreshCookie(res)! },
    });
    expect(refreshed.json().user.id).toBe(su.user.id);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, su.user.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['impersonation.ended', 'impersonation.started']);
    const ended = entries.find((e) => e.action === 'impersonation.ended')!;
    expect(ended).toMatchObject({ targetUserId: target.id, tenantId: second.id });
  });

  it('tells the super administrator’s connections: ImpersonateStarted(userId, tenantId), then ImpersonateStoped()', async () => {
    const { tenant, target, su } = await setup();
    const toUser = vi.spyOn(ctx.app.hub, 'sendToUser');
    const toSession = vi.spyOn(ctx.app.hub, 'sendToSession');
    const logOut = vi.spyOn(ctx.app.hub, 'sessionsRevoked');
    try {
      const imp = (await impersonate(su.auth, { userId: target.id, tenantId: tenant.id })).json();
      expect(toUser).toHaveBeenCalledWith(su.user.id, 'ImpersonateStarted', [target.id, tenant.id]);
      await unimpersonate(bearer(imp.token));
      const [session] = await ctx.db.select().from(sessions).where(eq(sessions.impersonatorId, su.user.id));
      expect(toSession).toHaveBeenCalledWith(session!.id, 'ImpersonateStoped');
      // Ending an impersonation is not a sign-out: no LogOut for its tabs.
      expect(logOut.mock.calls.flat(2)).not.toContain(session!.id);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('answers 400 when not impersonating', async () => {
    const su = await ctx.actor(['Superadmin']);
    expect((await unimpersonate(su.auth)).statusCode).toBe(400);
  });

  it('answers 401 and still ends and audits the impersonation when the super administrator’s session is gone', async () => {
    const { tenant, target, su } = await setup();
    const imp = (await impersonate(su.auth, { userId: target.id, tenantId: tenant.id })).json();
    const [own] = await ctx.db.select().from(sessions).where(eq(sessions.userId, su.user.id));
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, own!.id));
    const res = await unimpersonate(bearer(imp.token));
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/core/api/me/info', headers: bearer(imp.token) })).statusCode).toBe(401);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, su.user.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['impersonation.ended', 'impersonation.started']);
  });
});

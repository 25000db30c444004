import { createHash } from 'node:crypto';
import { AUTH } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/harness.js';
import { users } from '../users/users.schema.js';
import { refreshTokens, sessions } from './auth.schema.js';
import { REFRESH_REUSE_GRACE_MS } from './auth.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (payload: object, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/core/api/auth/login', payload, remoteAddress: ip });
const refresh = (cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/core/api/auth/refresh',
    ...(cookie && { cookies: { atrium_refresh: cookie } }),
  });
const refreshCookie = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'atrium_refresh');

describe('POST /core/api/auth/login', () => {
  it('answers the user and an access token, and sets an httpOnly strict refresh cookie', async () => {
    const user = await ctx.factories.user({ email: 'Mixed.Case@Example.test', name: 'Mia', surname: 'Case' });
    const res = await login({ email: 'mixed.case@example.test', password: ctx.factories.PASSWORD, rememberMe: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, displayName: 'Mia Case', roles: ['User'], isSuperadmin: false });
    expect(body.token.split('.')).toHaveLength(3);
    const cookie = refreshCookie(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/core/api/auth' });
    // Without remember me the cookie ends with the browser.
    expect(cookie.maxAge).toBeUndefined();
  });

  it('keeps a remember-me cookie for 30 days', async () => {
    const user = await ctx.factories.user();
    const res = await login({ email: user.email, password: ctx.factories.PASSWORD, rememberMe: true });
    expect(refreshCookie(res)!.maxAge).toBe(AUTH.rememberMeDays * 86_400);
  });

  it('stores passwords as argon2id hashes', async () => {
    const user = await ctx.factories.user();
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('returns 400 with field errors for bad input, never 500', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([
      { field: 'email', message: 'invalidEmail' },
      { field: 'password', message: 'required' },
    ]);
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const user = await ctx.factories.user();
    const wrong = await login({ email: user.email, password: 'Wrong-password-1' }, '10.0.1.1');
    const unknown = await login({ email: 'nobody@example.test', password: 'Wrong-password-1' }, '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, instance: undefined });
    expect(strip(unknown.json())).toEqual(strip(wrong.json()));
  });

  it('refuses a deleted user', async () => {
    const user = await ctx.factories.user({ deletedAt: new Date() });
    const res = await login({ email: user.email, password: ctx.factories.PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 with Retry-After after 10 failures for one account, even with the right password', async () => {
    const user = await ctx.factories.user();
    for (let i = 0; i < AUTH.maxFailedLogins; i++) {
      const res = await login({ email: user.email, password: 'Wrong-password-1' }, `10.1.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ email: user.email, password: ctx.factories.PASSWORD }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AUTH.failedLoginWindowMinutes * 60);
  });

  it('answers 429 after 10 failures from one address across accounts', async () => {
    for (let i = 0; i < AUTH.maxFailedLogins; i++) {
      await login({ email: `probe${i}@example.test`, password: 'Wrong-password-1' }, '10.2.0.1');
    }
    const user = await ctx.factories.user();
    const blocked = await login({ email: user.email, password: ctx.factories.PASSWORD }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login({ email: user.email, password: ctx.factories.PASSWORD }, '10.2.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts parallel guesses against each other', async () => {
    const user = await ctx.factories.user();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => login({ email: user.email, password: 'Wrong-password-1' }, '10.3.0.1')),
    );
    expect(statuses.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(AUTH.maxFailedLogins);
    expect(statuses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(30 - AUTH.maxFailedLogins);
  });

  it('does not let refused attempts extend the lock, and clears the count on success', async () => {
    const user = await ctx.factories.user();
    for (let i = 0; i < AUTH.maxFailedLogins - 1; i++) {
      await login({ email: user.email, password: 'Wrong-password-1' }, '10.4.0.1');
    }
    expect((await login({ email: user.email, password: ctx.factories.PASSWORD }, '10.4.0.2')).statusCode).toBe(200);
    // The count started again: nine more failures still leave the account open.
    for (let i = 0; i < AUTH.maxFailedLogins - 1; i++) {
      await login({ email: user.email, password: 'Wrong-password-1' }, '10.4.0.3');
    }
    expect((await login({ email: user.email, password: ctx.factories.PASSWORD }, '10.4.0.4')).statusCode).toBe(200);
  });

  it('starts in the only tenant of a member of one tenant', async () => {
    const tenant = await ctx.factories.tenant();
    const user = await ctx.factories.user({ tenantIds: [tenant.id] });
    const res = await login({ email: user.email, password: ctx.factories.PASSWORD });
    expect(res.json().user.activeTenantId).toBe(tenant.id);
  });
});

describe('POST /core/api/auth/refresh', () => {
  it('rotates the refresh token and answers a fresh access token', async () => {
    const user = await ctx.factories.user();
    const first = await ctx.signIn(user.email);
    const res = await refresh(first.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    const next = refreshCookie(res)!.value;
    expect(next).not.toBe(first.cookie);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('answers a used refresh token again with the same successor within the grace window', async () => {
    // The first answer lost in transit (a phone losing its network): the cookie never changed.
    const user = await ctx.factories.user();
    const first = await ctx.signIn(user.email);
    const second = refreshCookie(await refresh(first.cookie))!.value;
    const again = await refresh(first.cookie);
    expect(again.statusCode).toBe(200);
    expect(refreshCookie(again)!.value).toBe(second);
    // The session goes on.
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('revokes the whole session when a used refresh token comes back after the grace window', async () => {
    const user = await ctx.factories.user();
    const first = await ctx.signIn(user.email);
    const second = refreshCookie(await refresh(first.cookie))!.value;
    await ctx.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, createHash('sha256').update(first.cookie).digest('hex')));
    const reuse = await refresh(first.cookie);
    expect(reuse.statusCode).toBe(401);
    // The legitimate successor is dead too, and so is the access token.
    expect((await refresh(second)).statusCode).toBe(401);
    const me = await ctx.app.inject({ url: '/core/api/me/info', headers: bearer(first.token) });
    expect(me.statusCode).toBe(401);
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.revokeReason).toBe('refreshTokenReuse');
  });

  it('revokes the whole session when a used refresh token comes back after its successor was used', async () => {
    // Within the window, but the successor's holder has moved on: two holders of one token.
    const user = await ctx.factories.user();
    const first = await ctx.signIn(user.email);
    const second = refreshCookie(await refresh(first.cookie))!.value;
    const third = refreshCookie(await refresh(second))!.value;
    expect((await refresh(first.cookie)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('answers 204 without a cookie (nothing to renew) and 401 with an unknown one', async () => {
    const none = await refresh();
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    expect((await refresh('made-up')).statusCode).toBe(401);
  });

  it('ends when the user is deleted', async () => {
    const user = await ctx.factories.user();
    const { cookie } = await ctx.signIn(user.email);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('POST /core/api/auth/logout', () => {
  it('revokes the session: access token and refresh cookie stop working', async () => {
    const user = await ctx.factories.user();
    const { token, cookie } = await ctx.signIn(user.email);
    const auth = bearer(token);
    expect((await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/core/api/auth/logout', headers: auth });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('works with only the refresh cookie', async () => {
    const user = await ctx.factories.user();
    const { cookie } = await ctx.signIn(user.email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/logout',
      cookies: { atrium_refresh: cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('POST /core/api/auth/activetenant', () => {
  it('switches to a tenant the user belongs to and remembers it for the next sign-in', async () => {
    const a = await ctx.factories.tenant();
    const b = await ctx.factories.tenant();
    const member = await ctx.actor(['User'], { tenants: [a.id, b.id], activeTenant: b.id });
    const info = await ctx.app.inject({ url: '/core/api/me/generaldata', headers: member.auth });
    expect(info.json().activeUserData.tenantSet).toBe(true);
    const again = await ctx.signIn(member.user.email);
    expect(again.user.activeTenantId).toBe(b.id);
  });

  it('refuses a tenant the user does not belong to', async () => {
    const a = await ctx.factories.tenant();
    const b = await ctx.factories.tenant();
    const member = await ctx.actor(['TenantAdmin'], { tenants: [a.id] });
    const res = await ctx.chooseTenant(member.auth, b.id);
    expect(res.statusCode).toBe(403);
  });

  it('lets a super administrator enter any tenant, and clear it', async () => {
    const t = await ctx.factories.tenant();
    const sa = await ctx.actor(['Superadmin'], { activeTenant: t.id });
    const cleared = await ctx.chooseTenant(sa.auth);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user.activeTenantId).toBeNull();
  });

  it('returns 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/core/api/auth/activetenant', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

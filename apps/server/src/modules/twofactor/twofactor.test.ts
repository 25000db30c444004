import { AUTH, TWO_FACTOR } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { auditLog } from '../audit/audit.schema.js';
import { tenants } from '../tenants/tenants.schema.js';
import { tenantMemberships } from '../users/users.schema.js';
import { twoFactorDevices, userTwoFactor } from './twofactor.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Res = Awaited<ReturnType<TestContext['app']['inject']>>;
/** A new client address per request, so the per-address sign-in limit of one test leaves the others alone. */
const anyAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;
const now = () => Math.floor(Date.now() / 1000);
/** The app's code `steps` time steps from now (the server accepts one step either way). */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });
const post = (url: string, payload?: object, headers: Headers = {}, cookies: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/core/api${url}`, payload, headers, cookies, remoteAddress: anyAddress() });
const login = (email: string, cookies: Record<string, string> = {}, password = ctx.factories.PASSWORD) =>
  post('/auth/login', { email, password, rememberMe: false }, {}, cookies);
const cookieOf = (res: Res, name: string) => res.cookies.find((c) => c.name === name);
/** Lets time pass for the replay guard: the last used step goes back, as if the next step had come. */
const nextStep = (userId: string) =>
  ctx.db.update(userTwoFactor).set({ lastUsedStep: null }).where(eq(userTwoFactor.userId, userId));

/** A signed-in user who turned two-factor on from the profile: their secret and recovery codes. */
async function withTwoFactor(opts: { tenants?: string[] } = {}) {
  const actor = await ctx.actor(['User'], { tenants: opts.tenants });
  const setup = await post('/me/2fa/setup', undefined, actor.auth);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await post('/me/2fa/confirm', { code: await codeOf(secret) }, actor.auth);
  expect(enable.statusCode).toBe(200);
  await nextStep(actor.user.id);
  return { ...actor, secret: secret as string, recoveryCodes: enable.json().recoveryCodes as string[] };
}

describe('turning two-factor on from the profile', () => {
  it('shows a secret and QR code once, turns on with a first code and answers ten recovery codes', async () => {
    const actor = await ctx.actor(['User']);
    expect((await ctx.app.inject({ url: '/core/api/me/2fa', headers: actor.auth })).json()).toMatchObject({
      enabled: false,
    });
    const setup = await post('/me/2fa/setup', undefined, actor.auth);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Atrium:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Stored encrypted, not as the secret itself.
    const [row] = await ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, actor.user.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();

    const wrong = await post('/me/2fa/confirm', { code: '000000' }, actor.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'code', message: 'invalidCode' }]);

    const enable = await post('/me/2fa/confirm', { code: await codeOf(secret) }, actor.auth);
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recoveryCodes;
    expect(codes).toHaveLength(TWO_FACTOR.recoveryCodes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const status = (await ctx.app.inject({ url: '/core/api/me/2fa', headers: actor.auth })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, rememberedDevices: 0 });
    // Once on, a new setup cannot replace the secret.
    expect((await post('/me/2fa/setup', undefined, actor.auth)).statusCode).toBe(409);
  });

  it('refuses a code for a setup not started, and bad input with 400 (never 500)', async () => {
    const actor = await ctx.actor(['User']);
    const res = await post('/me/2fa/confirm', { code: '123456' }, actor.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'code', message: 'twoFactorNotStarted' }]);
    expect((await post('/me/2fa/confirm', { code: 'abc' }, actor.auth)).statusCode).toBe(400);
    expect((await post('/auth/login/2fa', { challenge: 'x', code: '' })).statusCode).toBe(400);
    expect((await post('/auth/login/2fa', { challenge: 'forged', code: '123456' })).statusCode).toBe(401);
    expect((await post('/me/2fa/setup')).statusCode).toBe(401);
  });

  it('turning off needs the password and a code; remembered devices are revoked', async () => {
    const { auth, secret, user } = await withTwoFactor();
    const device = await rememberedDevice(user.email, secret);
    await nextStep(user.id);
    const noPassword = await post(
      '/me/2fa/disable',
      { password: 'Wrong-password-9', code: await codeOf(secret) },
      auth,
    );
    expect(noPassword.json().errors).toEqual([{ field: 'password', message: 'wrongCurrentPassword' }]);
    const noCode = await post('/me/2fa/disable', { password: ctx.factories.PASSWORD, code: '000000' }, auth);
    expect(noCode.json().errors).toEqual([{ field: 'code', message: 'invalidCode' }]);
    await nextStep(user.id);
    const off = await post('/me/2fa/disable', { password: ctx.factories.PASSWORD, code: await codeOf(secret) }, auth);
    expect(off.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/core/api/me/2fa', headers: auth })).json().enabled).toBe(false);
    // Plain sign-in again; and when it is turned on anew, the old device cookie no longer skips the code.
    expect((await login(user.email)).json().token).toBeTruthy();
    const setup = await post('/me/2fa/setup', undefined, auth);
    await post('/me/2fa/confirm', { code: await codeOf(setup.json().secret, 1) }, auth);
    expect((await login(user.email, { atrium_2fa_device: device })).json().twoFactor).toBe('code');
  });
});

/** Signs in with password, code and 'remember this device'; answers the device cookie's value. */
async function rememberedDevice(email: string, secret: string) {
  const first = await login(email);
  const res = await post('/auth/login/2fa', {
    challenge: first.json().challenge,
    code: await codeOf(secret, 1),
    rememberDevice: true,
  });
  expect(res.statusCode).toBe(200);
  const cookie = cookieOf(res, 'atrium_2fa_device')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/core/api/auth' });
  expect(cookie.maxAge).toBe(TWO_FACTOR.rememberDeviceDays * 86_400);
  return cookie.value;
}

describe('signing in with two-factor on', () => {
  it('asks for the code after the password (no session before it), then signs in', async () => {
    const { user, secret } = await withTwoFactor();
    const first = await login(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactor: 'code', challenge: expect.any(String) });
    expect(cookieOf(first, 'atrium_refresh')).toBeUndefined();
    // The challenge is no access token.
    const me = await ctx.app.inject({
      url: '/core/api/me/info',
      headers: bearer(first.json().challenge),
    });
    expect(me.statusCode).toBe(401);

    const res = await post('/auth/login/2fa', { challenge: first.json().challenge, code: await codeOf(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(cookieOf(res, 'atrium_refresh')).toBeDefined();
    expect(cookieOf(res, 'atrium_2fa_device')).toBeUndefined();
  });

  it('refuses a code used before (replay), even in a new sign-in', async () => {
    const { user, secret } = await withTwoFactor();
    const code = await codeOf(secret);
    const first = await login(user.email);
    expect((await post('/auth/login/2fa', { challenge: first.json().challenge, code })).statusCode).toBe(200);
    const again = await post('/auth/login/2fa', { challenge: first.json().challenge, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'code', message: 'invalidCode' }]);
    const second = await login(user.email);
    expect((await post('/auth/login/2fa', { challenge: second.json().challenge, code })).statusCode).toBe(400);
  });

  it('takes a recovery code instead of a code, once', async () => {
    const { user, recoveryCodes, auth } = await withTwoFactor();
    const first = await login(user.email);
    // Typed in capitals and with spaces, it still counts.
    const typed = ` ${recoveryCodes[3]!.toUpperCase()} `;
    const res = await post('/auth/login/2fa', { challenge: first.json().challenge, code: typed });
    expect(res.statusCode).toBe(200);
    const second = await login(user.email);
    const again = await post('/auth/login/2fa', { challenge: second.json().challenge, code: recoveryCodes[3] });
    expect(again.statusCode).toBe(400);
    const status = (await ctx.app.inject({ url: '/core/api/me/2fa', headers: auth })).json();
    expect(status.recoveryCodesLeft).toBe(9);
  });

  it('rate-limits wrong codes like passwords (429 with Retry-After)', async () => {
    const { user, secret } = await withTwoFactor();
    const { challenge } = (await login(user.email)).json();
    let last: Res | undefined;
    for (let i = 0; i <= AUTH.maxFailedLogins; i++) {
      last = await post('/auth/login/2fa', { challenge, code: String(100000 + i) });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // The right code is refused too while the limit holds.
    expect((await post('/auth/login/2fa', { challenge, code: await codeOf(secret) })).statusCode).toBe(429);
  });

  it("a remembered device skips the code; a forged, another user's or an expired one does not", async () => {
    const { user, secret } = await withTwoFactor();
    const device = await rememberedDevice(user.email, secret);
    const skipped = await login(user.email, { atrium_2fa_device: device });
    expect(skipped.json().token).toBeTruthy();
    expect((await login(user.email, { atrium_2fa_device: 'forged' })).json().twoFactor).toBe('code');
    const other = await withTwoFactor();
    expect((await login(other.user.email, { atrium_2fa_device: device })).json().twoFactor).toBe('code');
    await ctx.db
      .update(twoFactorDevices)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorDevices.userId, user.id));
    expect((await login(user.email, { atrium_2fa_device: device })).json().twoFactor).toBe('code');
  });

  it('does not ask the impersonated user for their code', async () => {
    const tenant = await ctx.factories.tenant();
    const { user } = await withTwoFactor({ tenants: [tenant.id] });
    await ctx.db.update(tenants).set({ requireTwoFactor: true }).where(eq(tenants.id, tenant.id));
    const without = await ctx.factories.user({ tenantIds: [tenant.id] });
    const su = await ctx.actor(['Superadmin']);
    // Neither the code of a user with two-factor nor the setup of one without is asked.
    const other = await post('/auth/impersonate', { userId: without.id, tenantId: tenant.id }, su.auth);
    expect(other.json().user).toMatchObject({ id: without.id, impersonatorId: su.user.id });
    const res = await post('/auth/impersonate', { userId: user.id, tenantId: tenant.id }, su.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, impersonatorId: su.user.id });
    // Nor may the impersonator change it.
    const asUser = bearer(res.json().token);
    expect((await post('/me/2fa/setup', undefined, asUser)).statusCode).toBe(403);
    expect(
      (await post('/me/2fa/disable', { password: ctx.factories.PASSWORD, code: '123456' }, asUser)).statusCode,
    ).toBe(403);
  });
});

describe('a tenant that requires two-factor', () => {
  it('leads its users without it through the setup after the password, then signs them in', async () => {
    const tenant = await ctx.factories.tenant({ requireTwoFactor: true });
    const user = await ctx.factories.user({ tenantIds: [tenant.id] });
    const first = await login(user.email);
    expect(first.json()).toEqual({ twoFactor: 'setup', challenge: expect.any(String) });
    expect(cookieOf(first, 'atrium_refresh')).toBeUndefined();
    const { challenge } = first.json();
    // A setup challenge is no code challenge, and the reverse.
    expect((await post('/auth/login/2fa', { challenge, code: '123456' })).statusCode).toBe(401);
    const setup = await post('/auth/twofactor/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const wrong = await post('/auth/twofactor/setup/confirm', { challenge, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const done = await post('/auth/twofactor/setup/confirm', { challenge, code: await codeOf(setup.json().secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: user.id, activeTenantId: tenant.id });
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(cookieOf(done, 'atrium_refresh')).toBeDefined();
    // From now on the code is asked.
    expect((await login(user.email)).json().twoFactor).toBe('code');
  });

  it('refuses a member without it a switch into the tenant until they turn it on', async () => {
    const open = await ctx.factories.tenant();
    const strict = await ctx.factories.tenant({ requireTwoFactor: true });
    // Signed in where nothing is required; then a member of the strict tenant too.
    const actor = await ctx.actor(['User'], { tenants: [open.id], activeTenant: open.id });
    await ctx.db.insert(tenantMemberships).values({ tenantId: strict.id, userId: actor.user.id });
    const refused = await post('/auth/activetenant', { tenantId: strict.id }, actor.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('twoFactorRequired');
    // The tenant without the requirement stays open to them.
    expect((await post('/auth/activetenant', { tenantId: open.id }, actor.auth)).statusCode).toBe(200);
    const setup = await post('/me/2fa/setup', undefined, actor.auth);
    const enable = await post('/me/2fa/confirm', { code: await codeOf(setup.json().secret) }, actor.auth);
    expect(enable.statusCode).toBe(200);
    expect((await post('/auth/activetenant', { tenantId: strict.id }, actor.auth)).statusCode).toBe(200);
  });

  it('is set on the tenant form by a super administrator, and leaves other tenants alone', async () => {
    const su = await ctx.actor(['Superadmin']);
    const member = await ctx.factories.user();
    const created = await post(
      '/tenants',
      { name: `Strict ${Date.now()}`, userIds: [member.id], requireTwoFactor: true },
      su.auth,
    );
    expect(created.statusCode).toBe(201);
    const got = await ctx.app.inject({ url: `/core/api/tenants/${created.json().id}`, headers: su.auth });
    expect(got.json().requireTwoFactor).toBe(true);
    expect((await login(member.email)).json().twoFactor).toBe('setup');

    const relaxed = await ctx.factories.tenant();
    const other = await ctx.factories.user({ tenantIds: [relaxed.id] });
    expect((await login(other.email)).json().token).toBeTruthy();
  });
});

describe("resetting a user's two-factor", () => {
  it('is for super administrators: it turns it off, revokes devices and is audited', async () => {
    const { user, secret } = await withTwoFactor();
    const device = await rememberedDevice(user.email, secret);
    const admin = await ctx.actor(['TenantAdmin']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/core/api/users/${user.id}/2fa/reset`,
      headers: admin.auth,
    });
    expect(refused.statusCode).toBe(403);

    const su = await ctx.actor(['Superadmin']);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/core/api/users/${user.id}/2fa/reset`,
      headers: su.auth,
    });
    expect(res.statusCode).toBe(204);
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(rows).toEqual([expect.objectContaining({ action: 'twoFactor.reset', actorId: su.user.id })]);
    // The user signs in with the password alone; turned on again, the old device cookie skips nothing.
    const signedIn = await login(user.email);
    expect(signedIn.json().token).toBeTruthy();
    const auth = bearer(signedIn.json().token);
    const setup = await post('/me/2fa/setup', undefined, auth);
    await post('/me/2fa/confirm', { code: await codeOf(setup.json().secret, 1) }, auth);
    expect((await login(user.email, { atrium_2fa_device: device })).json().twoFactor).toBe('code');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/00000000-0000-4000-8000-000000000000/2fa/reset',
      headers: su.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("api-contract.md's paths", () => {
  it('answers POST /me/2fa/setup, /me/2fa/confirm, /auth/login/2fa, /me/2fa/disable and /users/{id}/2fa/reset', async () => {
    const actor = await ctx.actor(['User']);
    const setup = await post('/me/2fa/setup', undefined, actor.auth);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const confirm = await post('/me/2fa/confirm', { code: await codeOf(secret) }, actor.auth);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(TWO_FACTOR.recoveryCodes);
    await nextStep(actor.user.id);

    const step = await login(actor.user.email);
    expect(step.json()).toMatchObject({ twoFactor: 'code' });
    const verified = await post('/auth/login/2fa', {
      challenge: step.json().challenge,
      code: await codeOf(secret),
      rememberDevice: false,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().token).toBeTruthy();
    await nextStep(actor.user.id);

    const disabled = await post(
      '/me/2fa/disable',
      { password: ctx.factories.PASSWORD, code: await codeOf(secret) },
      actor.auth,
    );
    expect(disabled.statusCode).toBe(204);

    const other = await withTwoFactor();
    const superadmin = await ctx.actor(['Superadmin']);
    expect((await post(`/users/${other.user.id}/2fa/reset`, undefined, actor.auth)).statusCode).toBe(403);
    expect((await post(`/users/${other.user.id}/2fa/reset`, undefined, superadmin.auth)).statusCode).toBe(204);
    const [row] = await ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, other.user.id));
    expect(row).toBeUndefined();
  });
});

import { AUTH } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/harness.js';
import { mailOutbox } from '../mail/mail.schema.js';
import { passwordResetTokens } from './passwords.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://atrium.example' });
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/core/api/auth/${url}`, payload, headers, remoteAddress });

/** Waits for the reset mails queued after forgot-password answers. */
const mailsQueued = () => ctx.app.services.passwords.settled();

/** The reset link of the newest mail to `to`. */
async function resetLinkFor(to: string) {
  await mailsQueued();
  const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const mail = rows.at(-1)!;
  const href = /https:\/\/atrium\.example\/resetpassword\?[^\s"]+/.exec(mail.text)![0];
  const url = new URL(href.replaceAll('&amp;', '&'));
  return { id: url.searchParams.get('id')!, token: url.searchParams.get('token')!, mail };
}

describe('POST /core/api/auth/forgotpassword', () => {
  it('answers 204 for an unknown address and sends nothing', async () => {
    const res = await post('forgotpassword', { email: 'ghost@example.test' }, {}, '10.9.0.1');
    expect(res.statusCode).toBe(204);
    await mailsQueued();
    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@example.test'));
    expect(rows).toEqual([]);
  });

  it('answers 204 and puts a reset link for the account in the outbox', async () => {
    const user = await ctx.factories.user({ name: 'Rita' });
    const res = await post('forgotpassword', { email: user.email.toUpperCase() }, {}, '10.9.0.2');
    expect(res.statusCode).toBe(204);
    const { id, token, mail } = await resetLinkFor(user.email);
    expect(id).toBe(user.id);
    expect(token.length).toBeGreaterThan(30);
    expect(mail.status).toBe('stored');
    expect(mail.html).toContain('Hello Rita');
    // Only a hash of the token is kept.
    const stored = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('writes the mail in the account’s language', async () => {
    const user = await ctx.factories.user({ name: 'Søren', language: 'da' });
    await post('forgotpassword', { email: user.email }, {}, '10.9.0.4');
    const { id, mail } = await resetLinkFor(user.email);
    expect(id).toBe(user.id);
    expect(mail.subject).toBe('Nulstil din adgangskode til Atrium');
    expect(mail.html).toContain('Hej Søren');
  });

  it('returns 400 for a malformed address', async () => {
    const res = await post('forgotpassword', { email: 'nope' }, {}, '10.9.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'email', message: 'invalidEmail' }]);
  });

  it('answers in the same time whether or not the account exists, and still mails the account', async () => {
    // A slow mail store (a busy database, a remote outbox) stands in for the account's work: before,
    // the answer waited for it; now it is done after the answer. 40 requests each, interleaved, each
    // from its own address (the per-address limit), each existing one for its own account (the
    // per-account limit).
    const send = ctx.app.services.mail.send;
    const slowSend = vi.spyOn(ctx.app.services.mail, 'send').mockImplementation(async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return send(message);
    });
    try {
      const accounts = [];
      for (let i = 0; i < 40; i++) accounts.push(await ctx.factories.user());
      const timed = async (email: string, remoteAddress: string) => {
        const started = performance.now();
        const res = await post('forgotpassword', { email }, {}, remoteAddress);
        expect(res.statusCode).toBe(204);
        return performance.now() - started;
      };
      const existing: number[] = [];
      const missing: number[] = [];
      for (const [i, account] of accounts.entries()) {
        existing.push(await timed(account.email, `10.8.${i}.1`));
        missing.push(await timed(`nobody-${i}-${account.id}@example.test`, `10.8.${i}.2`));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
      expect(Math.abs(median(existing) - median(missing))).toBeLessThan(15);

      await mailsQueued();
      expect(slowSend).toHaveBeenCalledTimes(40);
      for (const account of accounts) expect((await resetLinkFor(account.email)).id).toBe(account.id);
    } finally {
      slowSend.mockRestore();
    }
  });

  it('does not slow the request after it for a known address more than for an unknown one', async () => {
    // Before, the known address's lookup, token and mail ran right after the answer, so the next
    // request on the process waited for them. Now the queue takes them apart from any request. 300
    // of each, in random order (enough that chance alone stays well under the bound); each known one
    // for its own account (the per-account limit), each from its own address (the per-address limit). The next request: a signed-in GET /me/info.
    const { token } = await ctx.signIn((await ctx.factories.user()).email);
    const accounts = [];
    for (let i = 0; i < 300; i++) accounts.push(await ctx.factories.user());
    const kinds = [...accounts.map(() => true), ...accounts.map(() => false)].sort(() => Math.random() - 0.5);
    const after = { known: [] as number[], unknown: [] as number[] };
    for (const [i, known] of kinds.entries()) {
      const email = known ? accounts[after.known.length]!.email : `nobody-${i}@example.test`;
      expect((await post('forgotpassword', { email }, {}, `10.7.${i >> 8}.${i & 255}`)).statusCode).toBe(204);
      const started = performance.now();
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/core/api/me/info',
        headers: bearer(token),
      });
      expect(me.statusCode).toBe(200);
      (known ? after.known : after.unknown).push(performance.now() - started);
    }
    // How often a known address's next request is slower than an unknown one's: 0.5 when the two
    // cannot be told apart (0.6 to 0.65 before, where the lookup, token and mail interleaved with it).
    let slower = 0;
    for (const k of after.known) for (const u of after.unknown) slower += k > u ? 1 : k === u ? 0.5 : 0;
    expect(slower / (after.known.length * after.unknown.length)).toBeLessThan(0.6);
    await mailsQueued();
    for (const account of accounts) expect((await resetLinkFor(account.email)).id).toBe(account.id);
  });

  it('logs and forgets a reset mail that cannot be prepared; the answer is 204 all the same', async () => {
    const user = await ctx.factories.user();
    await mailsQueued(); // nothing left over from an earlier test reaches the spy
    const failing = vi.spyOn(ctx.app.services.mail, 'send').mockRejectedValueOnce(new Error('outbox is down'));
    try {
      expect((await post('forgotpassword', { email: user.email }, {}, '10.9.0.5')).statusCode).toBe(204);
      await mailsQueued();
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      failing.mockRestore();
    }
    // The next request works again.
    await post('forgotpassword', { email: user.email }, {}, '10.9.0.6');
    expect((await resetLinkFor(user.email)).id).toBe(user.id);
  });

  it('limits requests per address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('forgotpassword', { email: `a${i}@example.test` }, {}, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses[5]).toBe(429);
  });
});

describe('POST /core/api/auth/resetpassword', () => {
  it('sets the new password once, and ends every session of the account', async () => {
    const user = await ctx.factories.user();
    const before = await ctx.signIn(user.email);
    await post('forgotpassword', { email: user.email }, {}, '10.9.1.1');
    const { id, token } = await resetLinkFor(user.email);

    const res = await post('resetpassword', { id, token, password: 'Brand-new-pass-1' }, {}, '10.9.1.1');
    expect(res.statusCode).toBe(204);
    const me = await ctx.app.inject({ url: '/core/api/me/info', headers: bearer(before.token) });
    expect(me.statusCode).toBe(401);
    await expect(ctx.signIn(user.email)).rejects.toThrow(/401/);
    expect((await ctx.signIn(user.email, 'Brand-new-pass-1')).user.id).toBe(user.id);

    const again = await post('resetpassword', { id, token, password: 'Another-pass-22' }, {}, '10.9.1.1');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'token', message: 'invalidOrExpiredResetLink' }]);
  });

  it('refuses an expired token', async () => {
    const user = await ctx.factories.user();
    await post('forgotpassword', { email: user.email }, {}, '10.9.2.1');
    const { id, token } = await resetLinkFor(user.email);
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await post('resetpassword', { id, token, password: 'Brand-new-pass-1' }, {}, '10.9.2.1')).statusCode).toBe(
      400,
    );
  });

  it('refuses a token of another account', async () => {
    const a = await ctx.factories.user();
    const b = await ctx.factories.user();
    await post('forgotpassword', { email: a.email }, {}, '10.9.3.1');
    const { token } = await resetLinkFor(a.email);
    expect(
      (await post('resetpassword', { id: b.id, token, password: 'Brand-new-pass-1' }, {}, '10.9.3.1')).statusCode,
    ).toBe(400);
  });

  it('refuses a common password, one with the email’s local part, or blanks; the link still works after', async () => {
    const user = await ctx.factories.user({ email: `hannah.holm-${Date.now()}@example.test` });
    await post('forgotpassword', { email: user.email }, {}, '10.9.4.2');
    const { id, token } = await resetLinkFor(user.email);
    const localPart = user.email.split('@')[0]!;
    const cases = [
      ['Password123', 'passwordTooCommon'],
      [`${localPart.toUpperCase()}!`, 'passwordContainsEmail'],
      [' '.repeat(10), 'passwordBlank'],
    ] as const;
    for (const [password, message] of cases) {
      const res = await post('resetpassword', { id, token, password }, {}, '10.9.4.2');
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', message }]);
    }
    expect((await post('resetpassword', { id, token, password: 'Brand-new-pass-1' }, {}, '10.9.4.2')).statusCode).toBe(
      204,
    );
  });

  it('does not judge the password before the link is proven (the rule would tell about the email)', async () => {
    const user = await ctx.factories.user({ email: `ingrid.lund-${Date.now()}@example.test` });
    const guess = `${user.email.split('@')[0]}-x`;
    const res = await post('resetpassword', { id: user.id, token: 'not-a-token', password: guess }, {}, '10.9.4.3');
    expect(res.json().errors).toEqual([{ field: 'token', message: 'invalidOrExpiredResetLink' }]);
  });

  it('checks the password length (8 to 128)', async () => {
    const user = await ctx.factories.user();
    const short = await post('resetpassword', { id: user.id, token: 'x', password: 'short' }, {}, '10.9.4.1');
    expect(short.json().errors).toEqual([{ field: 'password', message: 'passwordTooShort' }]);
    const long = await post('resetpassword', { id: user.id, token: 'x', password: 'x'.repeat(129) }, {}, '10.9.4.1');
    expect(long.json().errors).toEqual([{ field: 'password', message: 'passwordTooLong' }]);
  });
});

describe('POST /core/api/auth/changepassword', () => {
  it('needs the current password', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const res = await post(
      'changepassword',
      { password: 'Brand-new-pass-1', currentPassword: 'wrong-one' },
      bearer(token),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'currentPassword', message: 'wrongCurrentPassword' }]);
    const missing = await post('changepassword', { password: 'Brand-new-pass-1' }, bearer(token));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('currentPassword');
  });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await ctx.factories.user();
    const other = await ctx.signIn(user.email);
    const mine = await ctx.signIn(user.email);
    const res = await post(
      'changepassword',
      { password: 'Brand-new-pass-1', currentPassword: ctx.factories.PASSWORD },
      bearer(mine.token),
    );
    expect(res.statusCode).toBe(204);
    const info = (token: string) => ctx.app.inject({ url: '/core/api/me/info', headers: bearer(token) });
    expect((await info(mine.token)).statusCode).toBe(200);
    expect((await info(other.token)).statusCode).toBe(401);
    expect((await ctx.signIn(user.email, 'Brand-new-pass-1')).user.id).toBe(user.id);
  });

  it('refuses a new password that breaks the rule, after the current one is checked', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const change = (password: string, currentPassword = ctx.factories.PASSWORD) =>
      post('changepassword', { password, currentPassword }, bearer(token), '10.9.6.1');
    expect((await change('qwertyuiop')).json().errors).toEqual([{ field: 'password', message: 'passwordTooCommon' }]);
    expect((await change(`Mine-${user.email.split('@')[0]}`)).json().errors).toEqual([
      { field: 'password', message: 'passwordContainsEmail' },
    ]);
    expect((await change(' '.repeat(9))).json().errors).toEqual([{ field: 'password', message: 'passwordBlank' }]);
    expect((await change('qwertyuiop', 'wrong-one')).json().errors).toEqual([
      { field: 'currentPassword', message: 'wrongCurrentPassword' },
    ]);
    expect((await ctx.signIn(user.email)).token).toBeTruthy();
  });

  it('answers 429 with Retry-After once the current password is guessed wrong as often as sign-in allows', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const change = (currentPassword: string) =>
      post('changepassword', { password: 'Brand-new-pass-1', currentPassword }, bearer(token), '10.9.7.1');
    for (let i = 0; i < AUTH.maxFailedLogins; i++) {
      expect((await change(`wrong-guess-${i}`)).statusCode).toBe(400);
    }
    // Even the right password: the limit comes first.
    const blocked = await change(ctx.factories.PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('application/problem+json');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AUTH.failedLoginWindowMinutes * 60);
    // It is the sign-in limiter's count: signing in to the account waits too, from any address.
    await expect(ctx.signIn(user.email, ctx.factories.PASSWORD, { ip: '10.9.7.2' })).rejects.toThrow(/429/);
  });

  it("counts a signed-in user's wrong current passwords against their account and session, not their address", async () => {
    // A shared office address: one user guessing their current password must not lock a colleague out.
    const office = '10.9.8.1';
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email, ctx.factories.PASSWORD, { ip: office });
    const change = (currentPassword: string) =>
      post('changepassword', { password: 'Brand-new-pass-1', currentPassword }, bearer(token), office);
    for (let i = 0; i <= AUTH.maxFailedLogins; i++) await change(`wrong-guess-${i}`);
    expect((await change(ctx.factories.PASSWORD)).statusCode).toBe(429);
    // The colleague signs in from the same address.
    const colleague = await ctx.factories.user();
    expect((await ctx.signIn(colleague.email, ctx.factories.PASSWORD, { ip: office })).token).toBeTruthy();
    // And the colleague's own change-password guesses are their own session's.
    const other = await ctx.signIn(colleague.email, ctx.factories.PASSWORD, { ip: office });
    const res = await post(
      'changepassword',
      { password: 'Brand-new-pass-1', currentPassword: 'not-it' },
      bearer(other.token),
      office,
    );
    expect(res.statusCode).toBe(400);
  });

  it('clears the count once the current password is right', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const change = (password: string, currentPassword: string) =>
      post('changepassword', { password, currentPassword }, bearer(token), '10.9.7.3');
    for (let i = 0; i < AUTH.maxFailedLogins - 1; i++) await change('Brand-new-pass-1', `wrong-${i}`);
    expect((await change('Brand-new-pass-1', ctx.factories.PASSWORD)).statusCode).toBe(204);
    for (let i = 0; i < AUTH.maxFailedLogins - 1; i++) {
      expect((await change('Brand-new-pass-2', `wrong-again-${i}`)).statusCode).toBe(400);
    }
  });

  it('returns 401 without a token', async () => {
    expect((await post('changepassword', { password: 'Brand-new-pass-1', currentPassword: 'x' })).statusCode).toBe(401);
  });
});

/** PUT /auth/resetpassword/{id}: an administrator sets another user's password. */
const setPassword = (id: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/core/api/auth/resetpassword/${id}`, payload, headers });
const me = (token: string) => ctx.app.inject({ url: '/core/api/me/info', headers: bearer(token) });

describe('PUT /core/api/auth/resetpassword/:id', () => {
  it('lets a tenant administrator set a password of their tenant’s user: answers true and ends their sessions', async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const u = await ctx.factories.user({ tenantIds: [tenant.id] });
    const session = await ctx.signIn(u.email);
    const res = await setPassword(u.id, admin.auth, { password: 'Fresh-password-9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await ctx.signIn(u.email, 'Fresh-password-9')).token).toBeTruthy();
  });

  it('applies the password rule with the target account’s email', async () => {
    const su = await ctx.actor(['Superadmin']);
    const u = await ctx.factories.user({ email: `karl.krogh-${Date.now()}@example.test` });
    const common = await setPassword(u.id, su.auth, { password: 'football1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ field: 'password', message: 'passwordTooCommon' }]);
    const withEmail = await setPassword(u.id, su.auth, { password: `${u.email.split('@')[0]}-2` });
    expect(withEmail.json().errors).toEqual([{ field: 'password', message: 'passwordContainsEmail' }]);
    const blank = await setPassword(u.id, su.auth, { password: ' '.repeat(8) });
    expect(blank.json().errors).toEqual([{ field: 'password', message: 'passwordBlank' }]);
    expect((await ctx.signIn(u.email)).token).toBeTruthy();
  });

  it('enforces 8..128 characters, the admin’s tenants, and refuses other roles', async () => {
    const home = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [home.id], activeTenant: home.id });
    const su = await ctx.actor(['Superadmin']);
    const stranger = await ctx.factories.user({ tenantIds: [(await ctx.factories.tenant()).id] });
    const short = await setPassword(stranger.id, su.auth, { password: 'short' });
    expect(short.json().errors).toEqual([{ field: 'password', message: 'passwordTooShort' }]);
    const long = await setPassword(stranger.id, su.auth, { password: 'x'.repeat(129) });
    expect(long.json().errors).toEqual([{ field: 'password', message: 'passwordTooLong' }]);
    expect((await setPassword(stranger.id, admin.auth, { password: 'Long-enough-1' })).statusCode).toBe(404);
    expect((await setPassword(stranger.id, su.auth, { password: 'Long-enough-1' })).json()).toBe(true);
    const t = await ctx.factories.tenant();
    const plain = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    expect((await setPassword(stranger.id, plain.auth, { password: 'Long-enough-1' })).statusCode).toBe(403);
  });
});

describe('GET /core/api/mail/outbox', () => {
  it('lists mail for super administrators only', async () => {
    const user = await ctx.factories.user();
    await post('forgotpassword', { email: user.email }, {}, '10.9.5.1');
    await mailsQueued();
    const sa = await ctx.actor(['Superadmin']);
    const res = await ctx.app.inject({
      url: `/core/api/mail/outbox?search=${encodeURIComponent(user.email)}`,
      headers: sa.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      page: 1,
      data: [{ to: user.email, subject: 'Reset your Atrium password' }],
    });
    const admin = await ctx.actor(['TenantAdmin']);
    expect((await ctx.app.inject({ url: '/core/api/mail/outbox', headers: admin.auth })).statusCode).toBe(403);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { startIdentityProvider, walkSignIn } from '../../../test/identity-provider.js';
import { users } from '../users/users.schema.js';

const PUBLIC_URL = 'http://atrium.test';

describe('Microsoft 365 sign-in', () => {
  let ctx: TestContext;
  let idp: Awaited<ReturnType<typeof startIdentityProvider>>;

  beforeAll(async () => {
    idp = await startIdentityProvider({
      redirectUri: `${PUBLIC_URL}/office365auth`,
      accounts: {
        rita: { email: 'rita@contoso.test' },
        ritaOther: { email: 'rita@contoso.test' },
        stranger: { email: 'stranger@contoso.test' },
        lina: { email: 'lina@contoso.test' },
        omar: { email: 'omar@contoso.test' },
        intruder: { email: 'omar@contoso.test', tid: 'fabrikam' },
      },
      tenantId: 'contoso',
    });
    ctx = await createTestApp({
      PUBLIC_URL,
      OFFICE365_TENANT_ID: 'contoso',
      OFFICE365_CLIENT_ID: idp.clientId,
      OFFICE365_CLIENT_SECRET: idp.clientSecret,
      OFFICE365_ISSUER: idp.issuer,
      OFFICE365_HOST_PATTERN: '^atrium\\.',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await idp.close();
  });

  /** GET /auth/office, then the provider's pages; answers the callback URL and the flow cookie. */
  async function goThroughProvider(login: string, consent = true) {
    const res = await ctx.app.inject({ url: '/core/api/auth/office' });
    expect(res.statusCode).toBe(200);
    const flow = res.cookies.find((c) => c.name === 'atrium_office365')!;
    const callback = await walkSignIn(res.json().url, login, { consent });
    return { settings: res.json(), callback, flowCookie: flow.value };
  }
  const finish = (body: object, flowCookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/office',
      payload: body,
      ...(flowCookie && { cookies: { atrium_office365: flowCookie } }),
    });

  it('GET /auth/office answers the settings with a PKCE authorization URL', async () => {
    const res = await ctx.app.inject({ url: '/core/api/auth/office' });
    const body = res.json();
    expect(body).toMatchObject({
      enabled: true,
      tenantId: 'contoso',
      clientId: idp.clientId,
      scope: 'openid profile email',
      hostPattern: '^atrium\\.',
    });
    const url = new URL(body.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/office365auth`);
    expect(url.searchParams.get('state')).toBeTruthy();
    const flow = res.cookies.find((c) => c.name === 'atrium_office365')!;
    expect(flow).toMatchObject({ httpOnly: true, path: '/core/api/auth' });
  });

  it('signs in the user whose email matches and links the Microsoft account', async () => {
    const user = await ctx.factories.user({ email: 'rita@contoso.test' });
    const { callback, flowCookie } = await goThroughProvider('rita');
    expect(callback.pathname).toBe('/office365auth');
    const res = await finish(Object.fromEntries(callback.searchParams), flowCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect(res.cookies.find((c) => c.name === 'atrium_refresh')).toBeDefined();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.microsoftId).toBe('contoso:rita');
  });

  it('does not ask for a two-factor code nor its setup: Microsoft 365 relies on its own MFA (issue 31)', async () => {
    const tenant = await ctx.factories.tenant({ requireTwoFactor: true });
    const user = await ctx.factories.user({ email: 'lina@contoso.test', tenantIds: [tenant.id] });
    // Her password sign-in would be led through the setup the tenant requires.
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/login',
      payload: { email: user.email, password: ctx.factories.PASSWORD },
    });
    expect(password.json().twoFactor).toBe('setup');
    const { callback, flowCookie } = await goThroughProvider('lina');
    const res = await finish(Object.fromEntries(callback.searchParams), flowCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, activeTenantId: tenant.id });
  });

  it("refuses a second Microsoft account for an already linked user with 'alreadyLoginedByAnotherMicrosoftAccount'", async () => {
    const { callback, flowCookie } = await goThroughProvider('ritaOther');
    const res = await finish(Object.fromEntries(callback.searchParams), flowCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('alreadyLoginedByAnotherMicrosoftAccount');
  });

  it('refuses a Microsoft user without an Atrium account', async () => {
    const { callback, flowCookie } = await goThroughProvider('stranger');
    const res = await finish(Object.fromEntries(callback.searchParams), flowCookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('noAccountForMicrosoftUser');
  });

  it('refuses a wrong state and a missing flow cookie', async () => {
    await ctx.factories.user({ email: 'omar@contoso.test' });
    const { callback, flowCookie } = await goThroughProvider('omar');
    const code = callback.searchParams.get('code');
    const wrong = await finish({ code, state: 'forged-state' }, flowCookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'state', message: 'invalidState' }]);
    const noCookie = await finish(Object.fromEntries(callback.searchParams));
    expect(noCookie.statusCode).toBe(400);
  });

  it('returns to the callback with access_denied when consent is refused', async () => {
    const { callback } = await goThroughProvider('omar', false);
    expect(callback.pathname).toBe('/office365auth');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('refuses an account of an Entra tenant that is not allowed, even with a matching email', async () => {
    const { callback, flowCookie } = await goThroughProvider('intruder');
    const res = await finish(Object.fromEntries(callback.searchParams), flowCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('microsoftTenantNotAllowed');
  });

  it('refuses a made-up code', async () => {
    const { callback, flowCookie } = await goThroughProvider('omar');
    const res = await finish({ ...Object.fromEntries(callback.searchParams), code: 'made-up' }, flowCookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('microsoftLoginFailed');
  });
});

describe('Microsoft 365 sign-in when not configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers enabled false and refuses the code exchange', async () => {
    const res = await ctx.app.inject({ url: '/core/api/auth/office' });
    expect(res.json()).toEqual({
      enabled: false,
      tenantId: null,
      clientId: null,
      url: null,
      scope: null,
      hostPattern: null,
    });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/office',
      payload: { code: 'x', state: 'y' },
    });
    expect(post.statusCode).toBe(404);
  });
});

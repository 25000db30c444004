// Accounts end to end: forgot and reset password through the outbox, the GDPR dialog, the active-tenant
// chooser and remember me, and Microsoft 365 single sign-on against a real OpenID Connect provider
// (oidc-provider on loopback, started by e2e/run.mjs).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, DEMO_PASSWORD, IDP_ISSUER, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The identity provider's pages import a web font; this machine has no way out, so fail it at once.
  await context.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
  return context;
}

/** The API, called from Node with a token of its own (never the browser's session). */
async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${BASE_URL}/core/api${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const tokenOf = async (email: string, password = DEMO_PASSWORD) =>
  (await call<{ token: string }>('POST', '/auth/login', { email, password, rememberMe: false })).token;

/** A fresh account made by the demo super administrator; new accounts have not confirmed the GDPR notice. */
async function createAccount(opts: { name: string; tenants: string[]; language?: 'en' | 'da' }) {
  const admin = await tokenOf('superadmin@atrium.test');
  const all = await call<{ id: string; name: string }[]>('GET', '/tenants/all', undefined, admin);
  const tenantIds = opts.tenants.map((name) => {
    const tenant = all.find((t) => t.name === name);
    if (!tenant) throw new Error(`no demo tenant ${name}`);
    return tenant.id;
  });
  const email = `${opts.name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@atrium.test`;
  await call(
    'POST',
    '/users',
    {
      name: opts.name,
      surname: 'Tester',
      email,
      password: DEMO_PASSWORD,
      roles: ['User'],
      tenantIds,
      language: opts.language ?? 'en',
    },
    admin,
  );
  return { email };
}

type OutboxMail = { to: string; subject: string; text: string; html: string; status: string };

/** The newest mail to `to`, read from the outbox as the super administrator. */
async function lastMailTo(to: string): Promise<OutboxMail> {
  const admin = await tokenOf('superadmin@atrium.test');
  for (let attempt = 0; attempt < 20; attempt++) {
    const page = await call<{ data: OutboxMail[] }>(
      'GET',
      `/mail/outbox?search=${encodeURIComponent(to)}`,
      undefined,
      admin,
    );
    const mail = page.data.find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

async function storage(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

describe('forgot password -> mail in the outbox -> reset -> sign in', () => {
  it('mails a link that sets a new password once, which then signs in; the old one no longer does', async () => {
    const { email } = await createAccount({ name: 'Rita', tenants: ['Northwind Partners'], language: 'da' });
    const context = await newContext();
    const page = await context.newPage();

    // The link stays where it is when the Microsoft 365 button arrives below the form: it used to move
    // up by half the button's height, and a click at that moment missed it (the cause of a flake here).
    // The button's settings are held back until the link has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/core/api/auth/office', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await page.goto(`${BASE_URL}/signin`);
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await forgot.waitFor();
    const before = await forgot.boundingBox();
    release();
    await page.getByRole('button', { name: 'Sign in with Microsoft 365' }).waitFor();
    expect(await forgot.boundingBox()).toEqual(before);
    await forgot.click();
    await page.waitForURL(`${BASE_URL}/forgotpassword`);
    // The sign-in form stays on screen until the page's code has loaded: wait for the page itself.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await lastMailTo(email);
    // Rita's account is Danish: so is her mail.
    expect(mail.subject).toBe('Nulstil din adgangskode til Atrium');
    const link = /(https?:\/\/\S+\/resetpassword\?\S+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(BASE_URL);
    expect(url.searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(url.searchParams.get('token')).toBeTruthy();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill('short');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('The password must have at least 8 characters').waitFor();
    const newPassword = 'Rita-new-password-7';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Your password has been changed' }).waitFor();

    // The link is single use: a second try shows the returned error above the form.
    await page.goto(link!);
    await page.getByLabel(/^New password/).fill('Another-password-8');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect
      .poll(async () => page.getByRole('alert').textContent())
      .toContain('This reset link is invalid or has expired');

    // The old password is refused; the new one signs in, in the user's own language (Danish).
    await expect(tokenOf(email)).rejects.toThrow(/401/);
    await signIn(page, email, newPassword);
    await page.waitForURL(`${BASE_URL}/home`);
    // The page loads afresh once the tenant is set; Danish as soon as its strings have come.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('da-DK');
    // A new account has not confirmed the data-protection notice yet.
    await page.getByRole('dialog', { name: 'Dine data og dit privatliv' }).waitFor();
    await page.getByRole('button', { name: 'Jeg forstår og accepterer' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it("shows the outbox to a super administrator on /admin/mail, with the mail's HTML in a sandboxed frame", async () => {
    const { email } = await createAccount({ name: 'Otto', tenants: [] });
    await call('POST', '/auth/forgotpassword', { email });
    await lastMailTo(email);

    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'superadmin@atrium.test');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(`${BASE_URL}/home`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Mail outbox' }).click();
    await page.waitForURL(`${BASE_URL}/admin/mail`);
    await page.getByRole('textbox', { name: 'Search recipient or subject' }).fill(email);
    // The search runs on the server: wait until only this recipient's mail is listed.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('button', { name: 'Reset your Atrium password' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reset your Atrium password' });
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('[role="dialog"] iframe').getByRole('link', { name: 'Choose a new password' }).waitFor();
    await context.close();

    // Anyone else is refused the page.
    const other = await newContext();
    const userPage = await other.newPage();
    await signIn(userPage, 'admin@atrium.test');
    await userPage.waitForURL(`${BASE_URL}/home`);
    await userPage.goto(`${BASE_URL}/admin/mail`);
    await userPage.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await other.close();
  });
});

describe('GDPR dialog', () => {
  it('opens for a user who has not confirmed, cannot be dismissed, and confirming records it', async () => {
    const { email } = await createAccount({ name: 'Gina', tenants: [] });
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await page.waitForURL(`${BASE_URL}/home`);
    const dialog = page.getByRole('dialog', { name: 'Your data and privacy' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /close/i }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await page.mouse.click(1270, 790);
    await page.waitForTimeout(400);
    expect(await dialog.isVisible()).toBe(true);
    // The page behind it cannot be used meanwhile.
    await page.reload();
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'I understand and agree' }).click();
    await dialog.waitFor({ state: 'detached' });
    const info = await call<{ gdprConfirmed: boolean }>('GET', '/me/info', undefined, await tokenOf(email));
    expect(info.gdprConfirmed).toBe(true);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('/profile/edit', () => {
  it('saves a new picture, name and language; the menu and the whole app follow at once', async () => {
    const { email } = await createAccount({ name: 'Paula', tenants: ['Harbour Care'] });
    await call('POST', '/me/gdpr', undefined, await tokenOf(email));
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await page.waitForURL(`${BASE_URL}/home`);
    await page.goto(`${BASE_URL}/profile/edit`);
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();

    // A 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const preview = page.locator('form img').first();
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/core\/api\/media\/[0-9a-f-]{36}\.png$/);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Paulina');
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Dansk' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();

    // Saved: the app is Danish now, and the side menu shows the new name and picture.
    await page.getByRole('heading', { name: 'Rediger profil' }).waitFor();
    const nav = page.getByRole('navigation');
    await nav.getByText('Paulina Tester').first().waitFor();
    expect(await nav.locator('img').last().getAttribute('src')).toMatch(/^\/core\/api\/media\//);
    const info = await call<{ language: string }>('GET', '/me/info', undefined, await tokenOf(email));
    expect(info.language).toBe('da');

    // A wrong current password is refused on the field.
    await page.getByLabel(/^Nuværende adgangskode/).fill('not-the-password');
    await page.getByLabel(/^Ny adgangskode/).fill('Paulina-new-password-1');
    await page.getByRole('button', { name: 'Skift adgangskode' }).click();
    await page.getByText('Den nuværende adgangskode er forkert').first().waitFor();
    await context.close();
  });
});

describe('active tenant and remember me', () => {
  it('lets user@atrium.test choose between two tenants, then goes to the page asked for', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/profile`);
    await page.waitForURL(`${BASE_URL}/signin?returnUrl=%2Fprofile`);
    await page.getByLabel(/^Email/).fill('user@atrium.test');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/active-tenant-page\?returnUrl=%2Fprofile/);
    await page.getByRole('heading', { name: 'Choose your active tenant' }).waitFor();
    expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
    expect(await storage(page, 'userExists')).toBe('true');
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Harbour Care', 'Northwind Partners']);
    await page.getByRole('option', { name: 'Harbour Care' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${BASE_URL}/profile`);
    await page.getByRole('heading', { name: 'Uma User' }).waitFor();
    const tenants = await call<{ id: string; name: string }[]>(
      'GET',
      '/tenants/all',
      undefined,
      await tokenOf('superadmin@atrium.test'),
    );
    expect(await storage(page, 'activeTenantId')).toBe(tenants.find((t) => t.name === 'Harbour Care')!.id);
    expect(await storage(page, 'userExists')).toBeNull();
    expect(await storage(page, 'isSuperadmin')).toBeNull();
    // Without remember me the refresh cookie ends with the browser.
    const cookie = (await context.cookies()).find((c) => c.name === 'atrium_refresh');
    expect(cookie?.expires).toBe(-1);
    await context.close();
  });

  it('remember me keeps the session for 30 days', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/signin`);
    await page.getByLabel(/^Email/).fill('admin@atrium.test');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${BASE_URL}/home`);
    const cookie = (await context.cookies()).find((c) => c.name === 'atrium_refresh');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // A reload keeps the user signed in (the token lives in memory; the cookie brings a new one).
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });
});

describe('Microsoft 365 single sign-on against oidc-provider', () => {
  /** From /signin through the provider's login page; stops on its consent page. */
  async function startMicrosoftSignIn(page: Page, login: string, returnUrl?: string) {
    await page.goto(`${BASE_URL}/signin${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`);
    await page.getByRole('button', { name: 'Sign in with Microsoft 365' }).click();
    await page.waitForURL((url) => url.origin === IDP_ISSUER);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
  }

  it('is configured for this run', () => {
    expect(IDP_ISSUER, 'e2e/run.mjs starts the identity provider').toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('signs Uma in, shows the chooser with Submit and Skip, and lands on the page asked for', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await startMicrosoftSignIn(page, 'uma', '/profile');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/active-tenant-page\?returnUrl=%2Fprofile&via=office365/);
    await page.getByRole('heading', { name: 'Choose your active tenant' }).waitFor();
    expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: 'Northwind Partners' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${BASE_URL}/profile`);
    await page.getByRole('heading', { name: 'Uma User' }).waitFor();
    expect(await storage(page, 'userExists')).toBeNull();
    expect(await storage(page, 'isSuperadmin')).toBeNull();
    expect(await storage(page, 'activeTenantId')).toMatch(/^[0-9a-f-]{36}$/);
    await context.close();
  });

  it('goes to signin/:error with the spec message when the user refuses consent', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await startMicrosoftSignIn(page, 'uma');
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.waitForURL(`${BASE_URL}/signin/access_denied`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Could not login by microsoft 365, please click Go back button on your browser, log out of Microsoft services and try again',
    );
    expect(await alert.textContent()).toContain('The sign-in was cancelled or permission was not given.');
    await context.close();
  });

  it('refuses a callback whose state was tampered with, and shows why in an alert', async () => {
    const context = await newContext();
    const page = await context.newPage();
    // Hold back the first exchange, so that the code is still unused when the tampered callback arrives.
    let heldBack = false;
    await page.route(`${BASE_URL}/core/api/auth/office`, (route) => {
      if (route.request().method() !== 'POST' || heldBack) return route.continue();
      heldBack = true;
      return route.abort();
    });
    const callback = new Promise<string>((resolve) => {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().startsWith(`${BASE_URL}/office365auth?`)) resolve(frame.url());
      });
    });
    await startMicrosoftSignIn(page, 'uma');
    await page.getByRole('button', { name: 'Continue' }).click();
    const url = new URL(await callback);
    expect(url.searchParams.get('code')).toBeTruthy();
    await page.waitForURL(`${BASE_URL}/signin/network`);
    expect(heldBack).toBe(true);

    url.searchParams.set('state', `${url.searchParams.get('state')}-tampered`);
    await page.goto(url.href);
    await page.waitForURL(`${BASE_URL}/signin/invalidState`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Could not login by microsoft 365');
    expect(await alert.textContent()).toContain('The sign-in expired or was started in another window.');
    // Nobody was signed in.
    await page.goto(`${BASE_URL}/home`);
    await page.waitForURL(/\/signin\?returnUrl=%2Fhome/);
    await context.close();
  });

  it("answers 'alreadyLoginedByAnotherMicrosoftAccount' for a second Microsoft account with Uma's email", async () => {
    // Uma's account is linked to the `uma` Microsoft account by her first single sign-on.
    const first = await newContext();
    const umaPage = await first.newPage();
    await startMicrosoftSignIn(umaPage, 'uma');
    await umaPage.getByRole('button', { name: 'Continue' }).click();
    await umaPage.waitForURL(/\/active-tenant-page/);
    await first.close();

    const context = await newContext();
    const page = await context.newPage();
    await startMicrosoftSignIn(page, 'impostor');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${BASE_URL}/signin/alreadyLoginedByAnotherMicrosoftAccount`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This account is already linked to another Microsoft account.');
    await context.close();
  });
});

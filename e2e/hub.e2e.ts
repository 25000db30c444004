import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiSignIn,
  BASE_URL,
  createUser,
  DEMO_PASSWORD,
  type HubTransport,
  hubConnected,
  launchBrowser,
  signIn,
} from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The time a live event may take to show: it needs no request of the tab, so it is quick. */
const LIVE_MS = 10_000;

const newContext = () => browser.newContext({ viewport: { width: 1280, height: 800 } });

/** Tab one signs in (choosing `tenant` when asked); tab two opens `path` in the same browser session. */
async function twoTabs(context: BrowserContext, email: string, { tenant, path = '/profile' } = {} as Options) {
  const first = await context.newPage();
  const firstConnected = hubConnected(first);
  await signIn(first, email);
  await first.waitForURL(/\/(active-tenant-page|home)/);
  if (tenant) {
    await first.waitForURL(/active-tenant-page/);
    await first.getByRole('combobox', { name: 'Active Tenant' }).click();
    await first.getByRole('option', { name: tenant }).click();
    await first.getByRole('button', { name: 'Submit' }).click();
  }
  await first.waitForURL(`${BASE_URL}/home`);

  const second = await context.newPage();
  const secondConnected = hubConnected(second);
  await second.goto(`${BASE_URL}${path}`);
  await second.waitForURL(`${BASE_URL}${path}`);
  const transports = await Promise.all([firstConnected, secondConnected]);
  return { first, second, transports };
}
type Options = { tenant?: string; path?: string };

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** The tab shows the sign-in form on its own, without a click or a request of its own. */
async function expectSentToSignIn(page: Page) {
  await page.waitForURL(/\/signin/, { timeout: LIVE_MS });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
}

describe('LogOut', () => {
  it('signing out in one tab sends the other tab to /signin', async () => {
    const context = await newContext();
    const { email } = await createUser(['Northwind Partners'], 'Logout');
    const { first, second } = await twoTabs(context, email);

    await nav(first).getByRole('button', { name: 'Log out' }).click();
    await first.waitForURL(/\/signin/);
    await expectSentToSignIn(second);
    // And the session really is gone for it.
    await second.goto(`${BASE_URL}/home`);
    await second.waitForURL(/\/signin/);
    await context.close();
  });

  it('a password change made elsewhere revokes this browser’s session and sends both tabs to /signin', async () => {
    const context = await newContext();
    const { email } = await createUser(['Northwind Partners'], 'Password');
    const { first, second } = await twoTabs(context, email);

    // Another device of the same user changes the password: every other session ends.
    const elsewhere = await apiSignIn(email);
    await api(
      'POST',
      '/auth/changepassword',
      { password: 'Brand-new-pass-1', currentPassword: DEMO_PASSWORD },
      elsewhere.token,
    );

    await Promise.all([expectSentToSignIn(first), expectSentToSignIn(second)]);
    // Local storage is cleared and impersonation mode is off.
    expect(await second.evaluate(() => localStorage.getItem('activeTenantId'))).toBeNull();
    expect(await second.evaluate(() => localStorage.getItem('isImpersonatingMode'))).toBe('false');
    // The device that changed it is still signed in.
    await expect(api('GET', '/me/info', undefined, elsewhere.token)).resolves.toMatchObject({ gdprConfirmed: true });
    await context.close();
  });
});

describe('TenantChanged', () => {
  it('switching tenant in one tab moves the other tab to /home of that tenant', async () => {
    const context = await newContext();
    const { email } = await createUser(['Northwind Partners', 'Harbour Care'], 'Switch');
    const { first, second } = await twoTabs(context, email, { tenant: 'Northwind Partners' });
    const tenantOf = (page: Page) => page.getByRole('combobox', { name: 'Tenant' }).inputValue();
    expect(await tenantOf(second)).toBe('Northwind Partners');
    // Northwind's menu: TimeLogs under its custom title.
    await nav(second).getByText('Hours', { exact: true }).waitFor();

    await first.getByRole('combobox', { name: 'Tenant' }).click();
    await first.getByRole('option', { name: 'Harbour Care' }).click();
    await first.waitForURL(`${BASE_URL}/home`);

    await second.waitForURL(`${BASE_URL}/home`, { timeout: LIVE_MS });
    await expect.poll(() => tenantOf(second), { timeout: LIVE_MS }).toBe('Harbour Care');
    // Harbour Care's general data: no custom title for TimeLogs.
    await nav(second).getByText('Time logs', { exact: true }).waitFor({ timeout: LIVE_MS });
    expect(await nav(second).getByText('Hours', { exact: true }).count()).toBe(0);
    expect(await second.evaluate(() => localStorage.getItem('activeTenantId'))).toBe(
      await first.evaluate(() => localStorage.getItem('activeTenantId')),
    );
    await context.close();
  });
});

describe('ImpersonateStarted and ImpersonateStoped', () => {
  it('the super administrator’s other tab follows into the impersonation and back out of it', async () => {
    const context = await newContext();
    const { email } = await createUser(['Northwind Partners'], 'Viewed');
    const first = await context.newPage();
    const firstConnected = hubConnected(first);
    await signIn(first, 'superadmin@atrium.test');
    await first.waitForURL(/active-tenant-page/);
    await first.getByRole('button', { name: 'Skip' }).click();
    await first.waitForURL(`${BASE_URL}/home`);
    await first.goto(`${BASE_URL}/profile`);
    const second = await context.newPage();
    const secondConnected = hubConnected(second);
    await second.goto(`${BASE_URL}/home`);
    await Promise.all([firstConnected, secondConnected]);
    const banner = (page: Page) => page.getByRole('region', { name: 'Impersonation' });

    // The first tab starts viewing as the user, through the profile's view-as dialog.
    await first.getByRole('button', { name: 'View as' }).click();
    const dialog = first.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'User' }).fill(email);
    await first.getByRole('option', { name: new RegExp(email) }).click();
    await dialog.getByText('In their tenant Northwind Partners.').waitFor();
    const reconnected = hubConnected(second);
    await dialog.getByRole('button', { name: 'View as user' }).click();

    // The second tab becomes that impersonation on its own: reloaded as the user, in impersonation mode.
    await banner(second).getByText(email).waitFor({ timeout: LIVE_MS });
    await banner(first).getByText(email).waitFor();
    expect(await second.evaluate(() => localStorage.getItem('isImpersonatingMode'))).toBe('true');
    await reconnected;

    // Ending it in the first tab brings the second back to the super administrator.
    await banner(first).getByRole('button', { name: 'End impersonation' }).click();
    await banner(second).waitFor({ state: 'detached', timeout: LIVE_MS });
    await nav(second).getByText('superadmin@atrium.test').waitFor();
    // Off: 'false' from the event, or no value at all once the ending tab has tidied up.
    expect([null, 'false']).toContain(await second.evaluate(() => localStorage.getItem('isImpersonatingMode')));
    await banner(first).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('transport fallback', () => {
  /** Runs before the app in every page: WebSockets cannot connect (as behind a proxy that blocks them). */
  const blockWebSockets = () => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(_url: string | URL, protocols?: string | string[]) {
        // A path of this server that refuses the upgrade: same origin, so the CSP lets it try (and fail).
        super(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/core/no-websockets`, protocols);
      }
    };
  };
  const noEventSource = () => {
    // @ts-expect-error a browser without Server-Sent Events
    delete window.EventSource;
  };

  it.each<[HubTransport, (() => void)[]]>([
    ['ServerSentEvents', [blockWebSockets]],
    ['LongPolling', [blockWebSockets, noEventSource]],
  ])('without WebSockets it connects over %s and still receives LogOut', async (expected, scripts) => {
    const context = await newContext();
    for (const script of scripts) await context.addInitScript(script);
    const { email } = await createUser(['Northwind Partners'], 'Fallback');
    const { first, second, transports } = await twoTabs(context, email);
    expect(transports).toEqual([expected, expected]);

    await nav(first).getByRole('button', { name: 'Log out' }).click();
    await expectSentToSignIn(second);
    await context.close();
  });
});

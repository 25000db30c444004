import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, DEMO_PASSWORD, hubConnected, launchBrowser, signIn } from './support.js';

/**
 * Live events across devices (spec part 1 §4, decision 017): two browser contexts of one user are two
 * devices, each with its own cookie jar, session and hub connection.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The time a live event may take to show. */
const LIVE_MS = 10_000;

const contexts: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/**
 * A new device: its own browser context, signed in as `email`. `tenant` is chosen on the active-tenant
 * page, 'skip' skips it (a super administrator); a user of one tenant goes straight to /home.
 */
async function device(email: string, tenant?: string | 'skip'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  const connected = hubConnected(page);
  await signIn(page, email);
  if (tenant === 'skip') {
    await page.waitForURL(/active-tenant-page/);
    await page.getByRole('button', { name: 'Skip' }).click();
  } else if (tenant) {
    await page.waitForURL(/active-tenant-page/);
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: tenant }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
  }
  await page.waitForURL(`${BASE_URL}/home`);
  await connected;
  return page;
}

const tenantOf = (page: Page) => page.getByRole('combobox', { name: 'Tenant' }).inputValue();

async function expectSentToSignIn(page: Page) {
  await page.waitForURL(/\/signin/, { timeout: LIVE_MS });
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('activeTenantId'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('isImpersonatingMode'))).toBe('false');
}

describe('TenantChanged across devices', () => {
  it('a tenant switch on one device moves the other to /home of that tenant', async () => {
    const { email } = await createUser(['Northwind Partners', 'Harbour Care'], 'Devices');
    const one = await device(email, 'Northwind Partners');
    const other = await device(email, 'Northwind Partners');
    // A page of its own, not /home, so that going to /home is the event's doing.
    const reconnected = hubConnected(other);
    await other.goto(`${BASE_URL}/profile`);
    await other.waitForURL(`${BASE_URL}/profile`);
    await reconnected;
    expect(await tenantOf(other)).toBe('Northwind Partners');

    await one.getByRole('combobox', { name: 'Tenant' }).click();
    await one.getByRole('option', { name: 'Harbour Care' }).click();
    await one.waitForURL(`${BASE_URL}/home`);

    await other.waitForURL(`${BASE_URL}/home`, { timeout: LIVE_MS });
    await expect.poll(() => tenantOf(other), { timeout: LIVE_MS }).toBe('Harbour Care');
    expect(await other.evaluate(() => localStorage.getItem('activeTenantId'))).toBe(
      await one.evaluate(() => localStorage.getItem('activeTenantId')),
    );
    // It is the other device's own session that moved: a reload stays in Harbour Care.
    await other.reload();
    await expect.poll(() => tenantOf(other), { timeout: LIVE_MS }).toBe('Harbour Care');
  });
});

describe('LogOut across devices (sign-out everywhere)', () => {
  it('a password change sends both devices to /signin', async () => {
    const { email } = await createUser(['Northwind Partners'], 'Devices');
    const [one, other] = [await device(email), await device(email)];
    const elsewhere = await apiSignIn(email);
    await api(
      'POST',
      '/auth/changepassword',
      { password: 'Brand-new-pass-1', currentPassword: DEMO_PASSWORD },
      elsewhere.token,
    );
    await Promise.all([expectSentToSignIn(one), expectSentToSignIn(other)]);
  });

  it('an administrator’s password reset sends both devices to /signin', async () => {
    const { id, email } = await createUser(['Northwind Partners'], 'Devices');
    const [one, other] = [await device(email), await device(email)];
    const admin = await apiSignIn('superadmin@atrium.test');
    await api('PUT', `/auth/resetpassword/${id}`, { password: 'Brand-new-pass-1' }, admin.token);
    await Promise.all([expectSentToSignIn(one), expectSentToSignIn(other)]);
  });

  it('deleting the user sends both devices to /signin', async () => {
    const { id, email } = await createUser(['Northwind Partners'], 'Devices');
    const [one, other] = [await device(email), await device(email)];
    const admin = await apiSignIn('superadmin@atrium.test');
    await api('DELETE', `/users/${id}`, undefined, admin.token);
    await Promise.all([expectSentToSignIn(one), expectSentToSignIn(other)]);
  });
});

describe('ImpersonateStarted across devices', () => {
  it('the other device stays the super administrator and shows a notice of whom they view as', async () => {
    const { email } = await createUser(['Northwind Partners'], 'Viewed');
    const one = await device('superadmin@atrium.test', 'skip');
    const other = await device('superadmin@atrium.test', 'skip');

    await one.goto(`${BASE_URL}/profile`);
    await one.getByRole('button', { name: 'View as' }).click();
    const dialog = one.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'User' }).fill(email);
    await one.getByRole('option', { name: new RegExp(email) }).click();
    await dialog.getByText('In their tenant Northwind Partners.').waitFor();
    await dialog.getByRole('button', { name: 'View as user' }).click();
    await one.getByRole('region', { name: 'Impersonation' }).getByText(email).waitFor({ timeout: LIVE_MS });

    await other
      .getByText('You started viewing as Viewed User on another device. This device stays signed in as you.')
      .waitFor({ timeout: LIVE_MS });
    // The notice stays; the device is still the super administrator's, not in impersonation mode.
    await other.waitForTimeout(3500);
    await other.getByText('Viewing as another user started on another device').waitFor();
    expect(await other.getByRole('region', { name: 'Impersonation' }).count()).toBe(0);
    expect(await other.evaluate(() => localStorage.getItem('isImpersonatingMode'))).not.toBe('true');
    await other.getByRole('navigation', { name: 'Main navigation' }).getByText('superadmin@atrium.test').waitFor();
  });
});

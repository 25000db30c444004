// Two-factor sign-in end to end (issue 31): turning an authenticator app on from the profile with a
// code computed here (otplib, as the app on a phone would), signing in with a code and with a
// recovery code, and a tenant that requires two-factor leading its user through the setup.
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, DEMO_PASSWORD, launchBrowser, photograph } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The app's code, `steps` periods of 30 s from now (the server takes one either way, each step once). */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(page: Page, email: string) {
  await page.goto(`${BASE_URL}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The key the setup shows (grouped by fours on screen). */
const shownSecret = async (page: Page) =>
  ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');

/** Reads the recovery codes shown once, ticks that they were saved and goes on. */
async function saveRecoveryCodes(page: Page) {
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  return codes;
}

async function logOut(page: Page) {
  await page.goto(`${BASE_URL}/home`);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/signin/);
}

describe('two-factor sign-in', () => {
  it('is turned on from the profile, then asks for a code, or takes a recovery code once', async () => {
    const { email } = await createUser(['Northwind Partners'], 'Otto');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await passwordStep(page, email);
    await page.waitForURL(`${BASE_URL}/home`);

    await page.goto(`${BASE_URL}/profile/edit`);
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for setting up the authenticator app' }).waitFor();
    const secret = await shownSecret(page);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByRole('textbox', { name: /^Code from your app/ }).fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = await saveRecoveryCodes(page);
    await page.getByText('Two-factor sign-in is on.', { exact: false }).waitFor();
    await page.getByText('10 of 10 recovery codes left', { exact: false }).waitFor();

    // Signed out, the password alone is not enough: the code step comes, and no session before it.
    await logOut(page);
    await passwordStep(page, email);
    const code = page.getByRole('textbox', { name: /^Code from your app/ });
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('The code is not right', { exact: false }).waitFor();
    // The next period's code: the setup's own was used and cannot be used again.
    await code.fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${BASE_URL}/home`);

    // With a recovery code instead; it works once.
    await logOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: /^Recovery code/ }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${BASE_URL}/home`);
    await logOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: /^Recovery code/ }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('The code is not right', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await context.close();
  });

  it('leads a user of a tenant that requires it through the setup at sign-in', async () => {
    // A member of the strict tenant only: her first sign-in starts there.
    const user = await createUser([], 'Tove');
    const { token } = await apiSignIn('superadmin@atrium.test');
    await api('POST', '/tenants', { name: `Strict ${Date.now()}`, userIds: [user.id], requireTwoFactor: true }, token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await passwordStep(page, user.email);
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    const secret = await shownSecret(page);
    await page.getByRole('textbox', { name: /^Code from your app/ }).fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await saveRecoveryCodes(page);
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    // In the app now; the next sign-in asks for the code.
    await page.waitForURL(/active-tenant-page|home/);
    expect((await apiSignIn(user.email)) as unknown).toMatchObject({ twoFactor: 'code' });
    await context.close();
  });

  it('leads a member of several tenants through the setup when they pick a tenant that requires it', async () => {
    // Her session starts in a tenant that does not require it; a strict one is added to her later.
    const user = await createUser([], 'Uffe');
    const { token } = await apiSignIn('superadmin@atrium.test');
    await api('POST', '/tenants', { name: `Relaxed ${Date.now()}`, userIds: [user.id] }, token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await passwordStep(page, user.email);
    await page.waitForURL(/\/home/);
    const strict = `Strict ${Date.now()}`;
    const { id: strictId } = await api<{ id: string }>(
      'POST',
      '/tenants',
      { name: strict, userIds: [user.id], requireTwoFactor: true },
      token,
    );

    await page.goto(`${BASE_URL}/active-tenant-page`);
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: strict }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await page.getByText(`${strict} requires two-factor sign-in`).waitFor();
    await photograph(page, 'two-factor-tenant-setup');
    if (process.env.SHOTS_DIR) {
      await page.setViewportSize({ width: 375, height: 800 });
      await photograph(page, 'two-factor-tenant-setup');
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    const secret = await shownSecret(page);
    await page.getByRole('textbox', { name: /^Code from your app/ }).fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await saveRecoveryCodes(page);
    // In the strict tenant now, and the next sign-in asks for the code.
    await page.waitForURL(/\/home/);
    expect(await page.evaluate(() => localStorage.getItem('activeTenantId'))).toBe(strictId);
    expect((await apiSignIn(user.email)) as unknown).toMatchObject({ twoFactor: 'code' });
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Something unique to this run, so the flows also work against a database that has seen them before. */
const RUN = Date.now().toString(36);
/** The user the user flow creates; the tenant flow makes them its member (the demo accounts stay as they are). */
const NORA = `nora.${RUN}@example.test`;

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function signInAsSuperadmin(page: Page) {
  await signIn(page, 'superadmin@atrium.test');
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(`${BASE_URL}/home`);
}

describe('tenants and users administration', () => {
  it('a super administrator creates a user', async () => {
    const page = await newPage();
    await signInAsSuperadmin(page);
    await page.goto(`${BASE_URL}/users`);
    await page.getByRole('link', { name: 'Add user' }).click();
    await page.waitForURL(`${BASE_URL}/users/new`);

    const email = NORA;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nora');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Nielsen');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Nora-password-1');
    await page.getByRole('combobox', { name: 'Tenants' }).click();
    await page.getByRole('option', { name: 'Harbour Care' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create user' }).click();

    await page.waitForURL(`${BASE_URL}/users`);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    await row.getByRole('link', { name: 'Nora' }).click();
    await page.getByRole('heading', { name: 'Nora Nielsen' }).waitFor();
    // Super administrators may set an existing user's password.
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.context().close();

    // The new account signs in with its password.
    const own = await newPage();
    await signIn(own, email, 'Nora-password-1');
    await own.waitForURL(/\/(home|active-tenant-page)/);
    await own.context().close();
  });

  it('a super administrator creates a tenant with that user', async () => {
    const page = await newPage();
    await signInAsSuperadmin(page);
    await page.goto(`${BASE_URL}/tenants`);
    await page.getByRole('link', { name: 'Northwind Partners' }).waitFor();
    await page.getByRole('link', { name: 'Add tenant' }).click();
    await page.waitForURL(`${BASE_URL}/tenants/new`);

    // Nothing is sent until the rules are met: name and at least one user.
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByText('Select at least one user').waitFor();

    const name = `Southwind ${RUN}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(`  ${name}  `);
    await page.getByRole('combobox', { name: 'Users' }).fill('nora');
    await page.getByRole('option', { name: `Nora Nielsen (${NORA})` }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Features', exact: true }).click();
    // Calendar has no module in this version: marked, and not to be switched on.
    expect(
      await page
        .getByRole('option', { name: 'Calendar (not available in this version)' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await page.getByRole('option', { name: 'Chat', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Primary colour' }).fill('#0a7');
    await page.getByRole('button', { name: 'Create tenant' }).click();

    await page.waitForURL(`${BASE_URL}/tenants`);
    await page.getByRole('searchbox', { name: 'Search tenants' }).fill(RUN);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await row.waitFor();
    // Nora is its one user.
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('1');

    // The saved tenant keeps what was chosen.
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: `Edit ${name}` }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Primary colour' }).inputValue()).toBe('#0a7');
    await page
      .locator('.mantine-Pill-label', { hasText: /^Chat$/ })
      .first()
      .waitFor();
    // The users field labels its chosen user (asked for by id): the pill names her, its tooltip adds the email.
    await page.getByTitle(`Nora Nielsen (${NORA})`).getByText('Nora Nielsen').waitFor();
    await page.context().close();
  });

  it('a tenant administrator imports a CSV file: the preview shows the bad row, confirming imports the good ones', async () => {
    const page = await newPage();
    await signIn(page, 'admin@atrium.test');
    await page.waitForURL(`${BASE_URL}/home`);
    await page.goto(`${BASE_URL}/users`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users' });
    const csv = [
      'name,surname,email,role,groups',
      `Olga,Olsen,olga.${RUN}@example.test,user,Staff`,
      `Per,Persen,not-an-email,user,`,
      `Rita,Rask,rita.${RUN}@example.test,admin,`,
    ].join('\n');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Check file' }).click();

    await dialog.getByText('3 rows').waitFor();
    await dialog.getByText('1 with problems').waitFor();
    const bad = dialog.getByTestId('import-row').filter({ hasText: 'not-an-email' });
    expect(await bad.textContent()).toContain('Email: Enter a valid email address');

    await dialog.getByRole('button', { name: 'Import 2 users' }).click();
    await page.getByText('2 users imported').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Search users' }).fill(RUN);
    await page.getByRole('cell', { name: `olga.${RUN}@example.test` }).waitFor();
    await page.getByRole('cell', { name: `rita.${RUN}@example.test` }).waitFor();
    // The two good rows were imported once each, and the bad one (Per Persen) not at all. Other users
    // of the run may match the search too, so the rows are picked by address.
    const rows = (text: string) => page.getByTestId('user-row').filter({ hasText: text });
    await expect.poll(() => rows(`olga.${RUN}@`).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => rows(`rita.${RUN}@`).count(), { timeout: 10_000 }).toBe(1);
    expect(await rows('Persen').count()).toBe(0);
    expect(await page.getByTestId('user-row').filter({ hasText: 'not-an-email' }).count()).toBe(0);
    const olga = page.getByTestId('user-row').filter({ hasText: `olga.${RUN}` });
    expect(await olga.textContent()).toContain('Staff');
    await page.context().close();
  });

  it('a super administrator views the product as a user, then ends it', async () => {
    const page = await newPage();
    await signInAsSuperadmin(page);
    await page.goto(`${BASE_URL}/profile`);
    await page.getByRole('button', { name: 'View as' }).click();
    const dialog = page.getByRole('dialog', { name: 'View the product as another user' });
    const start = dialog.getByRole('button', { name: 'View as user' });
    expect(await start.isDisabled()).toBe(true);

    await dialog.getByRole('combobox', { name: 'User' }).fill('uma');
    await page.getByRole('option', { name: 'Uma User (user@atrium.test)' }).click();
    // Uma works in two tenants: choose one.
    await dialog.getByRole('combobox', { name: 'Tenant' }).click();
    await page.getByRole('option', { name: 'Harbour Care' }).click();
    await start.click();

    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.getByText('You are viewing as Uma User (user@atrium.test) in Harbour Care').waitFor();
    await page.getByRole('heading', { name: 'Uma User' }).waitFor();
    // The banner stays on every page.
    await page.goto(`${BASE_URL}/home`);
    await banner.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Tenants').count()).toBe(0);

    await banner.getByRole('button', { name: 'End impersonation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Tenants', { exact: true }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.goto(`${BASE_URL}/profile`);
    await page.getByRole('heading', { name: 'Sam Super' }).waitFor();
    await page.getByRole('button', { name: 'View as' }).waitFor();
    await page.context().close();
  });
});

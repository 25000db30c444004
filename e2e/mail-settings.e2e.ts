import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Something unique to this run, so the flow also works against a database that has seen it before. */
const RUN = Date.now().toString(36);

async function signInAsSuperadmin(page: Page) {
  await signIn(page, 'superadmin@atrium.test');
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(`${BASE_URL}/home`);
}

/** Opens a link of Harbour Care's row menu on /tenants. */
async function openFromTenantRow(page: Page, link: string) {
  await page.goto(`${BASE_URL}/tenants`);
  await page.getByRole('searchbox', { name: 'Search tenants' }).fill('Harbour');
  // The search lands in the URL once typing settles; the list re-renders then (a menu opened before would close).
  await page.waitForURL(/[?&]search=Harbour/);
  await page.getByRole('button', { name: 'Actions for Harbour Care' }).click();
  await page.getByRole('menuitem', { name: link }).click();
  await page.waitForURL(/\/tenants\/(emails|emailtemplate)\/[0-9a-f-]{36}$/);
}

describe('a tenant’s mail settings and email template', () => {
  it('a super administrator creates, edits and tests mail settings of a tenant', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsSuperadmin(page);
    await openFromTenantRow(page, 'Mail settings');
    await page.getByRole('heading', { name: 'Email settings' }).waitFor();
    const listUrl = page.url();
    expect(listUrl).toMatch(/\/tenants\/emails\/[0-9a-f-]{36}$/);

    // Create: save stays disabled until something is typed.
    await page.getByRole('link', { name: 'Add mail settings' }).click();
    await page.getByRole('heading', { name: 'New mail settings' }).waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const title = `Harbour 365 ${RUN}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Directory (tenant) ID' }).fill('e2e-bad-tenant');
    await page.getByRole('textbox', { name: 'Application (client) ID' }).fill('e2e-client');
    await page.getByLabel('Client secret').fill(`secret-${RUN}`);
    await page.getByRole('textbox', { name: 'From address' }).fill('news@harbour.test');
    // The business card editor shows only while the card is wanted.
    expect(await page.getByRole('toolbar', { name: 'Formatting' }).count()).toBe(0);
    await page.getByRole('checkbox', { name: /Add a business card/ }).check();
    await page.getByRole('textbox', { name: 'Business card' }).fill('Harbour Care, front desk');
    await save.click();
    await page.waitForURL(listUrl);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\d\d-\d\d-\d{4} \d\d:\d\d/);

    // Test with a tenant Entra refuses: the toast carries Microsoft's reason.
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Test' }).click();
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'Microsoft answered: AADSTS7000215: Invalid client secret provided.' });
    await refused.waitFor();
    // The reason stays until closed (top right, over the first rows' actions): closed as a user would.
    await refused.getByRole('button', { name: 'Close the notice' }).click();
    await refused.waitFor({ state: 'detached' });

    // Edit without typing a secret (the stored one stays), to a tenant the token endpoint accepts.
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit mail settings' }).waitFor();
    await page.getByText(/A secret is stored/).waitFor();
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await page.getByRole('textbox', { name: 'Directory (tenant) ID' }).fill('e2e-good-tenant');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(listUrl);

    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Test' }).click();
    await page.getByText('A test mail was sent to superadmin@atrium.test').waitFor();

    // Search finds it; delete asks first.
    await page.getByRole('searchbox', { name: 'Search by title' }).fill(RUN);
    await row.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete mail settings' });
    await dialog.getByText(`Delete the mail settings ‘${title}’?`).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No settings match the search').waitFor();
    await page.context().close();
  });

  it('a super administrator saves a tenant’s email template and sees it previewed', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsSuperadmin(page);
    await openFromTenantRow(page, 'Email template');
    await page.getByRole('heading', { name: 'Email template' }).waitFor();
    const templateUrl = page.url();
    const template = page.getByRole('textbox', { name: 'Template' });
    await template.fill(`<div style="color: #123456">Harbour ${RUN}: {{content}}</div>{{footer}}`);
    await page.getByRole('textbox', { name: 'Background colour as hex' }).fill('#eef2f6');
    const preview = page.frameLocator('iframe[title="Preview of a mail in this template"]');
    await preview.getByText(`Harbour ${RUN}:`).waitFor();
    await preview.getByText('Hello Rita,').waitFor();
    expect(await page.locator('iframe[title="Preview of a mail in this template"]').getAttribute('sandbox')).toBe('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/tenants`);

    // Saved: the page shows it again.
    await page.goto(templateUrl);
    await page.getByRole('heading', { name: 'Email template' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Template' }).inputValue()).toBe(
      `<div style="color:#123456">Harbour ${RUN}: {{content}}</div>{{footer}}`,
    );
    expect(await page.getByRole('textbox', { name: 'Background colour as hex' }).inputValue()).toBe('#eef2f6');
    await page.context().close();
  });
});

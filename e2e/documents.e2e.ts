import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, launchBrowser, signIn } from './support.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Unique to this run, so the flow also works against a database that has seen it before. */
const RUN = Date.now().toString(36);
const TYPE = `Guides ${RUN}`;
const TITLE = `Onboarding guide ${RUN}`;
const RENAMED = `Onboarding guide v2 ${RUN}`;

async function newPage(width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, acceptDownloads: true });
  return context.newPage();
}

/** Records whether an upload progress bar was ever shown, however briefly. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Upload progress"]')) w.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const sawProgress = (page: Page) => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress);

/** A text file of `size` bytes, large enough that its upload reports progress. */
const textFile = (name: string, size: number, line = 'Welcome to Northwind.\n') => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size)),
});

describe('documents', () => {
  it('a tenant administrator creates a type on the sidebar, uploads, opens, edits, replaces and deletes a document', async () => {
    const page = await newPage();
    await signIn(page, 'admin@atrium.test');
    await page.waitForURL(`${BASE_URL}/home`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    // A document type shown on the sidebar.
    await page.goto(`${BASE_URL}/admin/documenttype/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill(TYPE);
    await page.getByRole('checkbox', { name: 'Show on sidebar' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/admin/documents/documenttypes`);
    await nav.getByRole('link', { name: TYPE, exact: true }).waitFor();

    // Upload a document of that type, with progress.
    await page.goto(`${BASE_URL}/admin/documents/new`);
    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await page.getByRole('combobox', { name: 'Document type' }).click();
    await page.getByRole('option', { name: TYPE }).click();
    await page.locator('input[type="file"]').setInputFiles(textFile('onboarding.txt', 8 * 1024 * 1024));
    await watchProgress(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/admin/documents`, { timeout: 60_000 });
    expect(await sawProgress(page)).toBe(true);
    await page.getByRole('main').getByRole('link', { name: TITLE, exact: true }).waitFor();

    // Open it from the side list.
    await nav.getByRole('link', { name: TYPE, exact: true }).click();
    await page.getByRole('heading', { name: TYPE, level: 1 }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('main').getByRole('link', { name: TITLE, exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('onboarding.txt');
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 21)
        .toString(),
    ).toBe('Welcome to Northwind.');

    // Edit the record and replace the file.
    await page.goto(`${BASE_URL}/admin/documents`);
    await page.getByRole('main').getByRole('link', { name: TITLE, exact: true }).click();
    await page.getByRole('heading', { name: 'Edit document' }).waitFor();
    await page.getByText('Now: onboarding.txt. Choose a file to replace it.').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(RENAMED);
    await page.locator('input[type="file"]').setInputFiles(textFile('onboarding-v2.txt', 1024, 'Second edition.\n'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${BASE_URL}/admin/documents`);
    await page.getByRole('main').getByRole('link', { name: RENAMED, exact: true }).waitFor();
    await nav.getByRole('link', { name: TYPE, exact: true }).click();
    await page.getByText(/onboarding-v2\.txt/).waitFor();
    const second = page.waitForEvent('download');
    await page.getByRole('main').getByRole('link', { name: RENAMED, exact: true }).click();
    expect(readFileSync((await (await second).path())!).toString()).toMatch(/^Second edition\./);

    // Delete it, with a confirmation naming it.
    await page.goto(`${BASE_URL}/admin/documents`);
    await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
    const dialog = page.getByRole('dialog');
    // The title names it; the body only says it cannot be undone (it does not ask twice).
    await page.getByRole('dialog', { name: `Delete ${RENAMED}?` }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('main').getByRole('link', { name: RENAMED, exact: true }).waitFor({ state: 'detached' });

    // Hidden from the sidebar again: the switch flips once the server has answered.
    await page.goto(`${BASE_URL}/admin/documents/documenttypes`);
    await page.getByRole('searchbox', { name: 'Search document types' }).fill(TYPE);
    const toggle = page.getByRole('switch', { name: `Show ${TYPE} on sidebar` });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await nav.getByRole('link', { name: TYPE, exact: true }).waitFor({ state: 'detached' });
    await page.context().close();
  }, 120_000);

  it('refuses the documents pages and API in Harbour Care, which has no Documents feature', async () => {
    const page = await newPage();
    await signIn(page, 'user@atrium.test');
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: 'Harbour Care' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${BASE_URL}/home`);
    for (const path of ['/admin/documents/new', '/folders', '/documents/3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b']) {
      await page.goto(`${BASE_URL}${path}`);
      await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    }
    await page.context().close();

    // The API says the same to a session in Harbour Care.
    const { token } = await apiSignIn('user@atrium.test');
    const tenants = await api<{ id: string; name: string }[]>('GET', '/me/info', undefined, token).then(
      (info) => (info as unknown as { tenants: { id: string; name: string }[] }).tenants,
    );
    const harbour = tenants.find((t) => t.name === 'Harbour Care')!;
    const switched = await api<{ token: string }>('POST', '/auth/activetenant', { tenantId: harbour.id }, token);
    await expect(api('GET', '/documenttypes/all', undefined, switched.token)).rejects.toThrow(/403/);
    await expect(
      api('POST', '/documents/postdocument', { title: 'x', documentTypeId: harbour.id }, switched.token),
    ).rejects.toThrow(/403/);
  });
});

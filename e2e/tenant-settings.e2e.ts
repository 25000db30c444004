import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, signIn } from './support.js';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, 'superadmin@atrium.test');
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36);
const TENANT = 'Northwind Partners';
/** SHOTS=<dir>: the dialogs are photographed there too (the pages themselves: /work/tools/shoot.mjs). */
const SHOTS = process.env.SHOTS;

/** From /tenants, the row menu of the tenant, then one of its links; answers the page's heading. */
async function openFromTenants(link: string) {
  await page.goto(`${BASE_URL}/tenants`);
  await page.getByRole('button', { name: `Actions for ${TENANT}` }).click();
  await page.getByRole('menuitem', { name: link, exact: true }).click();
  const heading = page.getByRole('heading', { level: 1 });
  // The list stays on screen while the page's code loads (over 5 s on a busy CI machine).
  await heading.filter({ hasNotText: /^Tenants$/ }).waitFor();
  return heading;
}

async function shoot(name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('the tenant row menu’s list pages', () => {
  it('Info shows the tenant’s collaborations with their numbers', async () => {
    const heading = await openFromTenants('Info');
    await expect.poll(() => heading.textContent()).toBe(`${TENANT}: collaborations`);
    expect(page.url()).toMatch(/\/tenants\/info\/[0-9a-f-]{36}$/);
    const row = page.getByRole('row', { name: /Customer onboarding sprint/ });
    // The heading shows before the list has loaded: wait for the row's cells.
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual(['Customer onboarding sprint', '3', '3', '3']);
  });

  it('Tags: add one, rename it in the modal, delete it after confirming', async () => {
    const heading = await openFromTenants('Tags');
    await expect.poll(() => heading.textContent()).toBe('Tags');
    const input = page.getByRole('textbox', { name: 'Tag' });
    await input.fill(`  Review ${RUN}  `);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('cell', { name: `Review ${RUN}`, exact: true }).waitFor();
    expect(await input.inputValue()).toBe('');

    // The same tag again, in capitals: refused with a message, nothing added.
    await input.fill(`REVIEW ${RUN}`);
    await page.keyboard.press('Enter');
    await page.getByText('This name is in the list already').waitFor();

    await page.getByRole('button', { name: `Actions for Review ${RUN}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit the tag Review ${RUN}` });
    await dialog.getByRole('textbox', { name: /Tag/ }).fill(`Reviewed ${RUN}`);
    await shoot('tag-edit-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: `Reviewed ${RUN}`, exact: true }).waitFor();

    await page.getByRole('button', { name: `Actions for Reviewed ${RUN}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete Reviewed ${RUN}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: `Reviewed ${RUN}`, exact: true }).waitFor({ state: 'detached' });
  });

  it('Teams: add one and delete it', async () => {
    const heading = await openFromTenants('Teams');
    await expect.poll(() => heading.textContent()).toBe('Teams');
    await page.getByRole('textbox', { name: 'Team name' }).fill(`Night shift ${RUN}`);
    await page.getByRole('button', { name: 'Add team' }).click();
    await page.getByRole('cell', { name: `Night shift ${RUN}`, exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for Night shift ${RUN}` }).click();
    // Teams have no edit.
    expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: `Delete Night shift ${RUN}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('cell', { name: `Night shift ${RUN}`, exact: true }).waitFor({ state: 'detached' });
  });

  it('Folders and Departments open with their lists', async () => {
    let heading = await openFromTenants('Folders');
    await expect.poll(() => heading.textContent()).toBe('Folders');
    await page.getByRole('cell', { name: 'Contracts', exact: true }).waitFor();
    heading = await openFromTenants('Departments');
    await expect.poll(() => heading.textContent()).toBe('Departments');
    await page.getByRole('cell', { name: 'Operations', exact: true }).waitFor();
  });

  it('Checklists: create one with two items reordered by keyboard, then export every checklist', async () => {
    const heading = await openFromTenants('Checklists');
    await expect.poll(() => heading.textContent()).toBe('Standard checklists');
    const tenantId = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Add checklist' }).click();
    const dialog = page.getByRole('dialog', { name: 'New checklist' });
    await dialog.getByRole('textbox', { name: /Title/ }).fill(`Offboarding ${RUN}`);
    await dialog.getByRole('textbox', { name: 'Item 1' }).fill('Collect the keys');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await dialog.getByRole('textbox', { name: 'Item 2' }).fill('Say goodbye');

    // The second item moves up with the keyboard: focus its handle, Space, ArrowUp, Space.
    await dialog.getByRole('button', { name: 'Move Say goodbye, item 2 of 2' }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Item 1' }).inputValue()).toBe('Say goodbye');
    expect(await dialog.getByRole('textbox', { name: 'Item 2' }).inputValue()).toBe('Collect the keys');
    await shoot('checklist-dialog');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(`Offboarding ${RUN}`) });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(2, 4)).toEqual(['0', '0']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Checklists_${tenantId}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const rows: unknown[][] = [];
    workbook.getWorksheet('Checklists')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const ours = rows.filter((r) => r[0] === `Offboarding ${RUN}`).map((r) => [r[2], r[3]]);
    expect(ours).toEqual([
      [1, 'Say goodbye'],
      [2, 'Collect the keys'],
    ]);
    expect(rows.some((r) => r[0] === 'New employee onboarding')).toBe(true);
  });
});

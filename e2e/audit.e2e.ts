import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, BASE_URL, createUser, launchBrowser, signIn } from './support.js';

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

describe('the audit log', () => {
  it('shows a super administrator’s tenant update with its changed field, and exports it as CSV', async () => {
    // A tenant of this run, made through the API.
    const member = await createUser(['Harbour Care'], 'Audra');
    const { token } = await apiSignIn('superadmin@atrium.test');
    const tenant = await api<{ id: string }>('POST', '/tenants', { name: `Audit ${RUN}`, userIds: [member.id] }, token);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signInAsSuperadmin(page);
    // The update, through the tenant form.
    await page.goto(`${BASE_URL}/tenants/${tenant.id}`);
    await page.getByRole('heading', { name: `Edit Audit ${RUN}` }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Audited ${RUN}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${BASE_URL}/tenants`);

    // The audit page, reached from the admin menu, filtered to the tenant.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(`${BASE_URL}/admin/audit`);
    await page.getByRole('textbox', { name: 'Record id' }).fill(tenant.id);
    await page.waitForURL((url) => url.searchParams.get('recordId') === tenant.id);
    const ofRun = page.getByRole('row').filter({ hasText: `Audited ${RUN}` });
    const row = ofRun.filter({ hasText: 'Tenant updated' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Sam Super');
    expect(await row.textContent()).toContain(`Audited ${RUN}`);
    await ofRun.filter({ hasText: 'Tenant created' }).waitFor();

    await row.getByRole('button', { name: /Show the changes of Tenant updated/ }).click();
    const changes = page.getByRole('table', { name: 'Changes' });
    await changes.waitFor();
    const nameRow = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'name' }) });
    expect(await nameRow.textContent()).toContain(`Audit ${RUN}`);
    expect(await nameRow.textContent()).toContain(`Audited ${RUN}`);

    // Only this entry's action, exported.
    await page
      .locator('input')
      .and(page.getByLabel('Action', { exact: true }))
      .click();
    await page.getByRole('option', { name: 'Tenant updated' }).click();
    await ofRun.filter({ hasText: 'Tenant created' }).waitFor({ state: 'detached' });
    await page.waitForURL(
      (url) => url.searchParams.get('action') === 'tenant.updated' && url.searchParams.get('recordId') === tenant.id,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),Action,Actor,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('tenant.updated');
    expect(lines[1]).toContain('superadmin@atrium.test');
    expect(lines[1]).toContain(`""name"":""Audited ${RUN}""`);
    await page.context().close();
  });

  it('shows a tenant administrator only their tenant’s entries', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(page, 'admin@atrium.test');
    await page.waitForURL(`${BASE_URL}/home`);
    await page.goto(`${BASE_URL}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    const tenants = await page.getByRole('row').locator('td:nth-child(5)').allTextContents();
    expect(tenants.length).toBeGreaterThan(0);
    expect(new Set(tenants)).toEqual(new Set(['Northwind Partners']));
    await page.context().close();
  });
});

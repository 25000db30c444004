import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, signIn } from './support.js';

const SOME_ID = '3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';

type RoleCase = {
  email: string;
  /** Finishes the active-tenant step, if the account gets one. */
  chooseTenant?: (page: Page) => Promise<void>;
  menuHas: string[];
  menuLacks: string[];
  /** A route the spec's table refuses this role. */
  forbidden: string;
};

const CASES: Record<string, RoleCase> = {
  Superadmin: {
    email: 'superadmin@atrium.test',
    chooseTenant: async (page) => {
      // Super administrators may skip choosing.
      await page.getByRole('button', { name: 'Skip' }).click();
    },
    menuHas: ['Tenants', 'Users'],
    menuLacks: [],
    forbidden: `/documents/${SOME_ID}`,
  },
  PartnerManager: {
    email: 'partner@atrium.test',
    menuHas: ['Tenants'],
    menuLacks: ['Users'],
    forbidden: '/users',
  },
  TenantAdmin: {
    email: 'admin@atrium.test',
    menuHas: ['Users', 'Chat', 'Hours'],
    menuLacks: ['Tenants'],
    forbidden: '/tenants',
  },
  User: {
    email: 'user@atrium.test',
    chooseTenant: async (page) => {
      expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Active Tenant' }).click();
      await page.getByRole('option', { name: 'Northwind Partners' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
    },
    menuHas: ['Chat', 'Hours', 'Notifications'],
    menuLacks: ['Tenants', 'Users', 'Admin panel'],
    forbidden: '/users',
  },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

describe.each(Object.entries(CASES))('%s', (_role, c) => {
  it('signs in, sees the shell with the right menu, is refused a forbidden route, signs out', async () => {
    const page = await newPage();
    await signIn(page, c.email);
    await page.waitForURL(/\/(active-tenant-page|home)/);
    if (c.chooseTenant) {
      await page.waitForURL(/active-tenant-page/);
      await c.chooseTenant(page);
    }
    await page.waitForURL(`${BASE_URL}/home`);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const item of c.menuHas) await nav.getByText(item, { exact: true }).first().waitFor();
    for (const item of c.menuLacks) expect(await nav.getByText(item, { exact: true }).count()).toBe(0);

    await page.goto(`${BASE_URL}${c.forbidden}`);
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/unauthorized');

    await page.goto(`${BASE_URL}/home`);
    await nav.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/signin/);
    // The session is gone: home sends us back to sign-in.
    await page.goto(`${BASE_URL}/home`);
    await page.waitForURL(/\/signin/);
    await page.context().close();
  });
});

describe('Documents feature gate', () => {
  it('opens the document pages in a tenant with Documents and refuses them in one without', async () => {
    const page = await newPage();
    await signIn(page, 'user@atrium.test');
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: 'Harbour Care' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${BASE_URL}/home`);
    await page.goto(`${BASE_URL}/admin/documents/new`);
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();

    // Switch to Northwind (which has Documents) with the side menu's tenant selector.
    await page.goto(`${BASE_URL}/home`);
    await page.getByRole('combobox', { name: 'Tenant' }).click();
    await page.getByRole('option', { name: 'Northwind Partners' }).click();
    await page.waitForURL(`${BASE_URL}/home`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Hours').waitFor();
    await page.goto(`${BASE_URL}/admin/documents/new`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/admin/documents/new');
    expect(await page.getByRole('heading', { name: 'Unauthorized' }).count()).toBe(0);
    await page.context().close();
  });
});

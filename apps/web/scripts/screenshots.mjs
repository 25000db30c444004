#!/usr/bin/env node
// Screenshots of the shell for a visual check: node apps/web/scripts/screenshots.mjs [baseUrl]
// Needs a running server with the demo data and the built web app, and Chromium at /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = join(import.meta.dirname, '../../../.screenshots');
mkdirSync(out, { recursive: true });
const PASSWORD = 'Atrium-demo-1';
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 780 } };

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const problems = [];

async function context(size, dark) {
  const ctx = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: size === 'mobile' ? 2 : 1 });
  await ctx.addInitScript((darkMode) => {
    if (!localStorage.getItem('uiState')) localStorage.setItem('uiState', JSON.stringify({ darkMode }));
  }, dark);
  return ctx;
}

function watch(page, label) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of (401|404)/.test(msg.text())) problems.push(`${label}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${label}: ${err.message}`));
}

// The live hub keeps a connection open, so 'networkidle' may never come: wait for the load and a moment.
async function settle(page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(800);
}

async function shot(page, name) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${name}.png`) });
}

async function signIn(page, email) {
  await page.goto(`${base}/signin`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/active-tenant-page|home/);
}

for (const size of Object.keys(sizes)) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${size}-${scheme}`;
    const ctx = await context(size, scheme === 'dark');
    const page = await ctx.newPage();
    watch(page, tag);

    await page.goto(`${base}/signin`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await shot(page, `signin-${tag}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await shot(page, `signin-invalid-${tag}`);
    await page.getByLabel(/^Email/).fill('user@atrium.test');
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await page.getByRole('heading', { name: 'Welcome again' }).hover();
    await shot(page, `signin-error-${tag}`);

    await page.goto(`${base}/unauthorized`);
    await shot(page, `unauthorized-${tag}`);
    await page.goto(`${base}/this/does/not/exist`);
    await shot(page, `notfound-${tag}`);

    // A user of two tenants: the chooser, then the shell.
    await signIn(page, 'user@atrium.test');
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await shot(page, `active-tenant-${tag}`);
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: 'Northwind Partners' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/home$/);
    await settle(page);
    await shot(page, `home-user-${tag}`);
    if (size === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot(page, `menu-user-${tag}`);
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    if (size === 'desktop') {
      await page.getByRole('button', { name: 'Collapse menu' }).click();
      await shot(page, `home-user-collapsed-${tag}`);
      await page.getByRole('button', { name: 'Expand menu' }).click();
    }
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { name: 'Uma User' }).waitFor();
    await shot(page, `profile-${tag}`);
    await page.goto(`${base}/profile/edit`);
    await shot(page, `profile-edit-${tag}`);
    await page.goto(`${base}/news`);
    await shot(page, `module-${tag}`);
    await page.goto(`${base}/tenants`);
    await page.waitForURL(/unauthorized/);
    await page.goto(`${base}/tenantIdDeepLinkError/00000000-0000-4000-8000-000000000000/home`);
    await shot(page, `other-tenant-${tag}`);
    await ctx.close();

    // The super administrator: no memberships, every tenant to pick from, the admin group.
    const ctx2 = await context(size, scheme === 'dark');
    const page2 = await ctx2.newPage();
    watch(page2, `${tag} superadmin`);
    await signIn(page2, 'superadmin@atrium.test');
    await page2.getByRole('button', { name: 'Skip' }).waitFor();
    await shot(page2, `active-tenant-superadmin-${tag}`);
    await page2.getByRole('button', { name: 'Skip' }).click();
    await page2.waitForURL(/\/home$/);
    await settle(page2);
    await shot(page2, `home-superadmin-${tag}`);
    if (size === 'mobile') {
      await page2.getByRole('button', { name: 'Open menu' }).click();
      await shot(page2, `menu-superadmin-${tag}`);
    }
    await page2.goto(`${base}/tenants`);
    await page2.getByRole('heading', { name: 'Tenants' }).waitFor();
    await settle(page2);
    await shot(page2, `tenants-${tag}`);
    await page2.goto(`${base}/admin/mail`);
    await settle(page2);
    await shot(page2, `mail-${tag}`);
    await ctx2.close();

    // The tenant administrator: the users list, and an account shared with a tenant they do not run.
    const ctx3 = await context(size, scheme === 'dark');
    const page3 = await ctx3.newPage();
    watch(page3, `${tag} admin`);
    await signIn(page3, 'admin@atrium.test');
    await page3.waitForURL(/\/home$/);
    await page3.goto(`${base}/users`);
    await settle(page3);
    await shot(page3, `users-${tag}`);
    await page3.getByRole('link', { name: /^Uma/ }).first().click();
    await page3.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    await settle(page3);
    await shot(page3, `user-shared-${tag}`);
    await ctx3.close();
  }
}

await browser.close();
if (problems.length) {
  console.error(`Console errors:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
console.log(`Screenshots in ${out}`);

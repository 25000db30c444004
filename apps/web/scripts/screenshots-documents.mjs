#!/usr/bin/env node
// Screenshots of the documents pages for a visual check: node apps/web/scripts/screenshots-documents.mjs [baseUrl]
// Needs a running server with the demo data and the built web app, and Chromium at /usr/bin/chromium.
// Writes .screenshots/documents/<page>-<desktop|mobile>-<light|dark>.png
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = join(import.meta.dirname, '../../../.screenshots/documents');
mkdirSync(out, { recursive: true });
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

for (const size of Object.keys(sizes)) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${size}-${scheme}`;
    const ctx = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: 1 });
    await ctx.addInitScript((darkMode) => {
      if (!localStorage.getItem('uiState')) localStorage.setItem('uiState', JSON.stringify({ darkMode }));
    }, scheme === 'dark');
    const page = await ctx.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/status of (401|404)/.test(msg.text())) problems.push(`${tag}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${tag}: ${err.message}`));
    const shot = async (name) => {
      await page.waitForTimeout(900);
      await page.screenshot({ path: join(out, `${name}-${tag}.png`), fullPage: size === 'mobile' });
    };
    const open = async (path, heading) => {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    };

    await page.goto(`${base}/signin`);
    await page.getByLabel(/^Email/).fill('admin@atrium.test');
    await page.getByLabel(/^Password/).fill('Atrium-demo-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/);

    await open('/folders', 'Folders');
    await shot('folders');
    await page.getByRole('main').getByRole('link', { name: 'People', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit folder' }).waitFor();
    await shot('folder-edit');
    await open('/folder/new', 'New folder');
    await page.getByRole('button', { name: 'Save' }).click();
    await shot('folder-new-invalid');

    await open('/folders/documenttype', 'Document types');
    await shot('types');
    await open('/admin/documents/documenttypes', 'Document types');
    await page.getByRole('main').getByRole('link', { name: 'Handbooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit document type' }).waitFor();
    await shot('type-edit');
    await open('/admin/documenttype/new', 'New document type');
    await shot('type-new');

    await open('/folders/documents', 'Documents');
    await shot('documents');
    await open('/admin/documents', 'Documents');
    await page.getByRole('main').getByRole('link', { name: 'Employee handbook 2026', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit document' }).waitFor();
    await shot('document-edit');
    await open('/admin/documents/new', 'New document');
    await page.getByRole('button', { name: 'Save' }).click();
    await shot('document-new-invalid');

    // The side list: the Handbooks type is on the sidebar (on mobile, behind the menu button).
    await open('/home', /./);
    if (size === 'mobile') await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('navigation').getByRole('link', { name: 'Handbooks' }).first().click();
    await page.getByRole('heading', { name: 'Handbooks', level: 1 }).waitFor();
    await page.getByRole('img', { name: /Preview of/ }).waitFor();
    await shot('side-list');
    await ctx.close();
  }
}

await browser.close();
if (problems.length) {
  console.error(`Console errors:\n${problems.join('\n')}`);
  process.exitCode = 1;
}
console.log(`Screenshots in ${out}`);

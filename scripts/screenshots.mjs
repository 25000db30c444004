#!/usr/bin/env node
// Screenshots of Atrium pages at 1280 and 375 px, light and dark, for looking at what a change did,
// with an axe-core (WCAG 2.1 AA) check of each page:
//
//   node scripts/screenshots.mjs [--base http://localhost:3000] [--as admin@atrium.test]
//                                [--tenant 'Harbour Care'] [--out .screenshots/NAME] /path ...
//
// Needs a running server with the demo data (npm start) and Chromium at /usr/bin/chromium. A path may
// name a record by a placeholder the script resolves through the API as the signed-in account:
// {tenant} (the active tenant, or Northwind Partners for a super administrator) and {client} (the
// first client). Exits 1 on an axe violation or a page error, after taking every picture.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: opts, positionals: paths } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    as: { type: 'string', default: 'admin@atrium.test' },
    tenant: { type: 'string' },
    out: { type: 'string', default: '.screenshots' },
  },
});
const PASSWORD = 'Atrium-demo-1';
const LOOKS = [1280, 375].flatMap((width) => [false, true].map((dark) => ({ width, dark })));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const problems = [];
mkdirSync(opts.out, { recursive: true });

async function api(path, token, init = {}) {
  const res = await fetch(`${opts.base}/core/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The placeholders' values, looked up once as the account the pictures are taken as. */
async function placeholders() {
  const { token, user } = await api('/auth/login', null, {
    method: 'POST',
    body: JSON.stringify({ email: opts.as, password: PASSWORD, rememberMe: false }),
  });
  const values = {};
  const needs = (name) => paths.some((p) => p.includes(`{${name}}`));
  if (needs('tenant')) {
    const tenants = await api('/tenants/all', token).catch(() => []);
    values.tenant = user.activeTenantId ?? tenants.find((t) => t.name === 'Northwind Partners')?.id;
  }
  if (needs('client')) values.client = (await api('/companies?take=1&sort=title', token)).data[0]?.id;
  return values;
}

async function signIn(page) {
  await page.goto(`${opts.base}/signin`);
  await page.getByLabel(/^Email/).fill(opts.as);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A member of one tenant goes on to /home; of several, picks one (the given one, else the first); a
  // super administrator skips the choice unless given a tenant.
  const choice = page.getByRole('button', { name: /^(Submit|Skip)$/ }).first();
  await Promise.race([page.waitForURL(/\/home/), choice.waitFor()]);
  if (page.url().includes('/home')) return;
  const skip = page.getByRole('button', { name: 'Skip' });
  if (!opts.tenant && (await skip.isVisible())) return void (await skip.click());
  await page.getByRole('combobox', { name: 'Active Tenant' }).click();
  await (opts.tenant ? page.getByRole('option', { name: opts.tenant }) : page.getByRole('option').first()).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/home/);
}

async function axe(page, label) {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  // The page's main region; pages outside the shell (sign-in, not found) are checked whole.
  const result = await page.evaluate(() =>
    window.axe.run(document.querySelector('main') ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  );
  for (const v of result.violations)
    problems.push(
      `${label}: axe ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
    );
}

const values = await placeholders();
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
for (const { width, dark } of LOOKS) {
  const look = `${width}-${dark ? 'dark' : 'light'}`;
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 780 } });
  await context.addInitScript((darkMode) => localStorage.setItem('uiState', JSON.stringify({ darkMode })), dark);
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`${look}: ${err.message}`));
  await signIn(page);
  for (const path of paths) {
    const url = path.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? `{${name}}`);
    await page.goto(`${opts.base}${url}`);
    await page.waitForLoadState('load');
    // The live hub keeps a connection open, so there is no network idle: wait for the loaders instead,
    // then past the page's fade-in (axe measures contrast through a running transition).
    await page.waitForSelector('[aria-busy="true"]', { state: 'detached', timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(1200);
    const name = `${url.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${look}`;
    await axe(page, name);
    await page.screenshot({ path: join(opts.out, `${name}.png`), fullPage: true });
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${opts.out}`);
if (problems.length) {
  console.log(problems.join('\n'));
  process.exitCode = 1;
}

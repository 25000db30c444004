#!/usr/bin/env node
// Screenshots and an axe-core (WCAG 2.1 AA) check of /home (both demo tenants), /tenants/description/{id}
// and /tenants/html/{id}, at 1280 and 375 px, light and dark:
//   node apps/web/scripts/home-screenshots.mjs [baseUrl]
// Needs a running server with the demo data and the built web app, and Chromium at /usr/bin/chromium.
// Writes .screenshots/home/*.png and prints every axe violation (exit 1 when there is one).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = join(import.meta.dirname, '../../../.screenshots/home');
mkdirSync(out, { recursive: true });
const PASSWORD = 'Atrium-demo-1';
const sizes = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 780 } };
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  // bypassCSP only so that axe can be evaluated in the page; the app itself runs as served.
  const ctx = await browser.newContext({
    viewport: sizes[size],
    deviceScaleFactor: size === 'mobile' ? 2 : 1,
    bypassCSP: true,
  });
  await ctx.addInitScript((darkMode) => {
    localStorage.setItem('uiState', JSON.stringify({ darkMode }));
  }, dark);
  return ctx;
}

async function check(page, name) {
  await page.waitForTimeout(700);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(
      { include: [['main']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    ),
  );
  for (const v of result.violations) {
    problems.push(
      `${name}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .map((n) => `${n.target.join(' ')} [${n.any[0]?.message ?? ''}]`)
        .slice(0, 3)
        .join(' | ')}`,
    );
  }
}

async function signIn(page, email, tenant) {
  await page.goto(`${base}/signin`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/active-tenant-page|home/);
  if (tenant && page.url().includes('active-tenant-page')) {
    await page.getByRole('combobox', { name: 'Active Tenant' }).click();
    await page.getByRole('option', { name: tenant }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/home/);
  }
}

const tenants = await (async () => {
  const login = await fetch(`${base}/core/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@atrium.test', password: PASSWORD, rememberMe: false }),
  });
  const { token } = await login.json();
  const res = await fetch(`${base}/core/api/tenants/all`, { headers: { authorization: `Bearer ${token}` } });
  return res.json();
})();
const northwind = tenants.find((t) => t.name === 'Northwind Partners').id;

for (const size of Object.keys(sizes)) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${size}-${scheme}`;
    for (const [label, email, tenant] of [
      ['northwind', 'admin@atrium.test', null],
      ['harbour', 'user@atrium.test', 'Harbour Care'],
    ]) {
      const ctx = await context(size, scheme === 'dark');
      const page = await ctx.newPage();
      page.on('pageerror', (err) => problems.push(`${label}-${tag}: ${err.message}`));
      await signIn(page, email, tenant);
      await page.waitForURL(/\/home/);
      await page.getByRole('main').getByRole('link').first().waitFor();
      await page.waitForSelector('main [aria-busy="true"]', { state: 'detached' });
      await check(page, `home-${label}-${tag}`);
      await ctx.close();
    }
    const ctx = await context(size, scheme === 'dark');
    const page = await ctx.newPage();
    page.on('pageerror', (err) => problems.push(`operator-${tag}: ${err.message}`));
    await signIn(page, 'superadmin@atrium.test');
    await page.goto(`${base}/tenants/description/${northwind}`);
    await page.getByRole('textbox', { name: 'Description of News' }).waitFor();
    await check(page, `description-${tag}`);
    await page.goto(`${base}/tenants/html/${northwind}`);
    await page.getByRole('textbox', { name: 'Welcome text' }).waitFor();
    await check(page, `html-${tag}`);
    await page.getByRole('textbox', { name: 'Video address' }).fill('https://evil.example/video');
    await page.getByText('Unsafe url.').waitFor();
    await check(page, `html-unsafe-url-${tag}`);
    await ctx.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
if (problems.length) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log('no axe violations, no page errors');

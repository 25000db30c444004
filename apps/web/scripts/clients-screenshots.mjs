#!/usr/bin/env node
// Screenshots and an axe-core (WCAG 2.1 AA) check of every clients page, at 1280 and 375 px, light and
// dark: node apps/web/scripts/clients-screenshots.mjs [baseUrl]. Needs a running server with the demo
// data and the built web app, and Chromium at /usr/bin/chromium. Output: .screenshots/clients/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = join(import.meta.dirname, '../../../.screenshots/clients');
mkdirSync(out, { recursive: true });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const sizes = { desktop: { width: 1280, height: 900 }, mobile: { width: 375, height: 780 } };

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
/** Findings in the shell around the pages (side menu, footer, bottom bar, logo, dialogs' close button), not ours. */
const shell = new Set();
const theme = new Set();
const SHELL = /_footer_|_item_15imo|_logoLink|_brandLink|_group_ynakd|m_220c80f2|data-truncate="end"\]$/;

async function api(method, path, token, body) {
  const res = await fetch(`${base}/core/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  return res.status === 204 ? null : res.json();
}
const { token } = await api('POST', '/auth/login', null, {
  email: 'admin@atrium.test',
  password: 'Atrium-demo-1',
  rememberMe: false,
});
const clients = await api('GET', '/companies?take=50&sort=title', token);
const client = clients.data.find((c) => c.title.startsWith('Aarhus')) ?? clients.data[0];
const locations = await api('GET', `/companyLocations/customLoadPage/?clientId=${client.id}`, token);
const contacts = await api('GET', `/contacts/customLoadPage/?clientId=${client.id}`, token);

const pages = [
  ['list', '/admin/clients'],
  ['form-new', '/admin/clients/new'],
  ['form-edit', `/admin/clients/${client.id}`],
  ['locations', `/admin/clients/locations/${client.id}`],
  ['location-new', `/admin/clients/new/location/${client.id}`],
  ['location-edit', `/admin/clients/edit/location/${locations.data[0].id}`],
  ['contacts', `/admin/clients/contacts/${client.id}`],
  ['contact-new', `/admin/clients/new/contact/${client.id}`],
  ['contact-edit', `/admin/clients/edit/contact/${contacts.data[0].id}`],
];

async function axe(page, label) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    globalThis.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  // The theme's dimmed text colour (Mantine's default) is below 4.5:1 everywhere: a theme finding.
  const dimmed = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-color-dimmed)';
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color.match(/\d+/g).slice(0, 3);
    probe.remove();
    return `#${rgb.map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
  });
  for (const v of result.violations) {
    const ours = [];
    for (const n of v.nodes) {
      const target = n.target.join(' ');
      if (SHELL.test(target)) shell.add(`${v.id} ${target}`);
      else if (n.any[0]?.data?.fgColor === dimmed) theme.add(`${v.id} dimmed ${dimmed}: ${label}`);
      else ours.push(target);
    }
    if (ours.length) problems.push(`${label}: axe ${v.id} (${v.impact}) ${ours.join(', ')}`);
  }
}

for (const size of Object.keys(sizes)) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${size}-${scheme}`;
    const ctx = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: size === 'mobile' ? 2 : 1 });
    await ctx.addInitScript((dark) => {
      if (!localStorage.getItem('uiState')) localStorage.setItem('uiState', JSON.stringify({ darkMode: dark }));
    }, scheme === 'dark');
    const page = await ctx.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/status of (401|404)/.test(msg.text())) problems.push(`${tag}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${tag}: ${err.message}`));

    await page.goto(`${base}/signin`);
    await page.getByLabel(/^Email/).fill('admin@atrium.test');
    await page.getByLabel(/^Password/).fill('Atrium-demo-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/home/);

    for (const [name, path] of pages) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('load');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Past the page's fade-in: axe measures contrast through a running opacity transition.
      await page.waitForTimeout(2500);
      await axe(page, `${name}-${tag}`);
      await page.screenshot({ path: join(out, `${name}-${tag}.png`), fullPage: true });
    }
    // An invalid submit: every field marked, nothing sent.
    await page.goto(`${base}/admin/clients/new`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `form-invalid-${tag}.png`) });
    // The delete confirmation with its counts.
    await page.goto(`${base}/admin/clients`);
    if (size === 'desktop') {
      await page.getByRole('button', { name: `Delete ${client.title}` }).click();
      await page.getByText(/are deleted with it/).waitFor();
      await axe(page, `delete-${tag}`);
      await page.screenshot({ path: join(out, `delete-${tag}.png`) });
    }
    await ctx.close();
  }
}
await browser.close();
if (theme.size) console.log(`theme findings (Mantine's dimmed colour):\n  ${[...theme].join('\n  ')}`);
if (shell.size) console.log(`shell findings (outside the clients pages):\n  ${[...shell].join('\n  ')}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log(`screenshots in ${out}; no axe violations, no console errors`);
}

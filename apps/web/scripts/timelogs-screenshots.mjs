#!/usr/bin/env node
// Screenshots and an axe-core (WCAG 2.1 AA) check of the time-logging pages, at 1280 and 375 px, light
// and dark: node apps/web/scripts/timelogs-screenshots.mjs [baseUrl]. Needs a running server with the demo
// data and the built web app, and Chromium at /usr/bin/chromium. Output: .screenshots/timelogs/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = join(import.meta.dirname, '../../../.screenshots/timelogs');
mkdirSync(out, { recursive: true });
const PASSWORD = 'Atrium-demo-1';
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 780 } };
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

async function axe(page, label) {
  // Through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  for (const v of result.violations) {
    problems.push(
      `${label}: axe ${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
    );
  }
}

async function shot(page, name, label) {
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  await axe(page, label);
}

for (const size of Object.keys(sizes)) {
  for (const scheme of ['light', 'dark']) {
    const tag = `${size}-${scheme}`;
    const ctx = await browser.newContext({ viewport: sizes[size], deviceScaleFactor: size === 'mobile' ? 2 : 1 });
    await ctx.addInitScript((darkMode) => {
      if (!localStorage.getItem('uiState')) localStorage.setItem('uiState', JSON.stringify({ darkMode }));
    }, scheme === 'dark');
    const page = await ctx.newPage();
    page.on('pageerror', (err) => problems.push(`${tag}: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/status of (401|404)/.test(msg.text())) problems.push(`${tag}: ${msg.text()}`);
    });

    await page.goto(`${base}/signin`);
    await page.getByLabel(/^Email/).fill('admin@atrium.test');
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/home/);

    await page.goto(`${base}/timelogs`);
    await page.getByTestId('week-total').waitFor();
    await shot(page, `grid-${tag}`, `grid ${tag}`);

    // The demo's 'Internal' project starts on the Wednesday two weeks ago: its earlier days are read-only.
    const monday = new Date();
    monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7) - 14);
    await page.goto(`${base}/timelogs?week=${monday.toLocaleDateString('sv')}`);
    await page.getByTestId('week-total').waitFor();
    await shot(page, `grid-project-start-${tag}`, `grid project start ${tag}`);

    await page.goto(`${base}/admin/timelogs/projects`);
    await page.getByRole('table').waitFor();
    await shot(page, `projects-${tag}`, `projects ${tag}`);

    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Tasks' }).waitFor();
    await shot(page, `project-form-${tag}`, `project form ${tag}`);

    await page.goto(`${base}/admin/timelogs/project/new`);
    await page.getByRole('heading', { name: 'New project' }).waitFor();
    await shot(page, `project-new-${tag}`, `project new ${tag}`);

    await page.goto(`${base}/admin/timelogs/overview`);
    await page.getByTestId('overview-total').waitFor();
    await shot(page, `overview-${tag}`, `overview ${tag}`);
    await ctx.close();
  }
}
await browser.close();
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else console.log(`screenshots in ${out}, no axe violations`);

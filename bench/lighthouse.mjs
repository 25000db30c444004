#!/usr/bin/env node
// Lighthouse (desktop preset) on /signin and, signed in as the demo tenant administrator, on /home.
// Builds the web app if needed, starts Atrium on a fresh embedded database with demo data (as
// e2e/run.mjs does), drives Debian's Chromium through chrome-launcher, prints the four category
// scores per page and stops everything it started.
// Usage: node bench/lighthouse.mjs [--check]   (--check exits 1 below the targets of issue 13)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startLocalServer } from '../scripts/local-server.mjs';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 0 };
const check = process.argv.includes('--check');
const root = new URL('..', import.meta.url).pathname;

if (!existsSync(join(root, 'apps/web/dist/index.html')) || process.argv.includes('--build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = 4100 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;

let server;
let chrome;
let exitCode = 1;
try {
  server = await startLocalServer({ port, dataDirPrefix: 'atrium-lighthouse-', healthTimeoutMs: 60_000 });
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const flags = { port: chrome.port, output: 'json', logLevel: 'error' };
  const results = [];

  results.push(['/signin', await audit(`${baseUrl}/signin`, flags)]);

  // Sign in through the real form in the same browser: the refresh cookie then opens /home for
  // Lighthouse, which must keep the browser's storage to use it.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill('admin@atrium.test');
  await page.getByLabel(/^Password/).fill('Atrium-demo-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/home`);
  await page.close();
  results.push(['/home (TenantAdmin)', await audit(`${baseUrl}/home`, { ...flags, disableStorageReset: true })]);
  await browser.close().catch(() => {});

  let missed = false;
  console.log(`Lighthouse ${results[0][1].lighthouseVersion}, desktop preset, ${new Date().toISOString()}`);
  for (const [name, lhr] of results) {
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)]),
    );
    console.log(
      `${name.padEnd(20)} performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}`,
    );
    for (const [id, target] of Object.entries(TARGETS)) if (scores[id] < target) missed = true;
    // What cost points: every audit that is not a pass, with its title.
    const failing = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
    );
    for (const a of failing) console.log(`  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  exitCode = check && missed ? 1 : 0;
} catch (err) {
  console.error(err);
} finally {
  await chrome?.kill();
  await server?.stop();
}
process.exit(exitCode);

async function audit(url, flags) {
  const result = await lighthouse(url, flags, desktopConfig);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

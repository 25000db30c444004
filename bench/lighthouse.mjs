#!/usr/bin/env node
// Lighthouse 12 on the main pages: /signin, then, signed in as the demo tenant administrator, every
// signed-in main page of issue 48. Builds the web app if needed, starts Atrium on a fresh embedded
// database with demo data (as e2e/run.mjs does), drives Debian's Chromium through chrome-launcher and
// prints, per page, the median of the runs: the four category scores and the metrics that cost most,
// with Lighthouse's benchmark index of this host beside them (a slow hour on a shared machine shows
// there: Lighthouse calibrates its mobile CPU slowdown for an index of about 1000 and above).
// Usage: node bench/lighthouse.mjs [--mobile] [--runs N] [--check] [--only /path,/path]
//   --mobile  Lighthouse's default mobile preset (simulated slow 4G, 4x slower CPU); else desktop
//   --check   exit 1 below the targets (desktop: issue 13; mobile: issue 48)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startLocalServer } from '../scripts/local-server.mjs';

const { values: opts } = parseArgs({
  options: {
    mobile: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    check: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const PAGES = [
  '/signin',
  '/home',
  '/timelogs',
  '/users',
  '/admin/clients',
  '/notifications',
  '/notifications/inbox',
  '/chat',
  '/documents',
].filter((path) => !opts.only || opts.only.split(',').includes(path));
const TARGETS = opts.mobile
  ? { performance: 90, accessibility: 100, 'best-practices': 100, seo: 0 }
  : { performance: 95, accessibility: 100, 'best-practices': 100, seo: 0 };
/** Issue 48's limits on the mobile preset, beside the performance score. */
const METRIC_LIMITS = opts.mobile ? { 'total-blocking-time': 300, 'cumulative-layout-shift': 0.1 } : {};
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];
const runs = Math.max(1, Number(opts.runs) || 1);
const root = new URL('..', import.meta.url).pathname;

if (!existsSync(join(root, 'apps/web/dist/index.html')) || opts.build) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = 4100 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
  const config = opts.mobile ? undefined : desktopConfig;
  const results = [];
  let signedIn = false;
  for (const path of PAGES) {
    if (path !== '/signin' && !signedIn) {
      await signIn();
      signedIn = true;
    }
    // The signed-in pages keep the browser's storage: the refresh cookie opens them.
    const lhrs = [];
    for (let i = 0; i < runs; i++)
      lhrs.push(await audit(`${baseUrl}${path}`, { ...flags, disableStorageReset: path !== '/signin' }, config));
    results.push([path, lhrs]);
  }

  let missed = false;
  const version = results[0][1][0].lighthouseVersion;
  console.log(
    `Lighthouse ${version}, ${opts.mobile ? 'mobile' : 'desktop'} preset, median of ${runs} run(s), ${new Date().toISOString()}`,
  );
  for (const [path, lhrs] of results) {
    const scoreOf = (id) => median(lhrs.map((lhr) => Math.round((lhr.categories[id].score ?? 0) * 100)));
    const metricOf = (id) => median(lhrs.map((lhr) => lhr.audits[id].numericValue ?? 0));
    const benchmarkIndex = median(lhrs.map((lhr) => lhr.environment.benchmarkIndex));
    const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, scoreOf(id)]));
    console.log(
      `${path.padEnd(22)} performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}  (benchmark index ${Math.round(benchmarkIndex)})`,
    );
    console.log(
      `${''.padEnd(22)} ${METRICS.map((id) => `${id.replace(/-/g, ' ')} ${formatMetric(id, metricOf(id))}`).join(', ')}`,
    );
    for (const [id, target] of Object.entries(TARGETS)) if (scores[id] < target) missed = true;
    for (const [id, limit] of Object.entries(METRIC_LIMITS)) if (metricOf(id) >= limit) missed = true;
    // What cost points in the median run: every audit that is not a pass, with its title.
    const lhr = lhrs.toSorted((a, b) => a.categories.performance.score - b.categories.performance.score)[
      Math.floor(lhrs.length / 2)
    ];
    const failing = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
    );
    for (const a of failing) console.log(`  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  }
  exitCode = opts.check && missed ? 1 : 0;
} catch (err) {
  console.error(err);
} finally {
  await chrome?.kill();
  await server?.stop();
}
process.exit(exitCode);

/** Signs in through the real form in the same browser, so that Lighthouse's pages find the session. */
async function signIn() {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill('admin@atrium.test');
  await page.getByLabel(/^Password/).fill('Atrium-demo-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/home`);
  await page.close();
  await browser.close().catch(() => {});
}

function formatMetric(id, value) {
  return id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

async function audit(url, flags, config) {
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

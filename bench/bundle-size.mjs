#!/usr/bin/env node
// The JavaScript each main page loads, gzipped, against its budget (issues 13 and 48; bench/README.md).
// It reads the production build's manifest. A page loads the entry chunk and its static imports, the
// chunks the entry starts on its own (service worker registration, hub, offline status), its layout's
// chunks (the signed-in shell and, for inner pages, the inner layout, with all the strings), and its
// own lazy chunk; each with its static imports, each file counted once.
// Usage: node bench/bundle-size.mjs [--check | --write-budgets]
//   --check exits 1 when a page is above its budget; --write-budgets sets every budget anew (5% above now)
//
// The budgets (bench/bundle-budgets.json) also keep each chunk's size when the budget was set, by
// source name (the built file names change with every hash), so a page over budget names what grew.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const budgetsPath = join(root, 'bench/bundle-budgets.json');
const check = process.argv.includes('--check');
const write = process.argv.includes('--write-budgets');

const SIGNED_IN_SHELL = [
  'src/app/layouts/home-layout.tsx',
  'src/shared/hub/hub-connection.ts',
  'src/shared/offline/offline-status.tsx',
  'src/shared/pwa/register.ts',
  'src/shared/pwa/prompts-panel.tsx',
];
const INNER = [...SIGNED_IN_SHELL, 'src/app/layouts/inner-layout.tsx'];
/** The main pages of issue 48: path, the page's lazy chunk and the layout chunks it comes with. */
const PAGES = [
  { path: '/signin', chunks: ['src/features/auth/pages/sign-in-page.tsx'] },
  { path: '/home', chunks: [...SIGNED_IN_SHELL, 'src/features/home/pages/home-page.tsx'] },
  { path: '/timelogs', chunks: [...INNER, 'src/features/timelogs/pages/timelogs-page.tsx'] },
  { path: '/users', chunks: [...INNER, 'src/features/users/pages/users-page.tsx'] },
  { path: '/admin/clients', chunks: [...INNER, 'src/features/clients/pages/clients-page.tsx'] },
  { path: '/notifications', chunks: [...INNER, 'src/features/notifications/pages/notifications-page.tsx'] },
  { path: '/notifications/inbox', chunks: [...INNER, 'src/features/notifications/pages/inbox-page.tsx'] },
  { path: '/chat', chunks: [...INNER, 'src/features/chat/pages/chat-page.tsx'] },
  { path: '/documents', chunks: [...INNER, 'src/features/documents/pages/documents-page.tsx'] },
];
/** Room a budget leaves above the size it was set at. */
const HEADROOM = 1.05;
/** Budgets no page may be given more than: the sign-in page's 150 KB of issue 13. */
const CAPS = { '/signin': 150 * 1024 };

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) {
  console.error(`Expected one entry chunk in the manifest, found ${entries.length}.`);
  process.exit(1);
}
// The strings of the signed-in shell: a virtual module whose key names the build's own folder.
const allEnglish = Object.keys(manifest).find((key) => key.startsWith('strings?all:') && key.endsWith('/en.json.js'));

/**
 * A chunk's name that stays from build to build: shared chunks lose their content hash
 * (`_queue-Ch72o0DL.js`), the strings' virtual module the build's folder.
 */
const sourceName = (key) =>
  key.startsWith('strings?all:') ? 'strings?all:en.json' : key.replace(/^(_.+)-[\w-]{8}\.js$/, '$1.js');

/** Adds key and, transitively, every chunk it imports statically. */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`The manifest has no chunk ${key}: was it renamed? Update PAGES in bench/bundle-size.mjs.`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Every JavaScript chunk a page loads: source name -> gzipped bytes. */
function pageChunks(page) {
  const keys = new Set();
  collect(entries[0], keys);
  for (const key of page.chunks) collect(key, keys);
  if (page.chunks.includes('src/app/layouts/home-layout.tsx') && allEnglish) collect(allEnglish, keys);
  if (page.path === '/signin' && !manifest[page.chunks[0]].isDynamicEntry)
    throw new Error('The sign-in page is expected to be lazy-loaded (a dynamic entry).');
  const chunks = {};
  for (const key of keys) {
    const name = sourceName(key);
    if (manifest[key].file.endsWith('.js')) chunks[name] = (chunks[name] ?? 0) + gzipSize(manifest[key].file);
  }
  return chunks;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const budgets = existsSync(budgetsPath) ? JSON.parse(readFileSync(budgetsPath, 'utf8')) : {};
const measured = {};
let over = false;

console.log('JavaScript each main page loads, gzipped (entry, layouts, page; each with its static imports):');
for (const page of PAGES) {
  const chunks = pageChunks(page);
  const total = Object.values(chunks).reduce((sum, n) => sum + n, 0);
  measured[page.path] = { budget: Math.min(Math.round(total * HEADROOM), CAPS[page.path] ?? Infinity), chunks };
  const budget = budgets[page.path]?.budget;
  const verdict = budget ? `budget ${kb(budget)}, ratio ${(total / budget).toFixed(3)}` : 'no budget yet';
  console.log(`  ${page.path.padEnd(22)} ${kb(total).padStart(9)} in ${Object.keys(chunks).length} files; ${verdict}`);
  if (budget && total > budget) {
    over = true;
    console.error(`  ${page.path} is over its budget by ${kb(total - budget)}. What grew since the budget was set:`);
    const before = budgets[page.path].chunks ?? {};
    const growth = Object.entries(chunks)
      .map(([name, size]) => ({ name, grew: size - (before[name] ?? 0), added: !(name in before) }))
      .filter((c) => c.grew > 0)
      .sort((a, b) => b.grew - a.grew)
      .slice(0, 8);
    for (const c of growth)
      console.error(`    +${kb(c.grew).padStart(9)}  ${c.name}${c.added ? ' (new to this page)' : ''}`);
  }
}

if (write) {
  writeFileSync(budgetsPath, `${JSON.stringify(measured, null, 2)}\n`);
  console.log(`Wrote the budgets (${Math.round((HEADROOM - 1) * 100)}% above today's sizes) to ${budgetsPath}.`);
} else if (check && over) {
  process.exit(1);
}

#!/usr/bin/env node
// The JavaScript the sign-in page loads, gzipped, against the 150 KB budget (issue 13; bench/README.md).
// It reads the production build's manifest: the entry chunk and everything it imports statically,
// plus the sign-in page's lazy chunk and its static imports. Each file is counted once.
// Usage: node bench/bundle-size.mjs [--check]   (--check exits 1 above the budget)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const SIGN_IN_PAGE = 'src/features/auth/pages/sign-in-page.tsx';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const check = process.argv.includes('--check');

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`Expected one entry chunk in the manifest, found ${entries.length}.`);
  process.exit(1);
}
if (!manifest[SIGN_IN_PAGE]) {
  console.error(`The sign-in page (${SIGN_IN_PAGE}) is not a chunk of its own in the manifest.`);
  process.exit(1);
}
if (!manifest[SIGN_IN_PAGE].isDynamicEntry) {
  console.error(`The sign-in page is expected to be lazy-loaded (a dynamic entry).`);
  process.exit(1);
}

/** Adds key and, transitively, every chunk it imports statically. */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const keys = new Set();
collect(entries[0][0], keys);
collect(SIGN_IN_PAGE, keys);

const files = [...keys]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const source = readFileSync(join(dist, file));
    return { file, raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const total = files.reduce((sum, f) => sum + f.gzip, 0);
const raw = files.reduce((sum, f) => sum + f.raw, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('Sign-in page JavaScript (entry + static imports + sign-in chunk + its static imports):');
for (const f of files) console.log(`  ${kb(f.gzip).padStart(9)} gz  ${kb(f.raw).padStart(9)} raw  ${f.file}`);
console.log(`Total: ${kb(total)} gzipped (${kb(raw)} raw) in ${files.length} files`);
console.log(`Budget: ${kb(BUDGET_BYTES)}; ratio ${(total / BUDGET_BYTES).toFixed(3)} of budget`);

if (check && total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}

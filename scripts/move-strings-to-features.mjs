#!/usr/bin/env node
// Moves each feature's strings out of the shared strings files (apps/web/src/shared/i18n/locales) into
// the feature's own (apps/web/src/features/<m>/locales/<lng>.json, issue 25): its top-level block
// (named after the folder, camelCased, or an alias below) and its menu label (menu.<m>). Writes the
// feature's locales/strings.ts that adds its keys to TranslationKey. Safe to run again.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const web = new URL('../apps/web/src/', import.meta.url).pathname;
const shared = join(web, 'shared/i18n/locales');
const LANGUAGES = ['en', 'da'];
/** Blocks named otherwise than their feature folder. */
const ALIASES = { mail: ['mailOutbox'], home: ['homeContent'], auth: ['office365'] };

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
const write = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Strings added to the shared file after an earlier move join the feature's own; a clash is an error. */
const merge = (into, from, path) => {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && into[k] && typeof into[k] === 'object') merge(into[k], v, `${path}.${k}`);
    else if (into[k] !== undefined && into[k] !== v) throw new Error(`${path}.${k} differs in the two files`);
    else into[k] = v;
  }
  return into;
};

const features = readdirSync(join(web, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const globals = Object.fromEntries(LANGUAGES.map((lng) => [lng, read(join(shared, `${lng}.json`))]));

for (const feature of features) {
  const blocks = [camel(feature), ...(ALIASES[feature] ?? [])].filter(
    (key) => globals.en[key] && typeof globals.en[key] === 'object',
  );
  const hasMenu = typeof globals.en.menu?.[feature] === 'string';
  if (!blocks.length && !hasMenu) continue;
  const dir = join(web, 'features', feature, 'locales');
  mkdirSync(dir, { recursive: true });
  for (const lng of LANGUAGES) {
    const file = join(dir, `${lng}.json`);
    const own = read(file);
    const all = globals[lng];
    if (hasMenu && all.menu?.[feature] !== undefined) {
      own.menu = { ...own.menu, [feature]: all.menu[feature] };
      delete all.menu[feature];
    }
    for (const key of blocks) {
      if (all[key] === undefined) continue;
      own[key] = merge(own[key] ?? {}, all[key], `${feature}/${lng}: ${key}`);
      delete all[key];
    }
    write(file, own);
  }
  const types = join(dir, 'strings.ts');
  if (!existsSync(types)) {
    writeFileSync(
      types,
      `import type en from './en.json';

// Adds this feature's strings (./en.json) to TranslationKey; the build merges the files themselves.
declare module '@/shared/i18n/i18n' {
  interface FeatureStrings {
    ${/^[a-z]\w*$/i.test(feature) ? feature : `'${feature}'`}: typeof en;
  }
}
`,
    );
  }
  console.log(`${feature}: ${[...(hasMenu ? [`menu.${feature}`] : []), ...blocks].join(', ')}`);
}
for (const lng of LANGUAGES) write(join(shared, `${lng}.json`), globals[lng]);

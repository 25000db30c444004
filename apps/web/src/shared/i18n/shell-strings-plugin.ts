import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { mergeStrings, shellStrings } from './shell-strings.ts';

const PARTS = { '?all': (strings: Record<string, unknown>) => strings, '?shell': shellStrings };
type Suffix = keyof typeof PARTS;

/**
 * The strings files of one language: this shared one (shared/i18n/locales/<lng>.json) and each
 * feature's own (features/<m>/locales/<lng>.json), found by name, so a new module edits no shared file.
 */
function stringsFiles(shared: string): string[] {
  const features = join(dirname(shared), '../../../features');
  const own = readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(features, entry.name, 'locales', basename(shared)))
    .filter((file) => existsSync(file));
  return [shared, ...own.sort()];
}

/**
 * `import strings from './locales/en.json?all'`: every string of the language, the features' too;
 * `./locales/en.json?shell`: only the part the first load carries (shell-strings.ts).
 */
export function shellStringsPlugin(): Plugin {
  return {
    name: 'atrium-shell-strings',
    enforce: 'pre',
    async resolveId(source, importer) {
      const suffix = (Object.keys(PARTS) as Suffix[]).find((s) => source.endsWith(`.json${s}`));
      if (!suffix) return null;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true });
      // Not ending in .json: the built-in JSON plugin would parse this module's JavaScript as JSON.
      return resolved ? `\0strings${suffix}:${resolved.id}.js` : null;
    },
    load(id) {
      const match = /^\0strings(\?all|\?shell):(.*)\.js$/.exec(id);
      if (!match) return null;
      const files = stringsFiles(match[2]!);
      for (const file of files) this.addWatchFile(file);
      const merged = mergeStrings(files.map((file) => ({ file, strings: JSON.parse(readFileSync(file, 'utf8')) })));
      return `export default ${JSON.stringify(PARTS[match[1] as Suffix](merged))};`;
    },
  };
}

import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { shellStrings } from './shell-strings';

const SUFFIX = '?shell';

/** `import strings from './locales/en.json?shell'`: only the strings file's shell part (shell-strings.ts). */
export function shellStringsPlugin(): Plugin {
  return {
    name: 'atrium-shell-strings',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${SUFFIX}`)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      // Not ending in .json: the built-in JSON plugin would parse this module's JavaScript as JSON.
      return resolved ? `\0shell-strings:${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith('\0shell-strings:')) return null;
      const file = id.slice('\0shell-strings:'.length, -'.js'.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(shellStrings(JSON.parse(readFileSync(file, 'utf8'))))};`;
    },
  };
}

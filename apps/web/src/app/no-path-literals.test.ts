import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PAGES } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** The first segment of every page path ('admin', 'tenants', 'signin' ...): a literal starting so is a link. */
const PAGE_ROOTS = new Set(
  PAGES.map((p) => p.path.split('/')[0]).filter((s): s is string => !!s && !s.startsWith(':')),
);

/** Files whose literals are API calls, not page links (api() puts them under /core/api). */
const ALLOWED = [/(^|\/)api\//];

/** An API call's first argument elsewhere (shared/hub asks the API too). */
const API_CALL = /\b(?:api|uploadFile\w*|downloadFile)(?:<[^(]*>)?\(\s*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Path literals to app pages in one file's code (comments left out), as "file:line literal". */
export function pathLiterals(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  code.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(['"`])\/([A-Za-z][\w-]*)/g)) {
      if (PAGE_ROOTS.has(m[2] as string) && !API_CALL.test(line.slice(0, m.index)))
        found.push(`${file}:${i + 1} ${line.trim()}`);
    }
  });
  return found;
}

describe('links to app pages', () => {
  it('are built with href() from the manifest, not written as path literals', () => {
    const found = ['features', 'shared', 'app'].flatMap((dir) =>
      sourceFiles(join(SRC, dir))
        .map((path) => relative(SRC, path))
        .filter((file) => !ALLOWED.some((re) => re.test(file)))
        .flatMap((file) => pathLiterals(file, readFileSync(join(SRC, file), 'utf8'))),
    );
    expect(found).toEqual([]);
  });

  it('finds the literal forms a page link takes', () => {
    const sample = [
      `navigate('/admin/clients');`,
      `<Link to="/tenants/new" />`,
      `const to = \`/users/\${id}\`;`,
      `// navigate('/home') in a comment is fine`,
      `api('/core/api/x'); const root = '/';`,
      `const users = api<UserOption[]>(\`/users/dataselect?\${query}\`);`,
    ].join('\n');
    expect(pathLiterals('x.tsx', sample).map((hit) => hit.split(' ')[0])).toEqual(['x.tsx:1', 'x.tsx:2', 'x.tsx:3']);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Every non-test source file of the server, relative to src/. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

// Static imports and re-exports (type-only ones too: they make cycles for readers and tools alike),
// side-effect imports and dynamic import() of relative paths.
const IMPORT =
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

/** The files under src/ that `file` imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const target = resolve(dirname(join(SRC, file)), (m[1] ?? m[2] ?? m[3])!.replace(/\.js$/, '.ts'));
    const path = existsSync(target) ? target : join(target, 'index.ts');
    return path.startsWith(SRC) ? [relative(SRC, path)] : [];
  });
}

const graph = new Map(sourceFiles().map((file) => [file, importsOf(file)]));

/** One import cycle (as the files along it), if there is any. */
function findCycle(): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

describe('server module structure', () => {
  it('reads the imports it checks', () => {
    expect(graph.get('app.ts')).toContain('modules/index.ts');
    expect(graph.get('modules/users/users.service.ts')).toContain('modules/auth/auth.service.ts');
  });

  it('has no import cycle, type-only imports included', () => {
    expect(findCycle()).toBeNull();
  });

  it('keeps infrastructure (db, http, hub, storage) free of module code: it may read a module’s tables only', () => {
    const wrong = [...graph].flatMap(([file, imports]) =>
      moduleOf(file) || file.startsWith('modules/') || !/^(db|http|hub|storage)\//.test(file)
        ? []
        : imports.filter((i) => i.startsWith('modules/') && !i.endsWith('.schema.ts')).map((i) => `${file} -> ${i}`),
    );
    expect(wrong).toEqual([]);
  });

  it('calls another module through its service, never its repository (the composition root aside)', () => {
    const wrong = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((i) => i.endsWith('.repository.ts') && moduleOf(i) !== moduleOf(file) && file !== 'modules/index.ts')
        .map((i) => `${file} -> ${i}`),
    );
    expect(wrong).toEqual([]);
  });
});

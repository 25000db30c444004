import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../src/config.js';

const root = resolve(import.meta.dirname, '../../..');
const compose = readFileSync(resolve(root, 'deploy/compose.yaml'), 'utf8');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const postgresInit = readFileSync(resolve(root, 'deploy/postgres-init.sh'), 'utf8');

/** The variables of compose.yaml's Atrium environment: the keys of the x-atrium-environment block. */
function composeSettings(): string[] {
  const lines = compose.split('\n');
  const start = lines.findIndex((l) => l.startsWith('x-atrium-environment:'));
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next top-level key ends the block
    const key = /^ {2}([A-Z][A-Z0-9_]*):/.exec(line)?.[1];
    if (key) names.push(key);
  }
  return names;
}

/** The variables README's settings table names (`NAME` in its first column, several per row allowed). */
function readmeSettings(): Set<string> {
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Uploads'));
  const names = new Set<string>();
  for (const row of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = row.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_*]*)`/g)) names.add(m[1]!);
  }
  return names;
}

describe('deploy/compose.yaml', () => {
  const settings = composeSettings();

  it('sets Atrium settings', () => {
    expect(settings).toContain('DATABASE_URL');
    expect(settings.length).toBeGreaterThan(10);
  });

  it('sets only variables that config.ts reads', () => {
    expect(settings.filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
  });

  it('migrates as the owner and runs the app as a member login of atrium_app that the init script creates', () => {
    const login = (name: string) => new RegExp(`^  ${name}: postgres://([a-z_]+):`, 'm').exec(compose)?.[1];
    const owner = /^ {6}POSTGRES_USER: (\S+)$/m.exec(compose)?.[1];
    const app = /^ {6}ATRIUM_DB_USER: (\S+)$/m.exec(compose)?.[1];
    expect(owner).toBeDefined();
    expect(login('MIGRATION_DATABASE_URL')).toBe(owner);
    expect(login('DATABASE_URL')).toBe(app);
    expect(app).not.toBe(owner);
    expect(compose).toContain('./postgres-init.sh:/docker-entrypoint-initdb.d/');
    expect(postgresInit).toMatch(/CREATE ROLE :"app_login" LOGIN NOSUPERUSER NOBYPASSRLS/);
    expect(postgresInit).toContain('GRANT atrium_app TO :"app_login"');
  });

  it('requires the settings every process must share (it keeps no DATA_DIR of theirs in common)', () => {
    // Each process would otherwise generate its own: a browser subscribed through one process could
    // not be pushed to by another (VAPID), nor a secret sealed by one be opened by another.
    for (const name of ['JWT_SECRET', 'SETTINGS_ENCRYPTION_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
      expect(compose).toMatch(new RegExp(`^  ${name}: \\$\\{${name}:\\?`, 'm'));
    }
  });

  it("sets only variables that README's settings table explains", () => {
    const documented = readmeSettings();
    const covered = (name: string) =>
      documented.has(name) || [...documented].some((d) => d.endsWith('*') && name.startsWith(d.slice(0, -1)));
    expect(settings.filter((name) => !covered(name))).toEqual([]);
  });
});

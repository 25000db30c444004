import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One way to ask about roles (issue 25): code outside packages/contracts names no role and looks into
// no roles list. It asks `can(who, POLICIES.x)`; data that must name a role (a seed, a query's filter,
// a form's default) uses ROLE.x. This scans the server's and the web app's sources for the old ways.

const repo = join(import.meta.dirname, '../../..');
const ROOTS = ['apps/server/src', 'apps/web/src'];

/** Left out of the scan, each for a reason. */
const ALLOWED: Record<string, string> = {
  'apps/web/src/test/': 'test fixtures sign in test users with the roles they need',
};
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'a roles list asked directly', pattern: /\broles\w*\??\.(includes|some|every|indexOf)\(/ },
  { name: 'a role named in a string', pattern: /(['"`])(Superadmin|TenantAdmin|PartnerManager)\1/ },
  {
    name: 'the User role named in a string',
    pattern:
      /(===|!==)\s*(['"`])User\2|(['"`])User\3\s*(===|!==)|includes\(\s*(['"`])User\5|\broles\w*\s*[:=]\s*\[[^\]]*(['"`])User\6/,
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every line of `text` that breaks a rule, as `path:line: rule`. */
function rawRoleUses(path: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      RULES.filter((rule) => rule.pattern.test(line)).map((rule) => `${path}:${i + 1}: ${rule.name}`),
    );
}

describe('role names', () => {
  it('appear only in packages/contracts: the server and the web app ask can(who, policy)', () => {
    const found = ROOTS.flatMap((root) => sources(join(repo, root)))
      .map((file) => relative(repo, file))
      .filter((path) => !isTest(path) && !Object.keys(ALLOWED).some((prefix) => path.startsWith(prefix)))
      .flatMap((path) => rawRoleUses(path, readFileSync(join(repo, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the scan finds each old way, and lets can(), ROLE and policies through', () => {
    const caught = [
      "const isSuper = p.roles.includes('Superadmin');",
      "user?.roles.some((r) => r === 'TenantAdmin')",
      '!u.rolesNames.includes(role)',
      "if (role === 'User') return;",
      "roles: ['User'],",
      "eq(roles.name, 'PartnerManager')",
    ];
    for (const line of caught) expect(rawRoleUses('x.ts', line).length, line).toBeGreaterThan(0);
    const fine = [
      'const isSuper = can(p, POLICIES.superadmins);',
      'roles: [ROLE.User],',
      "users: ['User', 'Hours'],",
      "surname: 'User',",
      'q.roles.map((r) => ROLE_FILTERS[r])',
      'HIGH_ROLES.includes(r)',
    ];
    for (const line of fine) expect(rawRoleUses('x.ts', line), line).toEqual([]);
  });
});

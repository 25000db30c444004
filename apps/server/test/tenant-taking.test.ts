import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One way to take the tenant (issue 25, docs/server-modules.md): a route takes it with tenantOf (or
// activeTenantOf where a super administrator may have none) and passes it on; services and use cases
// are given it and never read it from a principal.

const modules = join(import.meta.dirname, '../src/modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every line of a module file that takes the tenant the wrong way, as `path:line: what`. */
function wrongTenantTaking(path: string, text: string): string[] {
  const isRoutes = path.endsWith('.routes.ts');
  return text.split('\n').flatMap((line, i) => {
    const where = `${path}:${i + 1}`;
    const found: string[] = [];
    if (/\bprincipal\w*\??\.tenantId\b/.test(line)) found.push(`${where}: reads the tenant from a principal`);
    if (!isRoutes && /\b(tenantOf|activeTenantOf)\(/.test(line))
      found.push(`${where}: takes the tenant outside a route`);
    if (/\brequireTenant\b/.test(line)) found.push(`${where}: requireTenant is gone; use tenantOf in the route`);
    return found;
  });
}

describe('taking the tenant', () => {
  it('happens in the routes only: services are given tenantId', () => {
    const found = sources(modules).flatMap((file) =>
      wrongTenantTaking(relative(modules, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the scan tells the ways apart', () => {
    expect(wrongTenantTaking('a/a.service.ts', 'repo.list(db, principal.tenantId)')).toHaveLength(1);
    expect(wrongTenantTaking('a/a.routes.ts', 'a.list(principalOf(request).tenantId)')).toHaveLength(0);
    expect(wrongTenantTaking('a/a.service.ts', 'const t = tenantOf(request);')).toHaveLength(1);
    expect(wrongTenantTaking('a/use-cases/x.ts', 'const t = activeTenantOf(request);')).toHaveLength(1);
    expect(wrongTenantTaking('a/a.routes.ts', 'a.list(tenantOf(request), request.query)')).toHaveLength(0);
    expect(wrongTenantTaking('a/a.service.ts', 'list: (tenantId: string) => repo.list(db, tenantId)')).toHaveLength(0);
  });
});

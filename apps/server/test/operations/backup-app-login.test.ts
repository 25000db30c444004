import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { crossTenant, withTenant } from '../../src/db/tenant-scope.js';
import { tenants } from '../../src/modules/tenants/tenants.schema.js';
import { userGroups } from '../../src/modules/usergroups/usergroups.schema.js';
import { freshDatabase, ownerUrlOf } from '../harness.js';

// `npm run backup` / `npm run restore` as deployed (docs/deploy.md, "Two database logins"): the owner
// in MIGRATION_DATABASE_URL, a plain member login of atrium_app in DATABASE_URL. In the run only with
// TEST_DATABASE_URL (vitest.config.ts): PGlite has one login.
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe('backup and restore with the owner and a separate app login', () => {
  it('restores what was backed up, and the app login still sees only its tenant', { timeout: 120_000 }, async () => {
    const database = await freshDatabase();
    const appUrl = database.url!;
    const ownerUrl = ownerUrlOf(database)!;
    const [{ id: a }, { id: b }] = (await database.db
      .insert(tenants)
      .values([{ name: 'Tenant A' }, { name: 'Tenant B' }])
      .returning({ id: tenants.id })) as [{ id: string }, { id: string }];
    await crossTenant('test fixtures', () =>
      database.db.insert(userGroups).values([
        { tenantId: a, name: 'Group of A' },
        { tenantId: b, name: 'Group of B' },
      ]),
    );
    await database.close(); // servers are stopped for a restore

    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      DATA_DIR: tmp('atrium-backup-data-'),
      DATABASE_URL: appUrl,
      MIGRATION_DATABASE_URL: ownerUrl,
    };
    const target = join(tmp('atrium-backup-'), 'backup');
    const npm = (command: string) => run('npm', ['run', '--silent', command, '--', target], { cwd: root, env });
    expect((await npm('backup')).stdout).toContain('Backed up the postgres database');

    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    const groups = async () =>
      (await owner.query<{ name: string }>('select name from user_groups order by name')).rows.map((r) => r.name);
    try {
      // Changed and deleted after the backup (as the owner; forced RLS needs a signed cross-tenant scope).
      await owner.query(`begin; select set_config('app.tenant_id', '', true), set_config('app.cross_tenant', 'on', true),
        set_config('app.scope_sig', atrium_scope_sig('', 'on'), true);
        delete from user_groups where name = 'Group of B'; update user_groups set name = 'Renamed'; commit`);
      expect((await npm('restore')).stdout).toContain('Restored the postgres database');
      await owner.query(`select set_config('app.tenant_id', '', false), set_config('app.cross_tenant', 'on', false),
        set_config('app.scope_sig', atrium_scope_sig('', 'on'), false)`);
      expect(await groups()).toEqual(['Group of A', 'Group of B']);
    } finally {
      await owner.end();
    }

    // The restored database as the app sees it: the start-up check passes (a limited login), the
    // objects are the owner's again, and neither its own settings nor RESET ROLE open tenant B.
    const app: Database = await openDatabase({ url: appUrl, dataDir: null, poolSize: 1 });
    try {
      await migrate(app, ownerUrl);
      const visible = (statement?: ReturnType<typeof sql>) =>
        withTenant(a, () =>
          app.db.transaction(async (tx) => {
            if (statement) await tx.execute(statement);
            return (await tx.select({ name: userGroups.name }).from(userGroups)).map((g) => g.name).sort();
          }),
        );
      expect(await visible()).toEqual(['Group of A']);
      expect(await visible(sql`reset role`)).toEqual(['Group of A']);
      expect(await visible(sql`select set_config('app.cross_tenant', 'on', true)`)).toEqual([]);
      expect(
        await visible(sql`select set_config('role', 'none', false), set_config('app.cross_tenant', 'on', false)`),
      ).toEqual([]);
      const owned = (await app.db.execute(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner in (current_user, session_user)`,
      )) as unknown as { rows: { n: number }[] };
      expect(owned.rows[0]).toEqual({ n: 0 });
    } finally {
      await app.close();
      // dispose() would close the pool closed above again: drop the database directly.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(ownerUrl).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  });
});

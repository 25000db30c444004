// Runs only with TEST_DATABASE_URL (vitest.config.ts leaves this file out otherwise).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { APP_ROLE } from '../src/db/tenant-scope.js';

const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `atrium_test_${randomUUID().replaceAll('-', '')}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement).finally(() => admin.end());
}

beforeAll(() => onServer(`create database ${name}`));
afterAll(() => onServer(`drop database if exists ${name} with (force)`));

describe('migrate() on PostgreSQL', () => {
  it('migrates an empty database once when several processes, each with a pool of one, start at once', async () => {
    const processes: Database[] = [];
    for (let i = 0; i < 4; i++) processes.push(await openDatabase({ url: url.toString(), dataDir: null, poolSize: 1 }));
    try {
      await Promise.all(processes.map((p) => migrate(p)));
      const journal = JSON.parse(readFileSync(resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'));
      const owner = new pg.Client({ connectionString: url.toString() });
      await owner.connect();
      const { rows } = await owner
        .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
        .finally(() => owner.end());
      expect(rows[0]!.n).toBe(journal.entries.length);
      // And each process's one connection is the app role's afterwards.
      for (const p of processes) {
        const { rows: me } = await p.pool!.query<{ role: string }>('select current_user as role');
        expect(me[0]!.role).toBe(APP_ROLE);
      }
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
  });

  it('stops the server with one line naming the GRANT when the app login is not a member of atrium_app', {
    timeout: 60_000,
  }, async () => {
    const login = `atrium_stranger_${randomUUID().slice(0, 8)}`;
    await onServer(`create role ${login} login`);
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-grant-'));
    try {
      const appUrl = new URL(url);
      appUrl.username = login;
      appUrl.password = '';
      // The server as started in production: main.ts, the owner migrating, the new login for the app.
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../src/main.ts')], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: '0',
          DATA_DIR: dataDir,
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
          DATABASE_URL: appUrl.toString(),
          MIGRATION_DATABASE_URL: url.toString(),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      const code = await new Promise<number | null>((ok) => child.once('exit', ok));
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `DATABASE_URL's login ${login} is not a member of ${APP_ROLE}: as a superuser (or the owner of the database), run GRANT ${APP_ROLE} TO "${login}"; and start again`,
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await onServer(`drop role if exists ${login}`);
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../../test/harness.js';
import { type App, buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { localStorage } from '../../storage/storage.js';
import { createHealthService } from './health.service.js';

/** A port nothing listens on: bound, read, closed again. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

type Running = { app: App; database: Database; dataDir: string; close: () => Promise<void> };

/**
 * The app on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), holding on to the
 * database itself so that a test can stop it under the running app.
 */
async function startApp(env: Record<string, string> = {}): Promise<Running> {
  const database = await freshDatabase();
  const name =
    database.kind === 'postgres'
      ? ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] })
          .rows[0]!.name
      : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-ready-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      // A test may have closed the database already; then it is dropped here.
      await database.dispose().catch(async () => {
        if (!name) return;
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs statements as the database's owner (the app's own login may not write drizzle's records). */
async function asOwner(running: Running, text: string) {
  const { database } = running;
  if (database.kind === 'pglite') {
    // The one PGlite connection runs as the app role between queries: the owner's statement in between.
    await database.pglite!.exec(`reset role; ${text}; set role atrium_app`);
    return;
  }
  const name = (
    (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  await owner.query(text);
  await owner.end();
}

let ctx: Running | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const ready = (c: Running) => c.app.inject({ method: 'GET', url: '/core/api/health/ready' });

// Each test starts an app of its own, which a loaded machine may take a while to do.
describe('GET /core/api/health/ready', { timeout: 120_000 }, () => {
  it('answers ready when the database is migrated and storage answers', async () => {
    ctx = await startApp();
    const res = await ready(ctx);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('names the database when it is down, while liveness is a separate question', async () => {
    ctx = await startApp();
    // The database stops under the running process (a closed pool answers nothing).
    await ctx.database.close();
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 503, title: 'Not ready', down: [{ part: 'database' }] });
    expect(res.json().down).toHaveLength(1);
  });

  it('names storage when the S3 endpoint does not answer', async () => {
    const port = await closedPort();
    ctx = await startApp({
      S3_BUCKET: 'atrium',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json().down).toEqual([{ part: 'storage', reason: expect.any(String) }]);
    // No address or credential of the storage in the answer.
    expect(res.body).not.toContain(String(port));
    expect(res.body).not.toContain('S3RVER');
  });

  it('names storage when the local folder is gone', async () => {
    ctx = await startApp();
    rmSync(ctx.dataDir, { recursive: true, force: true });
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json().down).toEqual([{ part: 'storage', reason: 'ENOENT' }]);
  });

  it('answers not ready once the process is shutting down', async () => {
    ctx = await startApp();
    ctx.app.services.health.stopping();
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json().down).toEqual([{ part: 'process', reason: 'shutting down' }]);
  });
});

describe('readiness of Redis and of the migrations', { timeout: 120_000 }, () => {
  it('names Redis when REDIS_URL does not answer', async () => {
    ctx = await startApp();
    const port = await closedPort();
    const health = createHealthService({
      db: ctx.database.db,
      redisUrl: `redis://127.0.0.1:${port}`,
      storage: localStorage(ctx.dataDir),
    });
    expect(await health.readiness()).toEqual({ ready: false, down: [{ part: 'redis', reason: expect.any(String) }] });
  });

  it('names the database when it lacks a migration this version ships', async () => {
    ctx = await startApp();
    // The newest migration's record goes, as in a database restored from before an upgrade.
    await asOwner(
      ctx,
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const res = await ready(ctx);
    expect(res.statusCode).toBe(503);
    expect(res.json().down).toEqual([{ part: 'database', reason: 'not migrated to this version' }]);
  });
});

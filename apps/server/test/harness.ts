import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@atrium/contracts';
import pg from 'pg';
import { type App, type AppDeps, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedReferenceData } from '../src/modules/index.js';
import { makeFactories } from './factories.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * throw-away database on the real PostgreSQL server when TEST_DATABASE_URL is set.
 */
export async function freshDatabase(): Promise<Database & { dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    await migrate(database);
    await seedReferenceData(database.db);
    return { ...database, dispose: database.close };
  }
  const name = `atrium_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  await migrate(database);
  await seedReferenceData(database.db);
  return {
    ...database,
    async dispose() {
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** The app on a fresh database, with factories and sign-in helpers. */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'http'> = {}) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    WEB_DIST: '/nonexistent',
    // Uploads and other local state go to a folder of this app's own, removed on close.
    DATA_DIR: dataDir,
    ...env,
  });
  const app: App = await buildApp({ config, database, ...deps });
  await app.ready();
  const factories = makeFactories(database.db);

  /** Signs in through the real endpoint and returns the bearer token and refresh cookie. */
  async function signIn(email: string, password = factories.PASSWORD, extra: { ip?: string } = {}) {
    const res = await app.inject({
      method: 'POST',
      url: '/core/api/auth/login',
      payload: { email, password, rememberMe: false },
      remoteAddress: extra.ip ?? '127.0.0.1',
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'atrium_refresh')!;
    return { token: res.json().token as string, cookie: cookie.value, user: res.json().user };
  }

  /** Creates a user with roles and memberships, signs in and activates tenantId when given. */
  async function actor(roles: Role[], opts: { tenants?: string[]; activeTenant?: string } = {}) {
    const user = await factories.user({ roles, tenantIds: opts.tenants ?? [] });
    let { token } = await signIn(user.email);
    if (opts.activeTenant) {
      const res = await app.inject({
        method: 'POST',
        url: '/core/api/auth/activetenant',
        headers: { authorization: `Bearer ${token}` },
        payload: { tenantId: opts.activeTenant },
      });
      if (res.statusCode !== 200) throw new Error(`activating tenant failed: ${res.body}`);
      token = res.json().token;
    }
    return { user, token, auth: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db: database.db,
    factories,
    signIn,
    actor,
    /** The app's local-state folder (uploads land in its media/). */
    dataDir: env.DATA_DIR ?? dataDir,
    async close() {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

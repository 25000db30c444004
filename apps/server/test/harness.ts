import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@atrium/contracts';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedReferenceData } from '../src/modules/index.js';
import { answerContract } from './answer-contract.js';
import { makeFactories, PASSWORD } from './factories.js';

/** The login the app's pool uses in tests on PostgreSQL: no superuser, owns nothing (decision 016). */
const APP_LOGIN = 'atrium_test_login';
/** Owner connection strings of the test databases, by their Drizzle handle. */
const owners = new WeakMap<object, string>();

/** The owner login's URL of a test database on PostgreSQL (migrations, DDL), undefined on PGlite. */
export const ownerUrlOf = (database: Pick<Database, 'db'>) => owners.get(database.db);

let appLogin: Promise<void> | undefined;
/**
 * Creates the app's test login, a member of the app role, once per server (roles are cluster-wide).
 * atrium_app is created here as migration 0008 would, since the grant needs it; test files race
 * each other to do both, and a lost race is as good as a win.
 */
function ensureAppLogin(serverUrl: string) {
  appLogin ??= (async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DO $$ BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'atrium_app') THEN
              CREATE ROLE atrium_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
            END IF;
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_LOGIN}') THEN
              CREATE ROLE ${APP_LOGIN} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
            END IF;
            IF NOT pg_has_role('${APP_LOGIN}', 'atrium_app', 'MEMBER') THEN
              GRANT atrium_app TO ${APP_LOGIN};
            END IF;
          END $$`);
          return;
        } catch (err) {
          if (attempt >= 5) throw err;
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
        }
      }
    } finally {
      await admin.end();
    }
  })();
  return appLogin;
}

/**
 * The PGlite database global-setup.ts migrated once for this test run: a copy starts in a third of the
 * time of initdb and migrations. None outside vitest (the benches that use this harness).
 */
function pgliteTemplate(): Blob | undefined {
  return process.env.VITEST ? new Blob([readFileSync(inject('pgliteTemplate'))]) : undefined;
}

/**
 * The PostgreSQL database global-setup.ts migrated and seeded once for this test run, which each
 * file's database copies (CREATE DATABASE ... TEMPLATE) rather than migrating its own.
 */
const postgresTemplate = (): string | undefined => (process.env.VITEST ? inject('postgresTemplate') : undefined);

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * throw-away database on the real PostgreSQL server when TEST_DATABASE_URL is set. There, as in a
 * deployment, the owner (TEST_DATABASE_URL's login) migrates and the app logs in as a plain member
 * of the app role. `template`: the PostgreSQL database to copy (default: the run's; null: none).
 */
export async function freshDatabase(
  template: string | null = postgresTemplate() ?? null,
): Promise<Database & { name?: string; dispose: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = pgliteTemplate();
    const database = await openDatabase({ dataDir: null, from: template });
    // From the template there is nothing left to apply: it hands the connection to the app role.
    await migrate(database);
    if (!template) await seedReferenceData(database.db);
    return { ...database, dispose: database.close };
  }
  const name = `atrium_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  await ensureAppLogin(serverUrl);
  const ownerUrl = new URL(serverUrl);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = APP_LOGIN;
  appUrl.password = '';
  const database = await openDatabase({ url: appUrl.toString(), dataDir: null });
  owners.set(database.db, ownerUrl.toString());
  // From the template there is nothing left to apply: it hands the connections to the app role.
  await migrate(database, ownerUrl.toString());
  if (!template) await seedReferenceData(database.db);
  return {
    ...database,
    name,
    async dispose() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/** Drops a test database of the PostgreSQL server, whoever is still connected to it. */
export async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** Request headers, as a test sends them. */
export type Headers = Record<string, string>;

export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** The session an access token belongs to (its `sid` claim). */
export const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

/** The config a test app runs with (quiet, a known signing secret, no web build); env adds or overrides. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, WEB_DIST: '/nonexistent', ...env });

/** Signs in through the real endpoint and returns the bearer token, refresh cookie and user. */
export async function signIn(app: App, email: string, password = PASSWORD, extra: { ip?: string } = {}) {
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

/** POST /auth/activetenant with the caller's headers (no tenantId: clear it); the answer as it came. */
export const chooseTenant = (app: App, auth: Headers, tenantId?: string) =>
  app.inject({
    method: 'POST',
    url: '/core/api/auth/activetenant',
    headers: auth,
    payload: tenantId ? { tenantId } : {},
  });

/** Makes tenantId the active tenant of the session the token belongs to: the new token. */
export async function activateTenant(app: App, token: string, tenantId: string) {
  const res = await chooseTenant(app, bearer(token), tenantId);
  if (res.statusCode !== 200) throw new Error(`activating the tenant failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/**
 * Every answer a test gets through `app.inject` is checked against the app's OpenAPI document
 * (answer-contract.ts): an answer the document does not describe fails the test that got it.
 */
function checkAnswers(app: App) {
  const check = answerContract(app);
  const inject = app.inject.bind(app);
  app.inject = (async (options: string | InjectOptions) => {
    const response = await inject(options as never);
    const { method = 'GET', url = '' } = typeof options === 'string' ? { url: options } : options;
    const problem = check({ method, url: typeof url === 'string' ? url : (url.pathname ?? ''), response });
    if (problem) throw new Error(`Answer not described by the OpenAPI document: ${problem}`);
    return response;
  }) as App['inject'];
}
type InjectOptions = { method?: string; url?: string | { pathname?: string } };

/** The app on a fresh database, with factories and sign-in helpers. */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'http' | 'logStream'> = {}) {
  const database = await freshDatabase();
  // Uploads and other local state go to a folder of this app's own, removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const app: App = await buildApp({ config, database, ...deps });
  await app.ready();
  checkAnswers(app);
  const factories = makeFactories(database.db);

  /** Creates a user with roles and memberships, signs in and activates tenantId when given. */
  async function actor(roles: Role[], opts: { tenants?: string[]; activeTenant?: string } = {}) {
    const user = await factories.user({ roles, tenantIds: opts.tenants ?? [] });
    let { token } = await signIn(app, user.email);
    if (opts.activeTenant) token = await activateTenant(app, token, opts.activeTenant);
    return { user, token, auth: bearer(token) };
  }

  return {
    app,
    db: database.db,
    /** The database itself, for a second app on it (another process behind the same load balancer). */
    database,
    factories,
    signIn: (email: string, password?: string, extra?: { ip?: string }) => signIn(app, email, password, extra),
    /** POST /auth/activetenant as the caller: the answer as it came, for the test to judge. */
    chooseTenant: (auth: Headers, tenantId?: string) => chooseTenant(app, auth, tenantId),
    /** Makes tenantId the active tenant of the session the token belongs to: the new token. */
    activateTenant: (token: string, tenantId: string) => activateTenant(app, token, tenantId),
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

import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.js';
import { APP_ROLE } from './tenant-scope.js';

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');
/** Arbitrary constant: the advisory lock that keeps two starting processes from migrating at once. */
const MIGRATION_LOCK = 724_511;
/**
 * drizzle-kit enables row-level security with a table's policy (tenantOwned(), db/tenant-owned.ts) but
 * has no FORCE: every table that has it is forced after the migrations, so that a table's owner is
 * held to its policy too (decision 016). A no-op when all are.
 */
export const FORCE_ROW_LEVEL_SECURITY = `DO $$
DECLARE t regclass;
BEGIN
  FOR t IN SELECT oid FROM pg_class WHERE relkind = 'r' AND relrowsecurity AND NOT relforcerowsecurity
           AND relnamespace = 'public'::regnamespace LOOP
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
  END LOOP;
END $$`;
/**
 * A start-up problem the operator fixes outside Atrium (a database grant, say): main.ts prints its
 * message, one line that says what to do, and stops, with no stack trace.
 */
export class StartupError extends Error {}

/** The app's login may not become the app role: the one GRANT that fixes it. */
function notMemberOfAppRole(url: string) {
  const login = decodeURIComponent(new URL(url).username) || 'the login of DATABASE_URL';
  return new StartupError(
    `DATABASE_URL's login ${login} is not a member of ${APP_ROLE}: as a superuser (or the owner of the database), run GRANT ${APP_ROLE} TO ${pg.escapeIdentifier(login)}; and start again`,
  );
}

/** The owner's key that signs the app's scopes (migration 0022); the app's login cannot read it. */
const SCOPE_KEY = 'select key from scope_keys';

/**
 * Migrates the database, then hands the app's connections to the app role. On PostgreSQL the
 * migrations run on a connection of their own (not one of the app's pool, which may hold a single
 * connection), as `migrationUrl`'s login, the owner (default: the app's own URL), under an advisory
 * lock, so that processes starting together migrate once. When the owner logs in apart from the app,
 * the app's login is held to the app role's limits too (decision 016).
 */
export async function migrate(database: Database, migrationUrl?: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await database.pglite!.exec(FORCE_ROW_LEVEL_SECURITY);
    const { rows } = await database.pglite!.query<{ key: string }>(SCOPE_KEY);
    await database.useAppRole(rows[0]!.key);
    return;
  }
  const owner = new pg.Client({ connectionString: migrationUrl ?? database.url });
  // A dropped connection is reported on the client; the query in flight fails with it anyway.
  owner.on('error', () => {});
  await owner.connect();
  let key: string;
  try {
    await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzle({ client: owner }), { migrationsFolder });
      await owner.query(FORCE_ROW_LEVEL_SECURITY);
      key = (await owner.query<{ key: string }>(SCOPE_KEY)).rows[0]!.key;
    } finally {
      await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    await owner.end();
  }
  try {
    await database.useAppRole(key, migrationUrl !== undefined && migrationUrl !== database.url);
  } catch (err) {
    // 42501 at SET ROLE: "permission denied to set role" (the login is not a member of the role).
    if ((err as { code?: string }).code === '42501' && database.url) throw notMemberOfAppRole(database.url);
    throw err;
  }
}

import { resolve } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');
/** Arbitrary constant: the advisory lock that keeps two starting processes from migrating at once. */
const MIGRATION_LOCK = 724_511;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await database.useAppRole();
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // On the locked connection itself: with a pool of one, a second checkout would wait forever.
    await migratePg(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  // Migrations ran as the login role, which owns the tables; the app's queries run as one that does not.
  await database.useAppRole();
}

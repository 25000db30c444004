import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedReferenceData } from '../src/modules/index.js';
import { dropDatabase, freshDatabase } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and seeded with reference data (harness.ts starts from it). */
    pgliteTemplate: string;
    /** On PostgreSQL: a database, migrated and seeded with reference data, that harness.ts copies. */
    postgresTemplate: string;
  }
}

/** Migrates one database for the whole run; each test file's fresh database is a copy of it. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const template = await freshDatabase(null);
    // A database others are connected to cannot be copied: the template keeps no connection.
    await template.close();
    project.provide('postgresTemplate', template.name!);
    return () => dropDatabase(template.name!);
  }
  const dir = mkdtempSync(join(tmpdir(), 'atrium-template-'));
  const file = join(dir, 'pglite.tar');
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  await seedReferenceData(database.db);
  writeFileSync(file, Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

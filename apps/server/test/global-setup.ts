import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedReferenceData } from '../src/modules/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and seeded with reference data (harness.ts starts from it). */
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database for the whole run; each test file's fresh database is a copy of it. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return; // PostgreSQL: each file creates and migrates its own.
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

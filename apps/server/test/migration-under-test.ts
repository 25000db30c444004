import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect } from 'vitest';

const drizzleDir = resolve(import.meta.dirname, '../drizzle');

/** The migrations before `tag`, in a folder of their own (the journal cut there). */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-migrations-'));
  cpSync(drizzleDir, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A fresh PGlite for testing migration `tag` on data written before it: `migrateBefore` applies
 * every earlier migration, `apply` runs the tag's SQL. Call inside a describe; cleans up after it.
 */
export function migrationUnderTest(tag: string) {
  const dir = migrationsBefore(tag);
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    client,
    migrateBefore: () => migrate(drizzle({ client }), { migrationsFolder: dir }),
    async apply() {
      for (const statement of readFileSync(join(drizzleDir, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
        await client.exec(statement);
      }
    },
  };
}

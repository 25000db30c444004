import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { openStorage } from '../storage/open-storage.js';

const run = promisify(execFile);

/** The storage areas the modules keep files in (modules/index.ts): every one is backed up. */
export const STORAGE_AREAS = ['media', 'documents'] as const;

type Manifest = {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  files: Record<string, number>;
};

/** The login that owns the tables: pg_dump must read and pg_restore recreate all of them. */
const ownerUrl = (config: Config) => config.migrationDatabaseUrl ?? config.databaseUrl!;

/**
 * Writes a backup of the database and the stored files into `dir` (created; must be empty):
 * `database.dump` (pg_dump's custom format) or `pglite.tar.gz` (PGlite's data directory),
 * `files/<area>/<key>`, and `manifest.json`. On PGlite the server must be stopped (one process
 * owns the data directory); on PostgreSQL pg_dump takes a consistent snapshot while it runs.
 */
export async function backup(config: Config, dir: string): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length) throw new Error(`${dir} is not empty`);
  const database = config.databaseUrl ? 'postgres' : 'pglite';
  if (database === 'postgres') {
    await run('pg_dump', ['--format=custom', `--file=${join(dir, 'database.dump')}`, `--dbname=${ownerUrl(config)}`]);
  } else {
    const pglite = await PGlite.create(pgliteDir(config));
    try {
      const tarball = await pglite.dumpDataDir('gzip');
      await writeFile(join(dir, 'pglite.tar.gz'), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  }
  const storage = openStorage(config);
  const files: Record<string, number> = {};
  for (const area of STORAGE_AREAS) {
    const store = storage.area(area);
    const target = join(dir, 'files', area);
    await mkdir(target, { recursive: true });
    files[area] = 0;
    for (const { key } of await store.list()) {
      const file = await store.read(key);
      if (!file) continue; // removed since it was listed
      await pipeline(file.stream, createWriteStream(join(target, key)));
      files[area]++;
    }
  }
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), database, files };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts the database and the stored files back as they were in the backup in `dir`: the database's
 * objects are replaced by the backup's, and the files no backup holds are removed. Stop every
 * server process first.
 */
export async function restore(config: Config, dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const database = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== database) {
    throw new Error(`The backup is of a ${manifest.database} database; this configuration uses ${database}`);
  }
  if (database === 'postgres') {
    // --clean drops what the dump recreates; one transaction, so a failure leaves the database as it was.
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${ownerUrl(config)}`,
      join(dir, 'database.dump'),
    ]);
  } else {
    const target = pgliteDir(config);
    await rm(target, { recursive: true, force: true });
    const tarball = new Blob([await readFile(join(dir, 'pglite.tar.gz'))]);
    const pglite = await PGlite.create(target, { loadDataDir: tarball });
    await pglite.close();
  }
  const storage = openStorage(config);
  for (const area of STORAGE_AREAS) {
    const store = storage.area(area);
    const source = join(dir, 'files', area);
    const keep = new Set(existsSync(source) ? await readdir(source) : []);
    for (const { key } of await store.list()) if (!keep.has(key)) await store.remove(key);
    for (const key of keep) {
      const { size } = await stat(join(source, key));
      const written = await store.write(key, createReadStream(join(source, key)));
      if (written.size !== size) throw new Error(`${area}/${key}: wrote ${written.size} of ${size} bytes`);
    }
  }
  return manifest;
}

const pgliteDir = (config: Config) => join(config.dataDir, 'pglite');

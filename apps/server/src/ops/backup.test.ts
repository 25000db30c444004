import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDemo } from '../modules/demo-data.js';
import { seedReferenceData } from '../modules/index.js';
import { openStorage } from '../storage/open-storage.js';
import { s3Client } from '../storage/s3-storage.js';
import { backup, restore, STORAGE_AREAS } from './backup.js';

// On PostgreSQL when TEST_DATABASE_URL is set (pg_dump / pg_restore), otherwise on PGlite's data directory.
const serverUrl = process.env.TEST_DATABASE_URL;
const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function databaseUrl(): Promise<string | undefined> {
  if (!serverUrl) return undefined;
  const name = `atrium_backup_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function s3Settings(): Promise<Record<string, string>> {
  const dir = tmp('atrium-s3rver-');
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = await server.run();
  cleanups.push(() => server.close());
  const env = {
    S3_BUCKET: 'atrium-backup',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = s3Client(loadConfig({ ...env, DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }).s3!);
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  client.destroy();
  return env;
}

/** Runs SQL as the database's owner, with row-level security not in the way. */
async function asOwner<T>(config: Config, work: (query: (text: string) => Promise<unknown[]>) => Promise<T>) {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const pglite = await PGlite.create(join(config.dataDir, 'pglite'));
  try {
    return await work(async (text) => (await pglite.query(text)).rows);
  } finally {
    await pglite.close();
  }
}

/** Every row of every table and every stored file, in a fixed order. */
async function state(config: Config) {
  const tables = await asOwner(config, async (query) => {
    const names = (await query(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
    )) as { name: string }[];
    const rows: Record<string, string[]> = {};
    for (const { name } of names) {
      const found = (await query(`select to_jsonb(t)::text as row from ${name} t`)) as { row: string }[];
      rows[name] = found.map((r) => r.row).sort();
    }
    return rows;
  });
  const storage = openStorage(config);
  const files: Record<string, string> = {};
  for (const area of STORAGE_AREAS) {
    for (const { key } of await storage.area(area).list()) {
      files[`${area}/${key}`] = (await storage.area(area).get(key))!.toString('base64');
    }
  }
  return { tables, files };
}

describe.each([
  { storageName: 'a local folder', s3: false },
  { storageName: 'an S3 bucket (s3rver on loopback)', s3: true },
])(`backup and restore: ${kind} and $storageName`, ({ s3 }) => {
  it('finds exactly the backed-up state after data was changed and deleted', { timeout: 180_000 }, async () => {
    const url = await databaseUrl();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      DATA_DIR: tmp('atrium-backup-data-'),
      ...(url ? { DATABASE_URL: url } : {}),
      ...(s3 ? await s3Settings() : {}),
    });

    // Seed: the demo data, and a file in each area.
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    await migrate(database);
    await seedReferenceData(database.db);
    const storage = openStorage(config);
    await seedDemo(database.db, storage);
    await database.close();
    await storage.area('media').put('kept.png', Buffer.from('picture before'));
    await storage.area('documents').put('contract.pdf', Buffer.from('contract before'));
    const before = await state(config);
    expect(before.tables['public.tenants']!.length).toBeGreaterThan(0);

    const target = join(tmp('atrium-backup-'), 'backup');
    const made = await backup(config, target);
    expect(made.database).toBe(url ? 'postgres' : 'pglite');
    await expect(backup(config, target)).rejects.toThrow(/not empty/);

    // Changed, deleted and added: rows and files alike.
    await asOwner(config, async (query) => {
      await query("update tenants set name = name || ' (renamed)'");
      await query("delete from users where email = 'user@atrium.test'");
      await query('delete from mail_outbox');
    });
    await storage.area('media').remove('kept.png');
    await storage.area('media').put('added.png', Buffer.from('added after the backup'));
    await storage.area('documents').put('contract.pdf', Buffer.from('contract after'));
    const changed = await state(config);
    expect(changed.tables).not.toEqual(before.tables);
    expect(changed.files).not.toEqual(before.files);

    await restore(config, target);
    const after = await state(config);
    expect(after.tables).toEqual(before.tables);
    expect(after.files).toEqual(before.files);
  });
});

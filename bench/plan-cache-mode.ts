/**
 * plan_cache_mode: force_generic_plan against PostgreSQL's default (auto) on the clients and
 * documents lists of one tenant with BENCH_ROWS rows of each (default 1,000,000).
 *
 * Seeds a throw-away database on TEST_DATABASE_URL's server: one large tenant and 100 small ones
 * (100 rows each), so that a plan made for one tenant meets the other. Then runs the repositories'
 * own list functions (listCompanies, a named prepared statement; listDocuments, Drizzle's unnamed
 * statements) through three pools of 4, 4 callers each, for BENCH_SECONDS (default 4) per case and
 * mode, BENCH_ROUNDS rounds (default 3), rotating which mode goes first:
 *   - generic: plan_cache_mode=force_generic_plan for every statement (the app before issue 26);
 *   - auto: PostgreSQL's default for every statement;
 *   - app: the app's own pool (ScopedPool, poolConfig): force_generic_plan, and auto for the reads
 *     the repositories run inside customPlans (the documents list, the clients search), a connection
 *     switched in its checkout when its mode differs.
 * The last case alternates a generic-plan read (clients, first page) with an auto one (documents,
 * small tenant) on each caller, so that the app's pool switches modes: its cost is that round trip.
 * Prints the median rate and median latency per case and mode, and each round.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/plan-cache-mode.ts
 *
 * The pools log in as the bench's login (a superuser): row-level security does not apply.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';
import { openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { ScopedPool } from '../apps/server/src/db/scoped-connections.js';
import { listCompanies } from '../apps/server/src/modules/clients/clients.repository.js';
import { listDocuments } from '../apps/server/src/modules/documents/documents.repository.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CALLERS = 4;

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}

async function seed(c: pg.Client) {
  await c.query(`insert into tenants (name) select 'Tenant ' || i from generate_series(0, 100) i`);
  await c.query(`insert into document_types (tenant_id, name) select id, 'Contracts' from tenants`);
  // Tenant 0 is the large one; the others have 100 rows each.
  const rows = `(case when t.name = 'Tenant 0' then ${ROWS} else 100 end)`;
  // Without the row triggers (one company_counts upsert per row made 1,000,000 rows take many
  // minutes); the counts are written once below, as the triggers would have left them.
  await c.query('set session_replication_role = replica');
  await c.query(`
    insert into companies (tenant_id, title, address, updated_at)
    select t.id, 'Client ' || md5(i::text), 'Street ' || i, now() - make_interval(secs => i)
    from tenants t, lateral generate_series(1, ${rows}) i`);
  await c.query(`
    insert into documents (tenant_id, document_type_id, title, file_key, file_name, content_type, size, updated_at)
    select t.id, dt.id, 'Document ' || md5(i::text), 'k/' || i, 'f' || i || '.pdf', 'application/pdf', 1000,
           now() - make_interval(secs => i)
    from tenants t join document_types dt on dt.tenant_id = t.id, lateral generate_series(1, ${rows}) i`);
  await c.query('set session_replication_role = origin');
  await c.query(`
    insert into company_counts (tenant_id, live) select tenant_id, count(*)::int from companies group by tenant_id
    on conflict (tenant_id) do update set live = excluded.live`);
  await c.query('vacuum analyze');
  await c.query('checkpoint');
}

type Case = { label: string; run: (db: Db) => Promise<unknown> };

async function measure(db: Db, run: Case['run']) {
  for (let i = 0; i < 3; i++) await run(db); // past the first five custom plans of auto mode
  for (let i = 0; i < 3; i++) await run(db);
  const times: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await run(db);
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rate: times.length / SECONDS, p50: times[Math.floor(times.length / 2)]! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const name = `atrium_plan_${randomUUID().replaceAll('-', '')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const database = await openDatabase({ url: dbUrl.toString(), dataDir: null, poolSize: 2 });
const pools = {
  generic: new pg.Pool({
    connectionString: dbUrl.toString(),
    max: CALLERS,
    options: '-c plan_cache_mode=force_generic_plan',
  }),
  auto: new pg.Pool({ connectionString: dbUrl.toString(), max: CALLERS, options: '-c plan_cache_mode=auto' }),
  app: new ScopedPool(poolConfig(dbUrl.toString(), CALLERS)),
};
for (const p of Object.values(pools)) p.on('error', () => {});
const client = new pg.Client({ connectionString: dbUrl.toString() });
try {
  await migrate(database);
  await seedReferenceData(database.db);
  await client.connect();
  console.log(`seeding ${ROWS} clients and ${ROWS} documents in one tenant...`);
  const t0 = performance.now();
  await seed(client);
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
  const ids = (
    await client.query<{ id: string; name: string }>(
      `select id, name from tenants where name in ('Tenant 0', 'Tenant 1')`,
    )
  ).rows;
  const big = ids.find((r) => r.name === 'Tenant 0')!.id;
  const small = ids.find((r) => r.name === 'Tenant 1')!.id;
  const page = { limit: 50, offset: 0 };
  const docs = { page: 1, take: 50 };
  const cases: Case[] = [
    {
      label: 'clients, first page',
      run: (db) => listCompanies(db, { tenantId: big, sort: 'title', direction: 'asc', ...page }),
    },
    {
      label: 'clients, by update, desc',
      run: (db) => listCompanies(db, { tenantId: big, sort: 'updatedAt', direction: 'desc', ...page }),
    },
    {
      label: 'clients, searched',
      run: (db) => listCompanies(db, { tenantId: big, search: 'ab1', sort: 'title', direction: 'asc', ...page }),
    },
    {
      label: 'clients, small tenant',
      run: (db) => listCompanies(db, { tenantId: small, sort: 'title', direction: 'asc', ...page }),
    },
    {
      label: 'documents, first page',
      run: (db) => listDocuments(db, big, { ...docs, sort: 'updatedAt', direction: 'desc' } as never),
    },
    {
      label: 'documents, by title',
      run: (db) => listDocuments(db, big, { ...docs, sort: 'title', direction: 'asc' } as never),
    },
    {
      label: 'documents, searched',
      run: (db) => listDocuments(db, big, { ...docs, sort: 'updatedAt', direction: 'desc', search: 'ab1' } as never),
    },
    {
      label: 'documents, small tenant',
      run: (db) => listDocuments(db, small, { ...docs, sort: 'updatedAt', direction: 'desc' } as never),
    },
    {
      label: 'mixed: clients + documents',
      run: async (db) => {
        await listCompanies(db, { tenantId: big, sort: 'title', direction: 'asc', ...page });
        await listDocuments(db, small, { ...docs, sort: 'updatedAt', direction: 'desc' } as never);
      },
    },
  ];
  const only = process.env.BENCH_CASES?.split(',');
  const dbs = {
    generic: drizzle({ client: pools.generic, casing: 'snake_case' }) as unknown as Db,
    auto: drizzle({ client: pools.auto, casing: 'snake_case' }) as unknown as Db,
    app: drizzle({ client: pools.app, casing: 'snake_case' }) as unknown as Db,
  };
  type Mode = keyof typeof dbs;
  const modes: Mode[] = ['generic', 'auto', 'app'];
  console.log(`rounds of ${SECONDS} s, ${CALLERS} callers; q/s and p50 per mode (rounds in brackets)`);
  for (const [i, c] of cases.entries()) {
    if (only && !only.includes(String(i))) continue;
    const res = { generic: [], auto: [], app: [] } as Record<Mode, { rate: number; p50: number }[]>;
    for (let r = 0; r < ROUNDS; r++) {
      const order = [...modes.slice(r % 3), ...modes.slice(0, r % 3)];
      for (const mode of order) res[mode].push(await measure(dbs[mode], c.run));
    }
    const fmt = (xs: { rate: number; p50: number }[]) =>
      `${median(xs.map((x) => x.rate)).toFixed(0)} q/s, p50 ${median(xs.map((x) => x.p50)).toFixed(1)} ms (${xs.map((x) => x.rate.toFixed(0)).join(', ')})`;
    const rate = (m: Mode) => median(res[m].map((x) => x.rate));
    console.log(
      `${c.label.padEnd(28)} generic ${fmt(res.generic)} | auto ${fmt(res.auto)} | app ${fmt(res.app)} | generic/auto ${(rate('generic') / rate('auto')).toFixed(2)} app/generic ${(rate('app') / rate('generic')).toFixed(2)} app/auto ${(rate('app') / rate('auto')).toFixed(2)}`,
    );
  }
  console.log(`load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`);
} finally {
  await client.end().catch(() => {});
  await pools.generic.end();
  await pools.auto.end();
  await pools.app.end();
  await database.close().catch(() => {});
  if (!process.env.BENCH_KEEP_DB) {
    const drop = new pg.Client({ connectionString: serverUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  } else console.log(`kept database ${name}`);
}

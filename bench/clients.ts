/**
 * Client search under load, beside the same SQL run bare (issue 17).
 *
 * Seeds 100,000 clients into one tenant of a throw-away database on the PostgreSQL server of
 * TEST_DATABASE_URL, starts the app on loopback, signs in as that tenant's administrator and drives
 * GET /core/api/companies/search/{text}, GET /core/api/companies?search= (page of 50) and the unsearched
 * first page with 50 concurrent clients (autocannon). Then it runs the very SQL text those endpoints
 * send, bare through a pg pool of the same size, in this process (as the database owner: no row-level
 * security, which the endpoint pays for). Prints rate and p99 of both and their ratio.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/clients.ts [--check]
 *
 * --check exits 1 unless every case reaches p99 < 50 ms and at least 0.5 of the bare rate.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type NamedQuery, namedQuery, openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { companiesListQuery, companySearchSql } from '../apps/server/src/modules/clients/clients.repository.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { FLOOR_HEAD, floorColumns, type Measure, medianRound, type Round, round, startFloor } from './floor.js';

const CLIENTS = 100_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = { p99Ms: 50, ratio: 0.5 };
const check = process.argv.includes('--check');

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}

// Client names made of syllables: 2,000 distinct stems, so a search for one finds about 50 clients.
const PRE = ['Ander', 'Berg', 'Chris', 'Dahl', 'Erik', 'Frede', 'Gunn', 'Hald', 'Ing', 'Jens'];
const PRE2 = ['Karl', 'Lind', 'Mad', 'Niel', 'Ol', 'Peder', 'Ras', 'Sved', 'Thor', 'Vest'];
const MID = [
  'a',
  'e',
  'i',
  'o',
  'u',
  'al',
  'el',
  'ol',
  'ar',
  'er',
  'ir',
  'or',
  'an',
  'en',
  'in',
  'on',
  'ab',
  'eb',
  'ib',
  'ob',
];
const SUF = ['sen', 'son', 'berg', 'gaard', 'holm'];
const KIND = ['Logistik', 'Byg', 'Service', 'Handel', 'Consult', 'Transport', 'Data', 'Energi'];
const PREFIXES = [...PRE, ...PRE2];
const stemOf = (i: number) => `${PREFIXES[i % 20]}${MID[Math.floor(i / 20) % 20]}${SUF[Math.floor(i / 400) % 5]}`;

async function seed(pool: pg.Pool, tenantId: string) {
  const t0 = performance.now();
  const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x}'`).join(',')}])`;
  await pool.query(
    `insert into companies (tenant_id, title, address, client_code, updated_at)
     select $1,
            (${arr(PREFIXES)})[1 + i % 20] || (${arr(MID)})[1 + (i / 20) % 20] || (${arr(SUF)})[1 + (i / 400) % 5]
              || ' ' || ${arr(KIND)}[1 + (i / 2000) % 8] || ' ' || i,
            'Vej ' || (i % 300) || ', ' || (1000 + i % 8000),
            'C-' || i,
            now() - make_interval(secs => i)
     from generate_series(1, ${CLIENTS}) i`,
    [tenantId],
  );
  // A few contacts and locations, so the page's counts have rows to count.
  await pool.query(
    `insert into company_contacts (tenant_id, company_id, name, email)
     select tenant_id, id, 'Contact of ' || title, 'c@bench.test' from companies where hashtext(id::text) % 3 = 0`,
  );
  await pool.query(
    `insert into company_locations (tenant_id, company_id, title, radius)
     select tenant_id, id, 'Site of ' || title, 1000 from companies where hashtext(id::text) % 4 = 0`,
  );
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  return performance.now() - t0;
}

type Case = { label: string; paths: string[]; statements: NamedQuery[] };

function cases(tenantId: string): Case[] {
  const terms = Array.from({ length: 20 }, (_, k) => stemOf(k * 97 + 13).toLowerCase());
  const list = (search?: string) =>
    companiesListQuery({ tenantId, search, sort: 'title', direction: 'asc', limit: 50, offset: 0 });
  return [
    {
      label: 'GET /core/api/companies/search/{text}',
      paths: terms.map((t) => `/core/api/companies/search/${encodeURIComponent(t)}`),
      statements: terms.map((t) => namedQuery('companies_search', companySearchSql(tenantId, t, 20))),
    },
    {
      label: 'GET /core/api/companies?search= (page of 50)',
      paths: terms.map((t) => `/core/api/companies?search=${encodeURIComponent(t)}&take=50`),
      statements: terms.map((t) => list(t)),
    },
    {
      label: 'GET /core/api/companies (first page of 50, by name)',
      paths: ['/core/api/companies?take=50'],
      statements: [list()],
    },
  ];
}

const row = (label: string, r: Round) => [
  label,
  ...floorColumns(r),
  r.endpoint.p99 < TARGET.p99Ms && r.ratio >= TARGET.ratio ? 'pass' : 'fail',
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** CONNECTIONS concurrent loops running the statements in turn through a pool, for DURATION_S. */
async function bare(pool: pg.Pool, statements: Case['statements']): Promise<Measure> {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const s = statements[next++ % statements.length]!;
        const t0 = performance.now();
        await pool.query(s);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / DURATION_S, p99: percentile(latencies, 0.99), p50: percentile(latencies, 0.5) };
}

async function load(url: string, token: string, paths: string[], seconds: number): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    headers: { authorization: `Bearer ${token}` },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  if (result.non2xx) throw new Error(`load run had ${result.non2xx} non-2xx answers`);
  // Timeouts (autocannon's 10 s) on a machine too busy to answer are reported, not fatal.
  if (result.errors) console.log(`  (${result.errors} requests timed out or failed)`);
  return { rate: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

async function main() {
  const name = `atrium_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(serverUrl!);
  dbUrl.pathname = `/${name}`;

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    WEB_DIST: '/nonexistent',
    DATA_DIR: `/tmp/${name}`,
  });
  const poolSize = config.databasePoolSize;
  const database = await openDatabase({ url: dbUrl.toString(), dataDir: null, poolSize });
  // The bare loop gets a pool like the app's: its size, its session settings.
  const barePool = new pg.Pool(poolConfig(dbUrl.toString(), poolSize));
  // Dropping the database at the end ends pooled connections that pool.end() has not closed yet.
  barePool.on('error', () => {});
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const tenant = await barePool.query<{ id: string }>(
      `insert into tenants (name) values ('Bench Clients') returning id`,
    );
    const tenantId = tenant.rows[0]!.id;
    console.log(`seeding ${CLIENTS} clients into one tenant...`);
    const ms = await seed(barePool, tenantId);
    console.log(`seeded in ${(ms / 1000).toFixed(1)} s`);

    // The tenant's administrator, with the tenant active: the token carries it.
    const password = 'Bench-password-1';
    await barePool.query(
      `with u as (insert into users (email, name, surname, password_hash, gdpr_confirmed, active_tenant_id)
                  values ('bench-admin@bench.test', 'Bench', 'Admin', $1, true, $2) returning id),
            m as (insert into tenant_memberships (tenant_id, user_id) select $2, u.id from u)
       insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'TenantAdmin'`,
      [await hashPassword(password), tenantId],
    );

    app = await buildApp({ config, database });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${address}/core/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-admin@bench.test', password, rememberMe: false }),
    });
    const { token } = (await login.json()) as { token: string };

    const rows: string[][] = [];
    let ok = true;
    for (const c of cases(tenantId)) {
      // Sanity: the endpoint answers a page, and the bare SQL is the same statement.
      const probe = await fetch(`${address}${c.paths[0]}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await probe.json()) as { total: number; data: unknown[] } | unknown[];
      const found = Array.isArray(body) ? `${body.length} clients` : `${body.total} (${body.data.length} on the page)`;
      console.log(`${c.label}: first query finds ${found}`);

      const floor = await startFloor(
        barePool,
        c.paths.map((path, i) => ({ path, token, statements: [c.statements[i]!] })),
      );
      await load(address, token, c.paths, 2); // warm-up
      await load(floor.url, token, c.paths, 2);
      // Alternating rounds: all three sides see the same moments of a shared machine, and the median
      // round is the figure (every round is printed).
      const rounds: Round[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const endpoint = await load(address, token, c.paths, DURATION_S);
        const floorRun = await load(floor.url, token, c.paths, DURATION_S);
        const baseline = await bare(barePool, c.statements);
        rounds.push(round(endpoint, floorRun, baseline));
        rows.push(row(`${c.label}, round ${r}`, rounds.at(-1)!));
      }
      await floor.close();
      const median = medianRound(rounds);
      const pass = median.endpoint.p99 < TARGET.p99Ms && median.ratio >= TARGET.ratio;
      ok &&= pass;
      rows.push([...row(`${c.label}, median`, median).slice(0, -1), pass ? 'PASS' : 'FAIL']);
    }
    console.log(
      `\n${CONNECTIONS} concurrent clients, ${ROUNDS} rounds of ${DURATION_S} s each, pools of ${poolSize}; targets: p99 < ${TARGET.p99Ms} ms, endpoint >= ${TARGET.ratio} x bare rate; goal (reported, not checked): endpoint >= 0.8 x floor`,
    );
    const head = ['case', ...FLOOR_HEAD, ''];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    for (const r of [head, ...rows])
      console.log(r.map((v, i) => (i ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  '));
    if (check && !ok) process.exitCode = 1;
  } finally {
    await app?.close();
    await barePool.end();
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP_DB) {
      console.log(`kept database ${name}`);
    } else {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    }
  }
}

await main();

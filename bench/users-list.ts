/**
 * Users and tenants lists under load, beside the same SQL run bare.
 *
 * Seeds 10,000 tenants and 100,000 users into a throw-away database on the PostgreSQL server of
 * TEST_DATABASE_URL, starts the app on loopback, and drives GET /core/api/users (search + role
 * filter + page of 50) and GET /core/api/tenants with 50 concurrent clients (autocannon in a worker
 * thread). Then it runs the very SQL text those endpoints send, bare through a pg pool of the same
 * size, in this process. Prints rate and p99 of both and their ratio.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/users-list.ts [--check]
 *
 * --check exits 1 unless every endpoint reaches p99 < 50 ms and at least 0.5 of the bare rate.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type NamedQuery, openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { tenantsListQuery } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { usersListQuery } from '../apps/server/src/modules/users/users.repository.js';
import { FLOOR_HEAD, floorColumns, type Measure, medianRound, type Round, round, startFloor } from './floor.js';

const TENANTS = 10_000;
const USERS = 100_000;
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

// Surnames made of syllables: 2,000 distinct ones, so a surname search finds a few dozen people.
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
const PREFIXES = [...PRE, ...PRE2];
const FIRST = ['Mette', 'Lars', 'Anne', 'Jens', 'Kirsten', 'Peter', 'Hanne', 'Michael', 'Susanne', 'Thomas'];
const surnameOf = (i: number) => `${PREFIXES[i % 20]}${MID[Math.floor(i / 20) % 20]}${SUF[Math.floor(i / 400) % 5]}`;

async function seed(pool: pg.Pool) {
  const t0 = performance.now();
  const arr = (xs: string[]) => `(array[${xs.map((x) => `'${x}'`).join(',')}])`;
  await pool.query(`
    insert into tenants (name, created_at)
    select ${arr(['Nordic', 'Harbour', 'Summit', 'Maple', 'Cedar', 'Aurora', 'Granite', 'Willow', 'Falcon', 'Delta'])}[1 + i % 10]
           || ' ' || ${arr(['Care', 'Works', 'Partners', 'Logistics', 'Health', 'Retail', 'Studio', 'Group'])}[1 + (i / 10) % 8]
           || ' ' || i,
           now() - make_interval(mins => i)
    from generate_series(1, ${TENANTS}) i`);
  await pool.query(`
    insert into users (email, name, surname, created_at, gdpr_confirmed)
    select 'user' || i || '@bench.test',
           ${arr(FIRST)}[1 + i % ${FIRST.length}],
           (${arr(PREFIXES)})[1 + i % 20] || (${arr(MID)})[1 + (i / 20) % 20] || (${arr(SUF)})[1 + (i / 400) % 5],
           now() - make_interval(secs => i), true
    from generate_series(1, ${USERS}) i`);
  // Each user in one tenant (ten per tenant), one in ten in a second one.
  await pool.query(`
    with t as (select id, row_number() over (order by created_at desc, id) rn from tenants),
         u as (select id, row_number() over (order by created_at desc, id) rn from users)
    insert into tenant_memberships (tenant_id, user_id)
    select t.id, u.id from u join t on t.rn = 1 + (u.rn - 1) % ${TENANTS}
    union all
    select t.id, u.id from u join t on t.rn = 1 + (u.rn * 7) % ${TENANTS}
    where u.rn % 10 = 0 and 1 + (u.rn - 1) % ${TENANTS} <> 1 + (u.rn * 7) % ${TENANTS}`);
  // Everyone is a User; one in ten also a TenantAdmin, one in a hundred a PartnerManager.
  await pool.query(`
    with u as (select id, row_number() over (order by created_at desc, id) rn from users)
    insert into user_roles (user_id, role_id)
    select u.id, r.id from u, roles r where r.name = 'User'
    union all select u.id, r.id from u, roles r where r.name = 'TenantAdmin' and abs(hashtext(u.id::text)) % 10 = 3
    union all select u.id, r.id from u, roles r where r.name = 'PartnerManager' and abs(hashtext(u.id::text)) % 100 = 7`);
  // Two groups per tenant; about half of each tenant's people in the first.
  await pool.query(`
    insert into user_groups (tenant_id, name) select id, g from tenants, unnest(array['Staff', 'Managers']) g`);
  await pool.query(`
    insert into user_group_members (group_id, user_id)
    select g.id, tm.user_id from tenant_memberships tm join user_groups g on g.tenant_id = tm.tenant_id and g.name = 'Staff'
    where hashtext(tm.user_id::text) % 2 = 0`);
  await pool.query('vacuum analyze');
  // Write the seed out now rather than in a checkpoint during the first measurement.
  await pool.query('checkpoint');
  return performance.now() - t0;
}

type Case = { label: string; paths: string[]; statements: NamedQuery[] };

function cases(): Case[] {
  const terms = Array.from({ length: 20 }, (_, k) => surnameOf(k * 97 + 13).toLowerCase());
  const users: Case = {
    label: 'GET /core/api/users (search + role filter, page of 50)',
    paths: terms.map((t) => `/core/api/users?search=${encodeURIComponent(t)}&roles=admin&take=50`),
    statements: terms.map((t) =>
      usersListQuery({
        search: t,
        roles: ['TenantAdmin'],
        groupIds: [],
        sort: 'name',
        direction: 'asc',
        limit: 50,
        offset: 0,
      }),
    ),
  };
  const tenantTerms = ['nordic care', 'harbour', 'summit works 1', 'maple group', 'falcon studio 9'];
  const tenants: Case = {
    label: 'GET /core/api/tenants (page of 50, by name; and searched)',
    paths: [
      '/core/api/tenants?take=50',
      '/core/api/tenants?take=50&sort=createdAt&direction=desc',
      ...tenantTerms.map((t) => `/core/api/tenants?take=50&search=${encodeURIComponent(t)}`),
    ],
    statements: [
      tenantsListQuery({ sort: 'name', direction: 'asc', limit: 50, offset: 0 }),
      tenantsListQuery({ sort: 'createdAt', direction: 'desc', limit: 50, offset: 0 }),
      ...tenantTerms.map((t) => tenantsListQuery({ search: t, sort: 'name', direction: 'asc', limit: 50, offset: 0 })),
    ],
  };
  return [users, tenants];
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
  if (result.non2xx || result.errors) {
    throw new Error(`load run had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
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
    console.log(`seeding ${TENANTS} tenants and ${USERS} users...`);
    const ms = await seed(barePool);
    console.log(`seeded in ${(ms / 1000).toFixed(1)} s`);

    const password = 'Bench-password-1';
    await barePool.query(
      `with u as (insert into users (email, name, surname, password_hash, gdpr_confirmed)
                  values ('bench-super@bench.test', 'Bench', 'Super', $1, true) returning id)
       insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'Superadmin'`,
      [await hashPassword(password)],
    );

    app = await buildApp({ config, database });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${address}/core/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-super@bench.test', password, rememberMe: false }),
    });
    const { token } = (await login.json()) as { token: string };

    const rows: string[][] = [];
    let ok = true;
    for (const c of cases()) {
      // Sanity: the endpoint answers a page, and the bare SQL is the same statement.
      const probe = await fetch(`${address}${c.paths[0]}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await probe.json()) as { total: number; data: unknown[] };
      console.log(`${c.label}: first query finds ${body.total} (${body.data.length} on the page)`);

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

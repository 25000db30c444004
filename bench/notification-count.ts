/**
 * GET /core/api/notifications/count (asked on every page) with 100,000 users and 10,000,000
 * notifications, beside the same call with 1,000,000 notifications and beside its SQL run bare, in one
 * run: its cost must not grow with the data (issue 27: p99 at 10M <= 1.3 x p99 at 1M).
 *
 * Two throw-away databases on the PostgreSQL server of TEST_DATABASE_URL, each with 10,000 tenants and
 * 100,000 users (ten per tenant), one with 1,000,000 notifications and one with 10,000,000 (spread
 * evenly over the users, a third unread), written with generate_series (foreign keys and the counter
 * trigger off while seeding, the counters then built in one GROUP BY, as migration 0030 does). An app
 * on each, on loopback; 20 users of each signed in with their tenant active; autocannon with 50
 * connections drives the endpoint of both, then the bare statement (the counter row the endpoint
 * reads, through a pg pool of the app's size) runs from 50 loops on each, and for reference the count
 * over the rows the counter replaces. BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS (default 5);
 * the median round by the 10M endpoint's p99 is the verdict.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/notification-count.ts [--check]
 *
 * --check exits 1 unless p99 at 10M <= 1.3 x p99 at 1M.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { NOTIFICATION_EVENT_TYPES } from '@atrium/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { ScopedPool } from '../apps/server/src/db/scoped-connections.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { unreadCount } from '../apps/server/src/modules/notifications/notifications.repository.js';

const TENANTS = 10_000;
const USERS = 100_000;
const SIZES = [1_000_000, 10_000_000] as const;
const BENCH_USERS = 20;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 1.3;
const check = process.argv.includes('--check');
const PASSWORD = 'Bench-password-1';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}

type Measure = { rate: number; p50: number; p99: number };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const uptime = async () => (await import('node:os')).loadavg()[0]!.toFixed(1);

/** The endpoint's statement, as notifications.repository.ts countUnread sends it (user id, tenant id). */
const COUNTER_SQL = unreadCount.query({}, { userId: '', tenantId: '' }).text;
/** What the counter replaces: a count over the user's rows (reference only). */
const NAIVE_SQL = 'select count(*) from notifications where user_id = $1 and tenant_id = $2 and read_at is null';

async function seed(url: string, notifications: number, passwordHash: string) {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // No foreign-key checks nor the counter trigger while seeding (the counters are built after).
    await client.query("set session_replication_role = 'replica'");
    await client.query(`insert into tenants (name) select 'Bench tenant ' || i from generate_series(1, ${TENANTS}) i`);
    await client.query(
      `insert into users (email, name, surname, password_hash, gdpr_confirmed)
       select 'user' || i || '@bench.test', 'Bench', 'User ' || i, $1, true from generate_series(1, ${USERS}) i`,
      [passwordHash],
    );
    await client.query(`
      create temp table bench_members as
      with t as (select id, row_number() over (order by id) rn from tenants),
           u as (select id, row_number() over (order by id) rn from users where email like 'user%@bench.test')
      select u.rn, t.id tenant_id, u.id user_id from u join t on t.rn = 1 + (u.rn - 1) % ${TENANTS}`);
    await client.query('create unique index on bench_members (rn)');
    await client.query(
      'insert into tenant_memberships (tenant_id, user_id) select tenant_id, user_id from bench_members',
    );
    await client.query(`
      insert into user_roles (user_id, role_id)
      select m.user_id, r.id from bench_members m, roles r where r.name = 'User'`);
    await client.query(`
      insert into tenant_features (tenant_id, feature_id)
      select t.id, f.id from tenants t, features f where f.name = 'Notifications'`);
    // Each tenant's own event types (decision 027), numbered 0..n-1 per tenant for the spread below.
    const typeCount = NOTIFICATION_EVENT_TYPES.length;
    await client.query(
      `insert into notification_event_types (tenant_id, name, note)
       select t.id, v.name, v.note from tenants t cross join unnest($1::text[], $2::text[]) as v (name, note)`,
      [NOTIFICATION_EVENT_TYPES.map((e) => e.name), NOTIFICATION_EVENT_TYPES.map((e) => e.note)],
    );
    await client.query(`
      create temp table bench_types as
      select tenant_id, id, (row_number() over (partition by tenant_id order by name) - 1)::int k
      from notification_event_types`);
    await client.query('create unique index on bench_types (tenant_id, k)');
    // In chunks of 1,000,000: one statement of 10M would hold a very large sort in memory.
    const CHUNK = 1_000_000;
    for (let from = 1; from <= notifications; from += CHUNK) {
      const to = Math.min(notifications, from + CHUNK - 1);
      await client.query(
        `insert into notifications (tenant_id, user_id, event_type_id, title, body, created_at, read_at, mailed_at)
         select m.tenant_id, m.user_id, e.id, 'Bench notification ' || g, '',
                now() - make_interval(secs => g), case when g % 3 = 0 then null else now() end, now()
         from generate_series(${from}, ${to}) g join bench_members m on m.rn = 1 + g % ${USERS}
         join bench_types e on e.tenant_id = m.tenant_id and e.k = g % ${typeCount}`,
      );
    }
    await client.query(`
      insert into notification_unread_counts (user_id, tenant_id, unread)
      select user_id, tenant_id, count(*) from notifications where read_at is null group by user_id, tenant_id`);
    await client.query("set session_replication_role = 'origin'");
    await client.query('vacuum analyze');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  return performance.now() - t0;
}

async function load(url: string, tokens: string[]): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: 1,
    requests: tokens.map((token) => ({
      method: 'GET',
      path: '/core/api/notifications/count',
      headers: { authorization: `Bearer ${token}` },
    })),
  });
  if (result.non2xx || result.errors) {
    throw new Error(`load run had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rate: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

/** CONNECTIONS concurrent loops, each running the statement for one of the signed-in users at a time. */
async function bare(pool: pg.Pool, text: string, who: [string, string][]): Promise<Measure> {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const values = who[next++ % who.length]!;
        const t0 = performance.now();
        await pool.query({ name: text === COUNTER_SQL ? 'counter' : 'naive', text, values });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / DURATION_S, p99: percentile(latencies, 0.99), p50: percentile(latencies, 0.5) };
}

type Side = {
  size: number;
  url: string;
  close: () => Promise<void>;
  address: string;
  tokens: string[];
  who: [string, string][];
  pool: pg.Pool;
};

async function startSide(size: number, passwordHash: string): Promise<Side> {
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
    NOTIFICATION_SCHEDULE_SECONDS: '0',
  });
  const database = await openDatabase({ url: dbUrl.toString(), dataDir: null, poolSize: config.databasePoolSize });
  await migrate(database);
  await seedReferenceData(database.db);
  console.log(`seeding ${TENANTS} tenants, ${USERS} users and ${size.toLocaleString('en')} notifications...`);
  const ms = await seed(dbUrl.toString(), size, passwordHash);
  console.log(`  seeded in ${(ms / 1000).toFixed(1)} s`);
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const pool = new ScopedPool(poolConfig(dbUrl.toString(), config.databasePoolSize));
  pool.on('error', () => {});
  const tokens: string[] = [];
  const who: [string, string][] = [];
  for (let i = 0; i < BENCH_USERS; i++) {
    const email = `user${1 + i * 4_999}@bench.test`;
    const login = await fetch(`${address}/core/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, rememberMe: false }),
    });
    const body = (await login.json()) as { token: string; user: { id: string; activeTenantId: string | null } };
    if (!body.user.activeTenantId) throw new Error(`${email} has no active tenant`);
    tokens.push(body.token);
    who.push([body.user.id, body.user.activeTenantId]);
  }
  // The answer is the counter's, and the same as the rows' count.
  const [userId, tenantId] = who[0]!;
  const counted = (await pool.query(NAIVE_SQL, [userId, tenantId])).rows[0].count;
  const answer = (await (
    await fetch(`${address}/core/api/notifications/count`, { headers: { authorization: `Bearer ${tokens[0]}` } })
  ).json()) as { count: number }[];
  if (String(answer[0]?.count) !== String(counted)) throw new Error(`count ${JSON.stringify(answer)} != ${counted}`);
  return {
    size,
    url: dbUrl.toString(),
    address,
    tokens,
    who,
    pool,
    async close() {
      await app.close();
      await pool.end();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

const fmt = (m: Measure) =>
  `${Math.round(m.rate).toLocaleString('en')} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms`;

async function main() {
  const passwordHash = await hashPassword(PASSWORD);
  const sides: Side[] = [];
  try {
    for (const size of SIZES) sides.push(await startSide(size, passwordHash));
    const [small, large] = sides as [Side, Side];
    type Round = { e1: Measure; e10: Measure; b1: Measure; b10: Measure; n10: Measure; load: string };
    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const before = await uptime();
      const e1 = await load(small.address, small.tokens);
      const e10 = await load(large.address, large.tokens);
      const b1 = await bare(small.pool, COUNTER_SQL, small.who);
      const b10 = await bare(large.pool, COUNTER_SQL, large.who);
      const n10 = await bare(large.pool, NAIVE_SQL, large.who);
      const round = { e1, e10, b1, b10, n10, load: `${before} -> ${await uptime()}` };
      rounds.push(round);
      console.log(`round ${r} (load ${round.load})`);
      console.log(`  endpoint  1M: ${fmt(e1)}`);
      console.log(`  endpoint 10M: ${fmt(e10)}`);
      console.log(`  bare      1M: ${fmt(b1)}`);
      console.log(`  bare     10M: ${fmt(b10)}`);
      console.log(`  count(*) 10M: ${fmt(n10)} (what the counter replaces, reference)`);
      console.log(
        `  p99 10M/1M ${(e10.p99 / e1.p99).toFixed(2)}; endpoint/bare rate at 10M ${(e10.rate / b10.rate).toFixed(2)}`,
      );
    }
    const sorted = [...rounds].sort((a, b) => a.e10.p99 - b.e10.p99);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const ratio = median.e10.p99 / median.e1.p99;
    console.log('\nmedian round (by the 10M p99):');
    console.log(`  endpoint  1M: ${fmt(median.e1)}`);
    console.log(`  endpoint 10M: ${fmt(median.e10)}`);
    console.log(`  bare 1M / 10M p99: ${median.b1.p99.toFixed(1)} / ${median.b10.p99.toFixed(1)} ms`);
    console.log(`  p99 ratio 10M/1M: ${ratio.toFixed(2)} (target <= ${TARGET_RATIO})`);
    console.log(
      `  ratio to bare at 10M: rate ${(median.e10.rate / median.b10.rate).toFixed(2)}, p99 ${(median.e10.p99 / median.b10.p99).toFixed(1)}x`,
    );
    if (check && ratio > TARGET_RATIO) process.exitCode = 1;
  } finally {
    for (const side of sides) await side.close();
  }
}

await main();

/**
 * /home on every page load: GET /core/api/home/content and GET /core/api/me/generaldata (the menu), beside
 * the same SQL run bare.
 *
 * Seeds 10,000 tenants (each with ten features, two of them retitled, and home content) and 20,000
 * users into a throw-away database on the PostgreSQL server of TEST_DATABASE_URL, starts the app on
 * loopback, signs in 20 users of 20 different tenants and drives both endpoints with 50 concurrent
 * clients (autocannon), the requests spread over those users. The bare side: every statement one
 * request of the endpoint sends (recorded from the driver during a probe request: the access check,
 * the reads; the row-level-security set_config is left out, as it is the app's own cost), run in
 * sequence per simulated request through a pg pool of the same size. Prints rate and p99 of both and
 * their ratio.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/home.ts [--check]
 *
 * --check exits 1 unless both endpoints reach p99 < 50 ms and at least 0.5 of the bare rate.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { FLOOR_HEAD, floorColumns, type Measure, medianRound, type Round, round, startFloor } from './floor.js';

const TENANTS = 10_000;
const USERS_PER_TENANT = 2;
const BENCH_USERS = 20;
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

const BODY =
  '<h1>Welcome</h1><p>Good to have you here. News, hours and the sprint board are <strong>one tap away</strong>.</p>' +
  '<h2>This week</h2><ul><li>Planning on <em>Wednesday</em></li><li>New handbook under Documents</li></ul>';

async function seed(pool: pg.Pool, passwordHash: string) {
  const t0 = performance.now();
  await pool.query(`
    insert into tenants (name, created_at, custom_tenant_properties)
    select 'Bench tenant ' || i, now() - make_interval(mins => i), '{"primaryColor":"#4f46e5"}'::jsonb
    from generate_series(1, ${TENANTS}) i`);
  // Ten features each, in a rotating choice; News and Chat retitled.
  await pool.query(`
    with f as (select id, name, row_number() over (order by name) rn, count(*) over () n from features),
         t as (select id, row_number() over (order by created_at, id) rn from tenants)
    insert into tenant_features (tenant_id, feature_id, custom_title, custom_description)
    select t.id, f.id,
           case f.name when 'News' then 'Newsroom' when 'Chat' then 'Talk' end,
           case f.name when 'News' then '<p>Company <strong>news</strong></p>' end
    from t join f on (f.rn + t.rn) % 3 = 0 or f.name in ('News', 'Chat', 'Notifications')`);
  await pool.query(
    `insert into tenant_home_content (tenant_id, headline, page_html, page_html2, description_mobile)
     select id, 'Welcome to ' || name, $1, '<p>Questions? Ask in Chat.</p>', 'News and hours for the team.'
     from tenants`,
    [BODY],
  );
  await pool.query(
    `insert into users (email, name, surname, password_hash, gdpr_confirmed, created_at)
     select 'user' || i || '@bench.test', 'Bench', 'User ' || i, $1, true, now() - make_interval(secs => i)
     from generate_series(1, ${TENANTS * USERS_PER_TENANT}) i`,
    [passwordHash],
  );
  await pool.query(`
    with t as (select id, row_number() over (order by created_at, id) rn from tenants),
         u as (select id, row_number() over (order by created_at desc, id) rn from users where email like 'user%@bench.test')
    insert into tenant_memberships (tenant_id, user_id)
    select t.id, u.id from u join t on t.rn = 1 + (u.rn - 1) % ${TENANTS}`);
  await pool.query(`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where r.name = 'User' and u.email like 'user%@bench.test'`);
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  return performance.now() - t0;
}

type Statement = { text: string; values?: unknown[]; name?: string };

/**
 * Records what the app's pool sends while `run` runs: the statements one request costs. Scope
 * settings (set_config) are left out; the bare side has no row-level security to set.
 */
async function recordStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[]; name?: string }, unknown[]?];
    const statement =
      typeof first === 'string' ? { text: first, values: second } : { ...first, values: first.values ?? second };
    if (!/set_config/.test(statement.text)) {
      seen.push({ text: statement.text, values: statement.values, name: statement.name });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** CONNECTIONS concurrent loops, each running one simulated request (its statements in turn) at a time. */
async function bare(pool: pg.Pool, requests: Statement[][]): Promise<Measure> {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const statements = requests[next++ % requests.length]!;
        const t0 = performance.now();
        for (const s of statements) await pool.query(s);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / DURATION_S, p99: percentile(latencies, 0.99), p50: percentile(latencies, 0.5) };
}

async function load(url: string, tokens: string[], path: string, seconds: number): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    requests: tokens.map((token) => ({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } })),
  });
  if (result.non2xx || result.errors) {
    throw new Error(`load run had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rate: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

const row = (label: string, r: Round) => [
  label,
  ...floorColumns(r),
  r.endpoint.p99 < TARGET.p99Ms && r.ratio >= TARGET.ratio ? 'pass' : 'fail',
];

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
  const barePool = new pg.Pool(poolConfig(dbUrl.toString(), poolSize));
  barePool.on('error', () => {});
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const password = 'Bench-password-1';
    console.log(`seeding ${TENANTS} tenants with features and home content, ${TENANTS * USERS_PER_TENANT} users...`);
    const ms = await seed(barePool, await hashPassword(password));
    console.log(`seeded in ${(ms / 1000).toFixed(1)} s`);

    app = await buildApp({ config, database });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // Users of tenants spread over the table, each signed in with their one tenant active.
    const tokens: string[] = [];
    for (let i = 0; i < BENCH_USERS; i++) {
      const email = `user${1 + i * 487}@bench.test`;
      const login = await fetch(`${address}/core/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, rememberMe: false }),
      });
      const body = (await login.json()) as { token: string; user: { activeTenantId: string | null } };
      if (!body.user.activeTenantId) throw new Error(`${email} has no active tenant`);
      tokens.push(body.token);
    }

    const cases = [
      { label: 'GET /core/api/home/content', path: '/core/api/home/content' },
      { label: 'GET /core/api/me/generaldata (menu)', path: '/core/api/me/generaldata' },
    ];
    const rows: string[][] = [];
    let ok = true;
    for (const c of cases) {
      // The statements of one request per user, recorded from the driver (each user's own tenant).
      const requests: Statement[][] = [];
      for (const token of tokens) {
        let answer: unknown;
        requests.push(
          await recordStatements(async () => {
            const res = await fetch(`${address}${c.path}`, { headers: { authorization: `Bearer ${token}` } });
            if (!res.ok) throw new Error(`${c.path}: ${res.status}`);
            answer = await res.json();
          }),
        );
        if (requests.length === 1) {
          console.log(
            `${c.label}: ${requests[0]!.length} statements a request; answer ${JSON.stringify(answer).length} bytes`,
          );
          if (process.env.BENCH_SHOW_SQL) for (const s of requests[0]!) console.log(`  ${s.text}`);
        }
      }
      const floor = await startFloor(
        barePool,
        tokens.map((token, i) => ({ path: c.path, token, statements: requests[i]! })),
      );
      await load(address, tokens, c.path, 2); // warm-up
      await load(floor.url, tokens, c.path, 2);
      const rounds: Round[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const endpoint = await load(address, tokens, c.path, DURATION_S);
        const floorRun = await load(floor.url, tokens, c.path, DURATION_S);
        const baseline = await bare(barePool, requests);
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

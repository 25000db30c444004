/**
 * Time logging under load, beside the same SQL run bare (issue 14).
 *
 * Seeds 100 tenants (with TimeLogs), 10,000 users (100 a tenant, on all 5 projects of their tenant, 20
 * tasks) and 1,000,000 marks (100 a user, spread over the past year) into a throw-away database on the
 * PostgreSQL server of TEST_DATABASE_URL, starts the app on loopback and drives, with 50 concurrent
 * clients (autocannon in a worker thread):
 *   - the week grid, GET /core/api/timelogs/getPersonalProjectsWithMarksForWeek/{monday}/{sunday}, as
 *     200 different users of 100 tenants, over the last 8 weeks;
 *   - the monthly overview, GET /getTimeLogsOverviewUsers/all/{first}/{last} (and .../Projects,
 *     .../Tasks), as the administrators of 50 tenants, over the last 6 months.
 * Then it runs the very statements those endpoints send, bare through a pg pool of the same size, in
 * this process, and from a plain Fastify route on that pool (the floor, bench/floor.ts) loaded by the
 * same requests. Prints rate and p99 of all three, endpoint / bare and endpoint / floor.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/timelogs.ts [--check]
 *
 * --check exits 1 unless the grid reaches p99 < 20 ms, the overview p99 < 100 ms, each at least 0.5 of
 * the bare rate.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays, localToday, mondayOf, monthRange } from '@atrium/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { type NamedQuery, namedQuery, openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { overviewSql, weekGridSql } from '../apps/server/src/modules/timelogs/timelogs.repository.js';
import { FLOOR_HEAD, floorColumns, type Measure, medianRound, type Round, round, startFloor } from './floor.js';

const TENANTS = 100;
const USERS_PER_TENANT = 100;
const MARKS_PER_USER = 100;
const PROJECTS_PER_TENANT = 5;
const TASKS_PER_PROJECT = 4;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const check = process.argv.includes('--check');
// BENCH_FLOOR_SCOPE=1: the floor sets the tenant scope before each statement, as the app's checkout
// does when its connection last served another tenant (almost every request here): that round trip's
// share of endpoint / floor (decision 023).
const floorScope = process.env.BENCH_FLOOR_SCOPE === '1';
const scopeStatement = (tenantId: string) => ({
  name: 'bench_scope',
  text: "select set_config('app.tenant_id', $1, false), set_config('app.cross_tenant', '', false)",
  values: [tenantId],
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}

const today = localToday();

async function seed(pool: pg.Pool, passwordHash: string) {
  const t0 = performance.now();
  await pool.query(`insert into tenants (name) select 'Bench tenant ' || i from generate_series(1, ${TENANTS}) i`);
  await pool.query(
    `insert into tenant_features (tenant_id, feature_id) select t.id, f.id from tenants t, features f where f.name = 'TimeLogs'`,
  );
  // Users numbered 1..10,000; user i works in tenant 1 + (i - 1) / 100 and has it as active tenant.
  await pool.query(
    `with t as (select id, row_number() over (order by name, id) rn from tenants)
     insert into users (email, name, surname, password_hash, gdpr_confirmed, active_tenant_id)
     select 'bench' || i || '@bench.test', 'Bench', 'User ' || i, $1, true, t.id
       from generate_series(1, ${TENANTS * USERS_PER_TENANT}) i join t on t.rn = 1 + (i - 1) / ${USERS_PER_TENANT}`,
    [passwordHash],
  );
  await pool.query(
    `insert into tenant_memberships (tenant_id, user_id) select active_tenant_id, id from users where email like 'bench%'`,
  );
  // Everyone is a User; the first user of each tenant (bench1, bench101, ...) also its TenantAdmin.
  await pool.query(
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u, roles r where r.name = 'User' and u.email like 'bench%'
     union all
     select u.id, r.id from users u, roles r
      where r.name = 'TenantAdmin' and u.email like 'bench%' and (split_part(split_part(u.email, '@', 1), 'h', 2)::int - 1) % ${USERS_PER_TENANT} = 0`,
  );
  await pool.query(
    `insert into projects (tenant_id, name, start_date)
     select t.id, 'Project ' || p, date '${addDays(today, -400)}' from tenants t, generate_series(1, ${PROJECTS_PER_TENANT}) p`,
  );
  await pool.query(
    `insert into project_tasks (tenant_id, project_id, name)
     select p.tenant_id, p.id, 'Task ' || k from projects p, generate_series(1, ${TASKS_PER_PROJECT}) k`,
  );
  await pool.query(
    `insert into project_members (tenant_id, project_id, user_id)
     select p.tenant_id, p.id, u.id from projects p join users u on u.active_tenant_id = p.tenant_id`,
  );
  // 100 marks a user: every third day back from today (plus a shift per user), each on one of the
  // tenant's 20 tasks, 0.25 to 8 hours.
  await pool.query(
    `with tasks as (
       select t.tenant_id, t.project_id, t.id, row_number() over (partition by t.tenant_id order by t.id) - 1 as k
         from project_tasks t),
     u as (select id, active_tenant_id as tenant_id, row_number() over (order by id) as n from users where email like 'bench%')
     insert into time_marks (tenant_id, user_id, project_id, task_id, date, hours)
     select u.tenant_id, u.id, tasks.project_id, tasks.id,
            date '${today}' - (g * 3 + (u.n % 3))::int, 0.25 + ((u.n + g) % 32) * 0.25
       from u cross join generate_series(0, ${MARKS_PER_USER - 1}) g
       join tasks on tasks.tenant_id = u.tenant_id and tasks.k = (u.n + g) % ${PROJECTS_PER_TENANT * TASKS_PER_PROJECT}`,
  );
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  return performance.now() - t0;
}

type Request = { path: string; token: string; tenantId: string };
type Case = { label: string; target: number; requests: Request[]; statements: NamedQuery[] };
const pass = (c: Case, r: Round) => r.endpoint.p99 < c.target && r.ratio >= 0.5;
const row = (label: string, c: Case, r: Round) => [label, ...floorColumns(r), pass(c, r) ? 'pass' : 'fail'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function bare(pool: pg.Pool, statements: NamedQuery[]): Promise<Measure> {
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

async function load(url: string, requests: Request[], seconds: number): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    requests: requests.map((r) => ({ method: 'GET', path: r.path, headers: { authorization: `Bearer ${r.token}` } })),
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
  const barePool = new pg.Pool(poolConfig(dbUrl.toString(), poolSize));
  barePool.on('error', () => {});
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const password = 'Bench-password-1';
    console.log(
      `seeding ${TENANTS} tenants, ${TENANTS * USERS_PER_TENANT} users, ${TENANTS * USERS_PER_TENANT * MARKS_PER_USER} marks...`,
    );
    const ms = await seed(barePool, await hashPassword(password));
    const { rows: counted } = await barePool.query('select count(*)::int as n from time_marks');
    console.log(`seeded ${counted[0].n} marks in ${(ms / 1000).toFixed(1)} s`);

    app = await buildApp({ config, database });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    type Who = { token: string; userId: string; tenantId: string };
    const signIn = async (email: string): Promise<Who> => {
      const res = await fetch(`${address}/core/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, rememberMe: false }),
      });
      if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { token: string; user: { id: string; activeTenantId: string } };
      return { token: body.token, userId: body.user.id, tenantId: body.user.activeTenantId };
    };
    // 200 users from every tenant (two each) and 50 tenant administrators.
    const users: Who[] = [];
    for (let i = 0; i < 200; i++)
      users.push(await signIn(`bench${1 + ((i * 50 + (i % 2) * 17) % (TENANTS * USERS_PER_TENANT))}@bench.test`));
    const admins: Who[] = [];
    for (let t = 0; t < 50; t++) admins.push(await signIn(`bench${1 + t * 2 * USERS_PER_TENANT}@bench.test`));

    const mondays = Array.from({ length: 8 }, (_, k) => addDays(mondayOf(today), -7 * k));
    const months = Array.from({ length: 6 }, (_, k) => monthRange(addDays(monthRange(today).from, -1 - 31 * k)));
    const grid: Case = {
      label: 'week grid (GET getPersonalProjectsWithMarksForWeek)',
      target: 20,
      requests: [],
      statements: [],
    };
    users.forEach((u, i) => {
      const monday = mondays[i % mondays.length]!;
      grid.requests.push({
        path: `/core/api/timelogs/getPersonalProjectsWithMarksForWeek/${monday}/${addDays(monday, 6)}`,
        token: u.token,
        tenantId: u.tenantId,
      });
      grid.statements.push(namedQuery('timelogs_grid', weekGridSql(u.tenantId, u.userId, monday, addDays(monday, 6))));
    });
    const overview: Case = {
      label: 'monthly overview (users, projects, tasks)',
      target: 100,
      requests: [],
      statements: [],
    };
    const kinds = ['users', 'projects', 'tasks'] as const;
    const paths = {
      users: 'getTimeLogsOverviewUsers/all',
      projects: 'getTimeLogsOverviewProjects',
      tasks: 'getTimeLogsOverviewTasks',
    };
    admins.forEach((a, i) => {
      const { from, to } = months[i % months.length]!;
      for (const kind of kinds) {
        overview.requests.push({
          path: `/core/api/timelogs/${paths[kind]}/${from}/${to}`,
          token: a.token,
          tenantId: a.tenantId,
        });
        overview.statements.push(namedQuery(`timelogs_ov_${kind}`, overviewSql[kind](a.tenantId, from, to)));
      }
    });

    const rows: string[][] = [];
    let ok = true;
    for (const c of [grid, overview]) {
      const probe = await fetch(`${address}${c.requests[0]!.path}`, {
        headers: { authorization: `Bearer ${c.requests[0]!.token}` },
      });
      const text = await probe.text();
      console.log(`${c.label}: first call ${probe.status}, ${text.length} bytes`);
      const floor = await startFloor(
        barePool,
        c.requests.map((q, i) => ({
          ...q,
          statements: floorScope ? [scopeStatement(q.tenantId), c.statements[i]!] : [c.statements[i]!],
        })),
      );
      await load(address, c.requests, 2);
      await load(floor.url, c.requests, 2);
      const rounds: Round[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const endpoint = await load(address, c.requests, DURATION_S);
        const floorRun = await load(floor.url, c.requests, DURATION_S);
        const baseline = await bare(barePool, c.statements);
        rounds.push(round(endpoint, floorRun, baseline));
        rows.push(row(`${c.label}, round ${r}`, c, rounds.at(-1)!));
      }
      await floor.close();
      const median = medianRound(rounds);
      ok &&= pass(c, median);
      rows.push([...row(`${c.label}, median`, c, median).slice(0, -1), pass(c, median) ? 'PASS' : 'FAIL']);
    }
    console.log(
      `\n${CONNECTIONS} concurrent clients, ${ROUNDS} rounds of ${DURATION_S} s each, pools of ${poolSize}; targets: grid p99 < 20 ms, overview p99 < 100 ms, endpoint >= 0.5 x bare rate; goal (reported, not checked): endpoint >= 0.8 x floor`,
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

/**
 * What every endpoint bench shares: a throw-away database on the PostgreSQL server of
 * TEST_DATABASE_URL with the app's schema and reference data, a bare pool shaped like the app's, the
 * app itself on loopback, sign-in, and the rounds that compare an endpoint with its floor and with its
 * statements run bare (floor.ts). A bench file seeds its data, builds its cases and calls compareCases.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { type Config, loadConfig } from '../apps/server/src/config.js';
import { currentPlanMode, type Database, openDatabase, poolConfig } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { type PlanMode, ScopedPool } from '../apps/server/src/db/scoped-connections.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { cpuPerRequest, cpuSample } from './cpu-split.js';
import {
  CPU_HEAD,
  cpuColumns,
  FLOOR_HEAD,
  type FloorRequest,
  floorColumns,
  type Measure,
  medianRound,
  type Round,
  round,
  runStatement,
  startFloor,
} from './floor.js';

export const BENCH = {
  connections: 50,
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  /** --check: exit 1 when a case misses its target. */
  check: process.argv.includes('--check'),
};

/** Every bench account's password. */
export const BENCH_PASSWORD = 'Bench-password-1';

export type SignedIn = { token: string; userId: string; tenantId: string | null };

export type Bench = {
  config: Config;
  database: Database;
  /** A pool like the app's (its size, its session settings) for seeding and the bare loops. */
  pool: pg.Pool;
  /** Starts the app on a free loopback port (once the data is seeded) and answers its address. */
  startApp(): Promise<string>;
  /** Signs in through the app's login route. */
  signIn(email: string, password?: string): Promise<SignedIn>;
};

/**
 * Runs `body` against a fresh database (migrated, reference data seeded) and removes the database
 * afterwards, unless BENCH_KEEP_DB is set.
 */
export async function runBench(body: (bench: Bench) => Promise<void>) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
    process.exit(2);
  }
  const name = `atrium_bench_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `create database ${name}`);
  const dbUrl = new URL(serverUrl);
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
  const database = await openDatabase({ url: dbUrl.toString(), dataDir: null, poolSize: config.databasePoolSize });
  const pool = new ScopedPool(poolConfig(dbUrl.toString(), config.databasePoolSize));
  // Dropping the database at the end ends pooled connections that pool.end() has not closed yet.
  pool.on('error', () => {});
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let address = '';
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    await body({
      config,
      database,
      pool,
      async startApp() {
        app = await buildApp({ config, database });
        address = await app.listen({ host: '127.0.0.1', port: 0 });
        return address;
      },
      async signIn(email, password = BENCH_PASSWORD) {
        const res = await fetch(`${address}/core/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password, rememberMe: false }),
        });
        if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
        const answer = (await res.json()) as { token: string; user: { id: string; activeTenantId: string | null } };
        return { token: answer.token, userId: answer.user.id, tenantId: answer.user.activeTenantId };
      },
    });
  } finally {
    await app?.close();
    await pool.end();
    await database.close().catch(() => {});
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Ends a seeding step: fresh statistics and a checkpoint, so the rounds do not pay for either. */
export async function settle(pool: pg.Pool) {
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
}

/** Seconds since `t0` (performance.now()), for 'seeded in' lines. */
export const secondsSince = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** One measured endpoint: the requests the load sends in turn, each with the statements it costs. */
export type Case = {
  label: string;
  target: { p99Ms: number; ratio: number };
  requests: FloorRequest[];
  /** What the floor runs for request i, when it is more than that request's statements. */
  floorStatements?: (request: FloorRequest) => FloorRequest['statements'];
};

export type Statement = { text: string; values?: unknown[]; name?: string; plan?: PlanMode };

/**
 * Records what the app's pool sends while `run` runs: the statements one request costs. Scope
 * settings (set_config) are left out; the bare side has no row-level security to set.
 */
export async function recordStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[]; name?: string }, unknown[]?];
    const statement =
      typeof first === 'string' ? { text: first, values: second } : { ...first, values: first.values ?? second };
    if (!/set_config/.test(statement.text)) {
      seen.push({ text: statement.text, values: statement.values, name: statement.name, plan: currentPlanMode() });
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

/** BENCH.connections loops sending the requests' statements in turn through the pool, for `seconds`. */
async function bare(pool: pg.Pool, requests: FloorRequest[], seconds: number): Promise<Measure> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: BENCH.connections }, async () => {
      while (performance.now() < deadline) {
        const { statements } = requests[next++ % requests.length]!;
        const t0 = performance.now();
        for (const s of statements) await runStatement(pool, s);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, p99: percentile(latencies, 0.99), p50: percentile(latencies, 0.5) };
}

/** autocannon with BENCH.connections connections, sending the requests in turn. */
async function load(url: string, requests: FloorRequest[], seconds: number): Promise<Measure> {
  const before = cpuSample();
  const result = await autocannon({
    url,
    connections: BENCH.connections,
    duration: seconds,
    workers: 1,
    requests: requests.map((r) => ({ method: 'GET', path: r.path, headers: { authorization: `Bearer ${r.token}` } })),
  });
  if (result.non2xx) throw new Error(`load run had ${result.non2xx} non-2xx answers`);
  // Timeouts (autocannon's 10 s) on a machine too busy to answer are reported, not fatal.
  if (result.errors) console.log(`  (${result.errors} requests timed out or failed)`);
  const cpu = cpuPerRequest(before, cpuSample(), result.requests.total);
  return { rate: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, ...(cpu && { cpu }) };
}

/**
 * BENCH_CPU_PROFILE=dir: a CPU profile of this thread (the app's and the floor's; autocannon runs in a
 * worker) for each load, to open in Chrome's DevTools or sum up with bench/profile-summary.ts.
 */
async function profiled<T>(label: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const file = `${dir}/${label.replace(/\W+/g, '-')}.cpuprofile`;
    await writeFile(file, JSON.stringify(profile));
    console.log(`  profile: ${file}`);
  }
}

const passes = (c: Case, r: Round) => r.endpoint.p99 < c.target.p99Ms && r.ratio >= c.target.ratio;

/**
 * The floor in scope must do the work the open floor does: a request's statements answer the same
 * rows in its scope (row-level security applying) as to the superuser, or the case's requests are
 * wrong. Checked on up to 50 of them, spread over the list.
 */
async function sameRowsInScope(bench: Bench, requests: FloorRequest[]) {
  const step = Math.max(1, Math.floor(requests.length / 50));
  const sample = requests.filter((_, i) => i % step === 0);
  const scoped = await startFloor(bench.database.pool!, sample, { scoped: true });
  const open = await startFloor(bench.pool, sample, { scoped: false });
  try {
    for (const r of sample) {
      const answer = async (url: string) =>
        (await fetch(`${url}${r.path}`, { headers: { authorization: `Bearer ${r.token}` } })).text();
      if ((await answer(scoped.url)) !== (await answer(open.url))) {
        throw new Error(`${r.path}: its statements answer other rows in its scope than to the superuser`);
      }
    }
  } finally {
    await scoped.close();
    await open.close();
  }
}

/**
 * Measures each case against the app at `address`: a probe (printed), a warm-up, then BENCH.rounds
 * alternating rounds of endpoint, floor, open floor and bare, so all four see the same moments of a
 * shared machine; the median round is the figure and every round is printed. Answers whether every
 * case met its target (and sets the exit code under --check).
 */
export async function compareCases(bench: Bench, address: string, cases: Case[]): Promise<boolean> {
  const rows: string[][] = [];
  const cpuRows: string[][] = [];
  const row = (label: string, r: Round, verdict: string) => [label, ...floorColumns(r), verdict];
  let ok = true;
  for (const c of cases) {
    const first = c.requests[0]!;
    const probe = await fetch(`${address}${first.path}`, { headers: { authorization: `Bearer ${first.token}` } });
    if (!probe.ok) throw new Error(`${first.path}: ${probe.status} ${await probe.text()}`);
    console.log(`${c.label}: first call answers ${(await probe.text()).length} bytes`);

    const requests = c.requests.map((r) => ({ ...r, statements: c.floorStatements?.(r) ?? r.statements }));
    await sameRowsInScope(bench, requests);
    const floor = await startFloor(bench.database.pool!, requests, { scoped: true });
    const openFloor = await startFloor(bench.pool, requests, { scoped: false });
    for (const url of [address, floor.url, openFloor.url]) await load(url, c.requests, 2); // warm-up
    const rounds: Round[] = [];
    for (let r = 1; r <= BENCH.rounds; r++) {
      const endpoint = await profiled(`${c.label} ${r}`, () => load(address, c.requests, BENCH.seconds));
      const floorRun = await profiled(`${c.label} floor ${r}`, () => load(floor.url, c.requests, BENCH.seconds));
      const openRun = await profiled(`${c.label} open floor ${r}`, () =>
        load(openFloor.url, c.requests, BENCH.seconds),
      );
      const baseline = await bare(bench.pool, c.requests, BENCH.seconds);
      rounds.push(round(endpoint, floorRun, openRun, baseline));
      rows.push(row(`${c.label}, round ${r}`, rounds.at(-1)!, passes(c, rounds.at(-1)!) ? 'pass' : 'fail'));
    }
    await floor.close();
    await openFloor.close();
    const median = medianRound(rounds);
    ok &&= passes(c, median);
    rows.push(row(`${c.label}, median`, median, passes(c, median) ? 'PASS' : 'FAIL'));
    cpuRows.push(
      [`${c.label}, endpoint`, ...cpuColumns(median.endpoint, median.endpoint)],
      [`${c.label}, floor`, ...cpuColumns(median.floor, median.endpoint)],
      [`${c.label}, open floor`, ...cpuColumns(median.openFloor, median.endpoint)],
    );
  }
  const targets = cases.map((c) => `${c.label}: p99 < ${c.target.p99Ms} ms, >= ${c.target.ratio} x bare`);
  console.log(
    `\n${BENCH.connections} concurrent clients, ${BENCH.rounds} rounds of ${BENCH.seconds} s each, pools of ${bench.config.databasePoolSize}; goal (reported, not checked): endpoint >= 0.8 x floor\ntargets: ${targets.join('; ')}`,
  );
  printTable(['case', ...FLOOR_HEAD, ''], rows);
  console.log(
    "\nCPU a request (medians of the rounds): the app's thread, the other threads (autocannon, GC), PostgreSQL",
  );
  printTable(['case', ...CPU_HEAD], cpuRows);
  if (BENCH.check && !ok) process.exitCode = 1;
  return ok;
}

/** A plain-text table, the first column left-aligned and the others right-aligned. */
export function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const r of [head, ...rows])
    console.log(r.map((v, i) => (i ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  '));
}

// Names made of syllables: 2,000 distinct stems, so a search for one finds 1 row in 2,000.
const PREFIXES = ['Ander', 'Berg', 'Chris', 'Dahl', 'Erik', 'Frede', 'Gunn', 'Hald', 'Ing', 'Jens'].concat([
  'Karl',
  'Lind',
  'Mad',
  'Niel',
  'Ol',
  'Peder',
  'Ras',
  'Sved',
  'Thor',
  'Vest',
]);
const MIDDLES = ['a', 'e', 'i', 'o', 'u', 'al', 'el', 'ol', 'ar', 'er', 'ir', 'or'].concat([
  'an',
  'en',
  'in',
  'on',
  'ab',
  'eb',
  'ib',
  'ob',
]);
const SUFFIXES = ['sen', 'son', 'berg', 'gaard', 'holm'];

/** The stem of number i, as stemSql writes it for the row numbered i. */
export const stemOf = (i: number) =>
  `${PREFIXES[i % 20]}${MIDDLES[Math.floor(i / 20) % 20]}${SUFFIXES[Math.floor(i / 400) % 5]}`;

/** A SQL array literal of the strings (bench constants, never user input). */
export const sqlArray = (xs: string[]) => `(array[${xs.map((x) => `'${x}'`).join(',')}])`;

/** The SQL expression of stemOf for the integer expression `i` (a generate_series column). */
export const stemSql = (i: string) =>
  `${sqlArray(PREFIXES)}[1 + ${i} % 20] || ${sqlArray(MIDDLES)}[1 + (${i} / 20) % 20] || ${sqlArray(SUFFIXES)}[1 + (${i} / 400) % 5]`;

/**
 * What row-level security adds to a statement (decision 016, issue 25): the week grid's statement, which
 * reads five tenant-owned tables, run by one connection in turn as the app runs it (the app role, in a
 * signed tenant scope, so each table's policy checks the scope) and bare (the owner login, no policy),
 * alternating for BENCH_ROUNDS rounds of BENCH_SECONDS. Prints the time per statement of each and the
 * checks' share; both sides use the app's pool settings (generic plans, prepared statement).
 *
 * Then what a tenant switch adds: the same statement through the app's pool (a checkout each), for
 * one tenant every time, and for two tenants in turn, so that each checkout changes the connection's
 * scope (db/scoped-connections.ts).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/scope-checks.ts
 */
import { performance } from 'node:perf_hooks';
import { addDays, localToday, mondayOf } from '@atrium/contracts';
import type pg from 'pg';
import { withTenant } from '../apps/server/src/db/tenant-scope.js';
import { weekGrid } from '../apps/server/src/modules/timelogs/timelogs.repository.js';
import { BENCH, printTable, runBench, settle } from './harness.js';

const monday = mondayOf(localToday());

/** Statements a second, `run` called in turn for `seconds`. */
async function loop(run: (i: number) => Promise<unknown>, seconds: number) {
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) await run(n++);
  return n / seconds;
}

/** Statements a second, one connection sending `statement` in turn for `seconds`. */
async function rate(pool: pg.Pool, statement: pg.QueryConfig, seconds: number) {
  const client = await pool.connect();
  try {
    return await loop(() => client.query(statement), seconds);
  } finally {
    client.release();
  }
}

await runBench(async (bench) => {
  // Two tenants, each with one user on one project of four tasks, a mark on each task each day of the week.
  const seeded = [1, 2].map((i) =>
    bench.pool.query<{ tenant: string; user: string }>(
      `with t as (insert into tenants (name) values ('Scope bench ${i}') returning id),
          u as (insert into users (email, name) values ('scope${i}@bench.test', 'Scope') returning id),
          p as (insert into projects (tenant_id, name, start_date) select t.id, 'Project', date '${addDays(monday, -30)}' from t returning id, tenant_id),
          k as (insert into project_tasks (tenant_id, project_id, name) select p.tenant_id, p.id, 'Task ' || i from p, generate_series(1, 4) i returning id, project_id, tenant_id)
     insert into time_marks (tenant_id, user_id, project_id, task_id, date, hours)
     select k.tenant_id, u.id, k.project_id, k.id, date '${monday}' + d, 1 from k, u, generate_series(0, 6) d
     returning tenant_id as tenant, user_id as user`,
    ),
  );
  const [one, two] = (await Promise.all(seeded)).map((r) => r.rows[0]!);
  const { tenant, user } = one!;
  await settle(bench.pool);
  const statement = weekGrid.query({}, { tenantId: tenant, userId: user, monday, sunday: addDays(monday, 6) });
  const app = bench.database.pool!;
  const scoped = () => withTenant(tenant, () => rate(app, statement, BENCH.seconds));
  await withTenant(tenant, () => rate(app, statement, 1)); // warm-up: plans, the connection's scope
  await rate(bench.pool, statement, 1);

  const table: string[][] = [];
  const policed: number[] = [];
  const bare: number[] = [];
  for (let r = 1; r <= BENCH.rounds; r++) {
    policed.push(await scoped());
    bare.push(await rate(bench.pool, statement, BENCH.seconds));
    table.push(row(`round ${r}`, policed.at(-1)!, bare.at(-1)!));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  table.push(row('median', median(policed), median(bare)));
  console.log(
    `\nthe week grid's statement (five tenant-owned tables), one connection, ${BENCH.rounds} rounds of ${BENCH.seconds} s`,
  );
  printTable(['', 'with policies µs', 'bare µs', 'checks µs', 'with / bare'], table);

  // Tenant switches: a checkout for each statement, in one tenant's scope or in each tenant's in turn.
  const runs = [one!, two!].map((t) => ({
    tenant: t.tenant,
    statement: weekGrid.query({}, { tenantId: t.tenant, userId: t.user, monday, sunday: addDays(monday, 6) }),
  }));
  const checkout = (i: number) => withTenant(runs[i]!.tenant, () => app.query(runs[i]!.statement));
  const stay = (seconds: number) => loop(() => checkout(0), seconds);
  const alternate = (seconds: number) => loop((n) => checkout(n % 2), seconds);
  await stay(1);
  await alternate(1);
  const switches: string[][] = [];
  const stayed: number[] = [];
  const switched: number[] = [];
  for (let r = 1; r <= BENCH.rounds; r++) {
    stayed.push(await stay(BENCH.seconds));
    switched.push(await alternate(BENCH.seconds));
    switches.push(row(`round ${r}`, switched.at(-1)!, stayed.at(-1)!));
  }
  switches.push(row('median', median(switched), median(stayed)));
  console.log(
    `\nthe same statement through the app's pool, a checkout each, ${BENCH.rounds} rounds of ${BENCH.seconds} s`,
  );
  printTable(['', 'two tenants in turn µs', 'one tenant µs', 'a switch µs', 'switching / staying'], switches);
});

function row(label: string, policed: number, bare: number) {
  const us = (rate: number) => 1e6 / rate;
  return [
    label,
    us(policed).toFixed(0),
    us(bare).toFixed(0),
    (us(policed) - us(bare)).toFixed(0),
    (us(policed) / us(bare)).toFixed(2),
  ];
}

/**
 * What row-level security adds to a statement (decision 016, issue 25): the week grid's statement, which
 * reads five tenant-owned tables, run by one connection in turn as the app runs it (the app role, in a
 * signed tenant scope, so each table's policy checks the scope) and bare (the owner login, no policy),
 * alternating for BENCH_ROUNDS rounds of BENCH_SECONDS. Prints the time per statement of each and the
 * checks' share; both sides use the app's pool settings (generic plans, prepared statement).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/scope-checks.ts
 */
import { performance } from 'node:perf_hooks';
import { addDays, localToday, mondayOf } from '@atrium/contracts';
import type pg from 'pg';
import { namedQuery } from '../apps/server/src/db/client.js';
import { withTenant } from '../apps/server/src/db/tenant-scope.js';
import { weekGridSql } from '../apps/server/src/modules/timelogs/timelogs.repository.js';
import { BENCH, printTable, runBench, settle } from './harness.js';

const monday = mondayOf(localToday());

/** Statements a second, one connection sending `statement` in turn for `seconds`. */
async function rate(pool: pg.Pool, statement: pg.QueryConfig, seconds: number) {
  const client = await pool.connect();
  try {
    let n = 0;
    const deadline = performance.now() + seconds * 1000;
    while (performance.now() < deadline) {
      await client.query(statement);
      n++;
    }
    return n / seconds;
  } finally {
    client.release();
  }
}

await runBench(async (bench) => {
  // One tenant, one user on one project of four tasks, a mark on each task each day of the week.
  const { rows } = await bench.pool.query<{ tenant: string; user: string }>(
    `with t as (insert into tenants (name) values ('Scope bench') returning id),
          u as (insert into users (email, name) values ('scope@bench.test', 'Scope') returning id),
          p as (insert into projects (tenant_id, name, start_date) select t.id, 'Project', date '${addDays(monday, -30)}' from t returning id, tenant_id),
          k as (insert into project_tasks (tenant_id, project_id, name) select p.tenant_id, p.id, 'Task ' || i from p, generate_series(1, 4) i returning id, project_id, tenant_id)
     insert into time_marks (tenant_id, user_id, project_id, task_id, date, hours)
     select k.tenant_id, u.id, k.project_id, k.id, date '${monday}' + d, 1 from k, u, generate_series(0, 6) d
     returning tenant_id as tenant, user_id as user`,
  );
  const { tenant, user } = rows[0]!;
  await settle(bench.pool);
  const statement = namedQuery('timelogs_grid', weekGridSql(tenant, user, monday, addDays(monday, 6)));
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

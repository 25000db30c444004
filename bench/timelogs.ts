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
import { performance } from 'node:perf_hooks';
import { addDays, localToday, mondayOf, monthRange } from '@atrium/contracts';
import type pg from 'pg';
import { namedQuery } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { overviewSql, weekGrid } from '../apps/server/src/modules/timelogs/timelogs.repository.js';
import { BENCH_PASSWORD, type Case, compareCases, runBench, type SignedIn, secondsSince, settle } from './harness.js';

const TENANTS = 100;
const USERS_PER_TENANT = 100;
const MARKS_PER_USER = 100;
const PROJECTS_PER_TENANT = 5;
const TASKS_PER_PROJECT = 4;
const today = localToday();

async function seed(pool: pg.Pool, passwordHash: string) {
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
  await settle(pool);
}

await runBench(async (bench) => {
  console.log(
    `seeding ${TENANTS} tenants, ${TENANTS * USERS_PER_TENANT} users, ${TENANTS * USERS_PER_TENANT * MARKS_PER_USER} marks...`,
  );
  const t0 = performance.now();
  await seed(bench.pool, await hashPassword(BENCH_PASSWORD));
  const { rows: counted } = await bench.pool.query('select count(*)::int as n from time_marks');
  console.log(`seeded ${counted[0].n} marks in ${secondsSince(t0)} s`);
  const address = await bench.startApp();

  // 200 users from every tenant (two each) and 50 tenant administrators.
  const users: SignedIn[] = [];
  for (let i = 0; i < 200; i++)
    users.push(await bench.signIn(`bench${1 + ((i * 50 + (i % 2) * 17) % (TENANTS * USERS_PER_TENANT))}@bench.test`));
  const admins: SignedIn[] = [];
  for (let t = 0; t < 50; t++) admins.push(await bench.signIn(`bench${1 + t * 2 * USERS_PER_TENANT}@bench.test`));

  const mondays = Array.from({ length: 8 }, (_, k) => addDays(mondayOf(today), -7 * k));
  const months = Array.from({ length: 6 }, (_, k) => monthRange(addDays(monthRange(today).from, -1 - 31 * k)));
  const grid: Case = {
    label: 'week grid (GET getPersonalProjectsWithMarksForWeek)',
    target: { p99Ms: 20, ratio: 0.5 },
    requests: users.map((u, i) => {
      const monday = mondays[i % mondays.length]!;
      const sunday = addDays(monday, 6);
      const path = `/core/api/timelogs/getPersonalProjectsWithMarksForWeek/${monday}/${sunday}`;
      return {
        path,
        token: u.token,
        statements: [weekGrid.query({}, { tenantId: u.tenantId!, userId: u.userId, monday, sunday })],
      };
    }),
  };
  const paths = {
    users: 'getTimeLogsOverviewUsers/all',
    projects: 'getTimeLogsOverviewProjects',
    tasks: 'getTimeLogsOverviewTasks',
  };
  const overview: Case = {
    label: 'monthly overview (users, projects, tasks)',
    target: { p99Ms: 100, ratio: 0.5 },
    requests: admins.flatMap((a, i) => {
      const { from, to } = months[i % months.length]!;
      return (['users', 'projects', 'tasks'] as const).map((kind) => ({
        path: `/core/api/timelogs/${paths[kind]}/${from}/${to}`,
        token: a.token,
        statements: [namedQuery(`timelogs_ov_${kind}`, overviewSql[kind](a.tenantId!, from, to))],
      }));
    }),
  };
  await compareCases(bench, address, [grid, overview]);
});

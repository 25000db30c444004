/**
 * The Sprints collaboration list under load, beside its floor (issue 42; the harness of issue 25).
 *
 * Seeds one tenant with the Sprints feature, 500 people and 5,000 collaborations (each with a dozen
 * members, kept counts as the app keeps them), starts the app on loopback and drives
 * GET /core/api/sprints/collaborations with 50 concurrent clients: an administrator's first page (all
 * of the tenant's), searched and status-filtered pages, and a member's own collaborations. The floor
 * runs the statements one warm request sends (recorded from the driver), in the request's tenant scope.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sprints-list.ts [--check]
 *
 * The goal is end/floor >= 0.8; --check tests the harness's ratio and p99 targets.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import type { FloorRequest } from './floor.js';
import {
  BENCH_PASSWORD,
  type Case,
  compareCases,
  recordStatements,
  runBench,
  secondsSince,
  settle,
} from './harness.js';

const PEOPLE = 500;
const COLLABORATIONS = 5_000;
const MEMBERS_EACH = 12;

async function seed(pool: pg.Pool, tenantId: string) {
  await pool.query(
    `insert into tenant_features (tenant_id, feature_id) select $1, id from features where name = 'Sprints'`,
    [tenantId],
  );
  await pool.query(
    `with u as (insert into users (email, name, surname, gdpr_confirmed)
       select 'sprinter' || i || '@bench.test', 'Sprinter', 'Number ' || i, true from generate_series(1, ${PEOPLE}) i
       returning id)
     insert into tenant_memberships (tenant_id, user_id) select $1, id from u`,
    [tenantId],
  );
  await pool.query(
    `with p as (select user_id, row_number() over (order by user_id) rn from tenant_memberships where tenant_id = $1)
     insert into collaborations (tenant_id, name, starts_on, ends_on, owner_id, members_count, ideas_count, comments_count, created_at)
     select $1, (array['Onboarding', 'Office move', 'Hackathon', 'Customer care', 'Pricing'])[1 + i % 5] || ' sprint ' || i,
            current_date + (i % 90 - 45), current_date + (i % 90 - 15), p.user_id, ${MEMBERS_EACH}, i % 40, i % 120,
            now() - make_interval(mins => i)
       from generate_series(1, ${COLLABORATIONS}) i join p on p.rn = 1 + i % ${PEOPLE}`,
    [tenantId],
  );
  await pool.query(
    `with c as (select id, row_number() over (order by id) rn from collaborations where tenant_id = $1),
          p as (select user_id, row_number() over (order by user_id) rn from tenant_memberships where tenant_id = $1)
     insert into collaboration_members (tenant_id, collaboration_id, user_id)
     select $1, c.id, p.user_id from c cross join generate_series(0, ${MEMBERS_EACH - 1}) k
       join p on p.rn = 1 + (c.rn * 37 + k * 41) % ${PEOPLE}
     on conflict do nothing`,
    [tenantId],
  );
  await settle(pool);
}

await runBench(async (bench) => {
  const tenant = await bench.pool.query<{ id: string }>(
    `insert into tenants (name) values ('Bench Sprints') returning id`,
  );
  const tenantId = tenant.rows[0]!.id;
  console.log(`seeding ${COLLABORATIONS} collaborations of ${PEOPLE} people into one tenant...`);
  const t0 = performance.now();
  await seed(bench.pool, tenantId);
  console.log(`seeded in ${secondsSince(t0)} s`);

  const hash = await hashPassword(BENCH_PASSWORD);
  // An administrator, and a member of some collaborations, each with the tenant active.
  for (const [email, role] of [
    ['bench-admin@bench.test', 'TenantAdmin'],
    ['bench-member@bench.test', 'User'],
  ] as const) {
    await bench.pool.query(
      `with u as (insert into users (email, name, surname, password_hash, gdpr_confirmed, active_tenant_id)
                  values ($3, 'Bench', 'Person', $1, true, $2) returning id),
            m as (insert into tenant_memberships (tenant_id, user_id) select $2, u.id from u)
       insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = $4`,
      [hash, tenantId, email, role],
    );
  }
  await bench.pool.query(
    `insert into collaboration_members (tenant_id, collaboration_id, user_id)
     select $1, c.id, u.id from collaborations c, users u
      where c.tenant_id = $1 and u.email = 'bench-member@bench.test' and abs(hashtext(c.id::text)) % 100 < 2`,
    [tenantId],
  );
  await settle(bench.pool);
  const address = await bench.startApp();
  const admin = await bench.signIn('bench-admin@bench.test');
  const member = await bench.signIn('bench-member@bench.test');

  // The statements of one warm request, recorded from the driver.
  const recorded = async (path: string, token: string): Promise<FloorRequest> => {
    const get = async () => {
      const res = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    await get();
    return { path, token, statements: await recordStatements(get) };
  };
  const list = '/core/api/sprints/collaborations?take=12';
  const target = { p99Ms: 50, ratio: 0.5 };
  const cases: Case[] = [
    {
      label: 'GET /core/api/sprints/collaborations (administrator: all, pages, search, status)',
      target,
      requests: [
        await recorded(list, admin.token),
        await recorded(`${list}&page=5`, admin.token),
        await recorded(`${list}&search=hackathon`, admin.token),
        await recorded(`${list}&status=running`, admin.token),
        await recorded(`${list}&sort=title&direction=asc`, admin.token),
      ],
    },
    {
      label: 'GET /core/api/sprints/collaborations (a member: their own)',
      target,
      requests: [await recorded(list, member.token), await recorded(`${list}&search=sprint`, member.token)],
    },
  ];
  console.log(`${cases[0]!.requests[0]!.statements.length} statements a request`);
  await compareCases(bench, address, cases);
});

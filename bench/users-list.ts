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
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { NamedQuery } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/modules/auth/password-hashing.js';
import { tenantsListQuery } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { usersListQuery } from '../apps/server/src/modules/users/users-list.repository.js';
import {
  BENCH_PASSWORD,
  type Case,
  compareCases,
  runBench,
  secondsSince,
  settle,
  sqlArray,
  stemOf,
  stemSql,
} from './harness.js';

const TENANTS = 10_000;
const USERS = 100_000;

// Surnames are syllable stems (stemOf), so a search for one finds about 50 users.
const FIRST = ['Mette', 'Lars', 'Anne', 'Jens', 'Kirsten', 'Peter', 'Hanne', 'Michael', 'Susanne', 'Thomas'];

async function seed(pool: pg.Pool) {
  await pool.query(`
    insert into tenants (name, created_at)
    select ${sqlArray(['Nordic', 'Harbour', 'Summit', 'Maple', 'Cedar', 'Aurora', 'Granite', 'Willow', 'Falcon', 'Delta'])}[1 + i % 10]
           || ' ' || ${sqlArray(['Care', 'Works', 'Partners', 'Logistics', 'Health', 'Retail', 'Studio', 'Group'])}[1 + (i / 10) % 8]
           || ' ' || i,
           now() - make_interval(mins => i)
    from generate_series(1, ${TENANTS}) i`);
  await pool.query(`
    insert into users (email, name, surname, created_at, gdpr_confirmed)
    select 'user' || i || '@bench.test',
           ${sqlArray(FIRST)}[1 + i % ${FIRST.length}],
           ${stemSql('i')},
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
  await settle(pool);
}

function cases(token: string): Case[] {
  const target = { p99Ms: 50, ratio: 0.5 };
  const terms = Array.from({ length: 20 }, (_, k) => stemOf(k * 97 + 13).toLowerCase());
  const users: Case = {
    label: 'GET /core/api/users (search + role filter, page of 50)',
    target,
    requests: terms.map((t) => ({
      path: `/core/api/users?search=${encodeURIComponent(t)}&roles=admin&take=50`,
      token,
      // A super administrator without an active tenant sees each user's groups in every tenant.
      crossTenant: 'users list: groups of every tenant',
      statements: [
        usersListQuery({
          search: t,
          roles: ['TenantAdmin'],
          groupIds: [],
          sort: 'name',
          direction: 'asc',
          limit: 50,
          offset: 0,
        }),
      ],
    })),
  };
  const tenantTerms = ['nordic care', 'harbour', 'summit works 1', 'maple group', 'falcon studio 9'];
  // The web app sends the browser's time zone with every tenants list request (get-tenants.ts).
  const timeZone = 'Europe/Copenhagen';
  const tenantPage = (path: string, statement: NamedQuery) => ({
    path: `${path}&tz=${encodeURIComponent(timeZone)}`,
    token,
    statements: [statement],
  });
  const tenants: Case = {
    label: 'GET /core/api/tenants (page of 50, by name; and searched)',
    target,
    requests: [
      tenantPage(
        '/core/api/tenants?take=50',
        tenantsListQuery({ sort: 'name', direction: 'asc', timeZone, limit: 50, offset: 0 }),
      ),
      tenantPage(
        '/core/api/tenants?take=50&sort=createdAt&direction=desc',
        tenantsListQuery({ sort: 'createdAt', direction: 'desc', timeZone, limit: 50, offset: 0 }),
      ),
      ...tenantTerms.map((t) =>
        tenantPage(
          `/core/api/tenants?take=50&search=${encodeURIComponent(t)}`,
          tenantsListQuery({ search: t, sort: 'name', direction: 'asc', timeZone, limit: 50, offset: 0 }),
        ),
      ),
    ],
  };
  return [users, tenants];
}

await runBench(async (bench) => {
  console.log(`seeding ${TENANTS} tenants and ${USERS} users...`);
  const t0 = performance.now();
  await seed(bench.pool);
  console.log(`seeded in ${secondsSince(t0)} s`);
  await bench.pool.query(
    `with u as (insert into users (email, name, surname, password_hash, gdpr_confirmed)
                values ('bench-super@bench.test', 'Bench', 'Super', $1, true) returning id)
     insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'Superadmin'`,
    [await hashPassword(BENCH_PASSWORD)],
  );
  const address = await bench.startApp();
  const { token } = await bench.signIn('bench-super@bench.test');
  await compareCases(bench, address, cases(token));
});

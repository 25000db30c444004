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

const TENANTS = 10_000;
const USERS_PER_TENANT = 2;
const BENCH_USERS = 20;

const BODY =
  '<h1>Welcome</h1><p>Good to have you here. News, hours and the sprint board are <strong>one tap away</strong>.</p>' +
  '<h2>This week</h2><ul><li>Planning on <em>Wednesday</em></li><li>New handbook under Documents</li></ul>';

async function seed(pool: pg.Pool, passwordHash: string) {
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
  await settle(pool);
}

await runBench(async (bench) => {
  console.log(`seeding ${TENANTS} tenants with features and home content, ${TENANTS * USERS_PER_TENANT} users...`);
  const t0 = performance.now();
  await seed(bench.pool, await hashPassword(BENCH_PASSWORD));
  console.log(`seeded in ${secondsSince(t0)} s`);
  const address = await bench.startApp();
  // Users of tenants spread over the table, each signed in with their one tenant active.
  const tokens: string[] = [];
  for (let i = 0; i < BENCH_USERS; i++) {
    const who = await bench.signIn(`user${1 + i * 487}@bench.test`);
    if (!who.tenantId) throw new Error(`user${1 + i * 487} has no active tenant`);
    tokens.push(who.token);
  }

  const cases: Case[] = [];
  for (const [label, path] of [
    ['GET /core/api/home/content', '/core/api/home/content'],
    ['GET /core/api/me/generaldata (menu)', '/core/api/me/generaldata'],
  ] as const) {
    // The statements of one warm request per user, recorded from the driver (each user's own tenant):
    // a first request reads the session and the tenant's features, which later ones find remembered.
    const requests: FloorRequest[] = [];
    const get = async (token: string) => {
      const res = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    };
    for (const token of tokens) {
      await get(token);
      const statements = await recordStatements(() => get(token));
      requests.push({ path, token, statements });
    }
    console.log(`${label}: ${requests[0]!.statements.length} statements a request`);
    if (process.env.BENCH_SHOW_SQL)
      for (const s of requests[0]!.statements) console.log(`  ${typeof s === 'string' ? s : s.text}`);
    cases.push({ label, target: { p99Ms: 50, ratio: 0.5 }, requests });
  }
  await compareCases(bench, address, cases);
});

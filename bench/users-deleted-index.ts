/**
 * Does any plan use users_deleted_idx (a partial index on users(id) where deleted_at is not null)?
 *
 * Seeds 1,000 tenants and 100,000 users (2% soft-deleted, each in one or two tenants) into a
 * throw-away database on TEST_DATABASE_URL's server, analyzes, then EXPLAINs every statement that
 * reads users by deleted_at: the users list as the repository builds it (each shape), and the
 * others as written in users.repository.ts, auth.repository.ts and migration 0020's counts. Prints
 * each plan's indexes and whether users_deleted_idx is among them; exits 1 if any plan uses it.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/users-deleted-index.ts
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seedReferenceData } from '../apps/server/src/modules/index.js';
import { type UserListFilter, usersListQuery } from '../apps/server/src/modules/users/users-list.repository.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (a throw-away database is created on it).');
  process.exit(2);
}

const name = `atrium_idx_${randomUUID().replaceAll('-', '')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const database = await openDatabase({ url: dbUrl.toString(), dataDir: null, poolSize: 2 });
const client = new pg.Client({ connectionString: dbUrl.toString() });
let used = false;
try {
  await migrate(database);
  await seedReferenceData(database.db);
  await client.connect();
  await client.query(`insert into tenants (name) select 'Tenant ' || i from generate_series(1, 1000) i`);
  await client.query(`
    insert into users (email, name, surname, created_at, deleted_at)
    select 'user' || i || '@bench.test', 'Name' || (i % 500), 'Surname' || (i % 2000), now() - make_interval(secs => i),
           case when i % 50 = 0 then now() - make_interval(mins => i) end
    from generate_series(1, 100000) i`);
  await client.query(`
    with t as (select id, row_number() over (order by id) rn from tenants),
         u as (select id, row_number() over (order by id) rn from users)
    insert into tenant_memberships (tenant_id, user_id)
    select t.id, u.id from u join t on t.rn = 1 + u.rn % 1000
    union all select t.id, u.id from u join t on t.rn = 1 + (u.rn * 7 + 3) % 1000 where u.rn % 10 = 0`);
  await client.query(`
    insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where r.name = 'User'`);
  await client.query('vacuum analyze');

  const tenant = (await client.query<{ id: string }>('select id from tenants order by id limit 1')).rows[0]!.id;
  const someIds = (await client.query<{ id: string }>('select id from users order by id limit 5')).rows.map(
    (r) => r.id,
  );
  const list = (f: Partial<UserListFilter>) =>
    usersListQuery({ roles: [], groupIds: [], sort: 'name', direction: 'asc', limit: 50, offset: 0, ...f });
  const statements: [string, string, unknown[]][] = [
    ['users list, all users', list({}).text, list({}).values],
    ['users list, a tenant', list({ tenantId: tenant }).text, list({ tenantId: tenant }).values],
    ['users list, searched', list({ search: 'surname12' }).text, list({ search: 'surname12' }).values],
    [
      'users list, role, by creation',
      list({ roles: ['User'], sort: 'createdAt' }).text,
      list({ roles: ['User'], sort: 'createdAt' }).values,
    ],
    [
      'findLiveUserByEmail',
      'select * from users where lower(email) = $1 and deleted_at is null',
      ['user77@bench.test'],
    ],
    [
      'userOptions of a tenant',
      `select u.id from users u where u.deleted_at is null
         and exists (select 1 from tenant_memberships tm where tm.user_id = u.id and tm.tenant_id = $1)
       order by lower(u.name), lower(u.surname), u.id limit 5000`,
      [tenant],
    ],
    [
      'exportRows',
      `select u.name from users u where u.deleted_at is null
         and exists (select 1 from tenant_memberships tm where tm.user_id = u.id and tm.tenant_id = $1)
       order by lower(u.name), lower(u.surname), u.id`,
      [tenant],
    ],
    ['markDeleted', 'update users set deleted_at = now() where id = any($1::uuid[]) and deleted_at is null', [someIds]],
    ['restore', 'update users set deleted_at = null where id = $1', [someIds[0]]],
    [
      'live member counts (migration 0020)',
      `select m.tenant_id, count(*)::int from tenant_memberships m
         join users u on u.id = m.user_id and u.deleted_at is null group by m.tenant_id`,
      [],
    ],
    ['deleted users (a query that could use it)', 'select id from users where deleted_at is not null', []],
  ];
  for (const [label, text, values] of statements) {
    // EXPLAIN only (no ANALYZE): the updates are planned, not run.
    const plan = (await client.query(`explain (format json) ${text}`, values)).rows[0]['QUERY PLAN'];
    const indexes = [...JSON.stringify(plan).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
    const uses = indexes.includes('users_deleted_idx');
    if (uses && !label.startsWith('deleted users')) used = true;
    console.log(`${uses ? 'USES' : 'no  '}  ${label.padEnd(42)} ${[...new Set(indexes)].join(', ') || '(no index)'}`);
  }
  console.log(used ? 'users_deleted_idx is used by an app statement' : 'no app statement uses users_deleted_idx');
} finally {
  await client.end().catch(() => {});
  await database.close().catch(() => {});
  const drop = new pg.Client({ connectionString: serverUrl });
  await drop.connect();
  await drop.query(`drop database if exists ${name} with (force)`);
  await drop.end();
}
process.exitCode = used ? 1 : 0;

import { readdirSync } from 'node:fs';
import { NOTIFICATION_EVENT_TYPES, NOTIFICATION_INTERVALS } from '@atrium/contracts';
import { PGlite } from '@electric-sql/pglite';
import { eq, is, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../src/db/client.js';
import { FORCE_ROW_LEVEL_SECURITY, migrate } from '../src/db/migrate.js';
import { ScopedPglite } from '../src/db/scoped-connections.js';
import { APP_ROLE, crossTenant, withTenant } from '../src/db/tenant-scope.js';
import { seedDemo } from '../src/modules/demo-data.js';
import {
  notificationEventTypes,
  notificationSubscriptions,
  notifications,
} from '../src/modules/notifications/notifications.schema.js';
import { tenants } from '../src/modules/tenants/tenants.schema.js';
import { userGroupMembers, userGroups } from '../src/modules/usergroups/usergroups.schema.js';
import { users } from '../src/modules/users/users.schema.js';
import { freshDatabase, ownerUrlOf } from './harness.js';
import { refusal } from './refusal.js';

// Every table of the modules' schemas: the files drizzle-kit reads (src/modules/<module>/<name>.schema.ts).
const modulesDir = new URL('../src/modules/', import.meta.url);
const schemaFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
  /^[^/]+\/[^/]+\.schema\.ts$/.test(file),
);
const SCHEMA_TABLES = (
  await Promise.all(schemaFiles.map((file) => import(new URL(file, modulesDir).href) as Promise<object>))
).flatMap((module) => Object.values(module).filter((value): value is PgTable => is(value, PgTable)));
/**
 * Tables whose rows are a tenant's own content, as their schemas declare them (tenantOwned(),
 * db/tenant-owned.ts): row-level security forced, one policy each.
 */
const TENANT_OWNED = SCHEMA_TABLES.filter((table) =>
  getTableConfig(table).policies.some((p) => p.name === 'tenant_isolation'),
)
  .map((table) => getTableConfig(table).name)
  .sort();
/**
 * Tables with a tenant column that are platform data, read and written across tenants by nature
 * (decision 016). A new table with a tenant_id goes in one list or the other.
 */
const PLATFORM_WITH_TENANT = [
  'audit_log',
  'mail_outbox',
  'tenant_features',
  // Live members per tenant, derived from tenant_memberships and users, both platform tables.
  'tenant_member_counts',
  'tenant_memberships',
];

const rowsOf = async <T>(db: Db, statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let a: string;
let b: string;
let userId: string;
let eventTypeOfA: string;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  [{ id: a }, { id: b }] = (await db
    .insert(tenants)
    .values([{ name: 'Tenant A' }, { name: 'Tenant B' }])
    .returning({ id: tenants.id })) as [{ id: string }, { id: string }];
  [{ id: userId }] = (await db
    .insert(users)
    .values({ email: 'rls@example.test', name: 'R' })
    .returning({ id: users.id })) as [{ id: string }];
  await crossTenant('test fixtures', async () => {
    for (const [tenantId, name] of [
      [a, 'Group of A'],
      [b, 'Group of B'],
    ] as const) {
      // Each tenant's own event type (decision 027).
      const [{ id: eventTypeId }] = (await db
        .insert(notificationEventTypes)
        .values({ tenantId, name: 'NewsPublished' })
        .returning({ id: notificationEventTypes.id })) as [{ id: string }];
      if (tenantId === a) eventTypeOfA = eventTypeId;
      const [group] = await db.insert(userGroups).values({ tenantId, name }).returning();
      await db.insert(userGroupMembers).values({ groupId: group!.id, userId });
      await db
        .insert(notificationSubscriptions)
        .values({ userId, tenantId, eventTypeId, interval: NOTIFICATION_INTERVALS.OnceADay });
      await db.insert(notifications).values({ userId, tenantId, eventTypeId, title: `Note of ${name}` });
    }
  });
});
afterAll(() => database.dispose());

/** Rows of every tenant-owned table, by table, as the running scope sees them. */
async function visible(on: Db = db) {
  const counts = await rowsOf<Record<string, number>>(
    on,
    sql`select (select count(*)::int from user_groups) as user_groups,
               (select count(*)::int from user_group_members) as user_group_members,
               (select count(*)::int from notification_subscriptions) as notification_subscriptions,
               (select count(*)::int from notifications) as notifications,
               (select count(*)::int from notification_event_types) as notification_event_types`,
  );
  return counts[0]!;
}
const none = {
  user_groups: 0,
  user_group_members: 0,
  notification_subscriptions: 0,
  notifications: 0,
  notification_event_types: 0,
};
const one = {
  user_groups: 1,
  user_group_members: 1,
  notification_subscriptions: 1,
  notifications: 1,
  notification_event_types: 1,
};
const both = {
  user_groups: 2,
  user_group_members: 2,
  notification_subscriptions: 2,
  notifications: 2,
  notification_event_types: 2,
};

describe('row-level security on tenant-owned tables', () => {
  it('shows no row to a query without a tenant, and refuses its inserts', async () => {
    expect(await visible()).toEqual(none);
    expect(await refusal(db.insert(userGroups).values({ tenantId: a, name: 'Sneaked in' }))).toBe('42501');
    expect(
      await refusal(
        db.insert(notifications).values({ userId, tenantId: a, eventTypeId: eventTypeOfA, title: 'Sneaked in' }),
      ),
    ).toBe('42501');
  });

  it("with tenant A set, shows A's rows only and refuses writing B's", async () => {
    await withTenant(a, async () => {
      expect(await visible()).toEqual(one);
      expect((await db.select({ name: userGroups.name }).from(userGroups)).map((g) => g.name)).toEqual(['Group of A']);
      expect(await refusal(db.insert(userGroups).values({ tenantId: b, name: 'Into B' }))).toBe('42501');
      // B's rows cannot be reached to change or delete.
      const renamed = await db
        .update(userGroups)
        .set({ name: 'Renamed' })
        .where(eq(userGroups.tenantId, b))
        .returning({ id: userGroups.id });
      expect(renamed).toEqual([]);
      expect(await db.delete(notifications).where(eq(notifications.tenantId, b)).returning()).toEqual([]);
      // Nor moved into A's reach, or out of it.
      expect(await refusal(db.update(userGroups).set({ tenantId: b }).where(eq(userGroups.tenantId, a)))).toBe('42501');
    });
    expect(await crossTenant('test', () => visible())).toEqual(both);
  });

  it('keeps the scope through a transaction', async () => {
    const seen = await withTenant(b, () =>
      db.transaction(async (tx) => (await tx.select({ name: userGroups.name }).from(userGroups)).map((g) => g.name)),
    );
    expect(seen).toEqual(['Group of B']);
  });

  it("never lets one tenant's work see another's rows on a reused connection, even interleaved", async () => {
    // One connection for all the work: PGlite has only one; on PostgreSQL a pool of one.
    let single: Database = database;
    if (database.kind === 'postgres') {
      single = await openDatabase({ url: database.pool!.options.connectionString!, dataDir: null, poolSize: 1 });
      // Migrating is a no-op here, but must not wait for a second connection; it ends in the app role.
      await migrate(single, ownerUrlOf(database));
    }
    try {
      const pid = sql`select pg_backend_pid() as pid`;
      const names = (tenantId: string | null) =>
        withTenant(tenantId, async () => ({
          names: (await single.db.select({ name: userGroups.name }).from(userGroups)).map((g) => g.name),
          pid: (await rowsOf<{ pid: number }>(single.db, pid))[0]!.pid,
        }));
      const runs = await Promise.all([a, b, null, a, b, a, null, b].map(names));
      expect(runs.map((r) => r.names)).toEqual([
        ['Group of A'],
        ['Group of B'],
        [],
        ['Group of A'],
        ['Group of B'],
        ['Group of A'],
        [],
        ['Group of B'],
      ]);
      expect(new Set(runs.map((r) => r.pid)).size).toBe(1);
      // And after all of them, work without a tenant sees nothing.
      expect(await visible(single.db)).toEqual(none);
    } finally {
      if (single !== database) await single.close();
    }
  });

  it("cannot be widened by the app's own SQL: set_config of the scope, or RESET ROLE, shows no other tenant", async () => {
    // What an injected statement could run on the app's connection, inside A's scope.
    const widen = (statement: ReturnType<typeof sql>, on: Db = db) =>
      withTenant(a, () =>
        on.transaction(async (tx) => {
          await tx.execute(statement);
          return visibleIn(tx as unknown as Db);
        }),
      );
    const visibleIn = async (on: Db) =>
      (await on.select({ name: userGroups.name }).from(userGroups)).map((g) => g.name).sort();
    expect(await widen(sql`select set_config('app.cross_tenant', 'on', true)`)).toEqual([]);
    expect(await widen(sql`select set_config('app.tenant_id', ${b}, true)`)).toEqual([]);
    expect(
      await widen(sql`select set_config('app.tenant_id', '', true), set_config('app.cross_tenant', 'on', true)`),
    ).toEqual([]);
    // The key that signs scopes is the owner's.
    expect(await refusal(withTenant(a, () => db.execute(sql`select key from scope_keys`)))).toBe('42501');
    expect(await refusal(withTenant(a, () => db.execute(sql`select atrium_scope_sig('', 'on')`)))).toBe('42501');
    // Nor can a temporary table of the app's named like the key's shadow it in the signing functions
    // (pg_temp comes first for tables unless a search_path names it): a key of its own would sign anything.
    const shadowed = await withTenant(a, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table scope_keys (key text) on commit drop`);
        await tx.execute(sql`insert into scope_keys values ('forged')`);
        await tx.execute(
          sql`select set_config('app.tenant_id', '', true), set_config('app.cross_tenant', 'on', true),
                     set_config('app.scope_sig', encode(sha256(convert_to('forged::on', 'UTF8')), 'hex'), true)`,
        );
        return visibleIn(tx as unknown as Db);
      }),
    );
    expect(shadowed).toEqual([]);
    // The scope the app signed still works.
    expect(await withTenant(a, () => visibleIn(db))).toEqual(['Group of A']);
    if (database.kind === 'postgres') {
      // Back to the app's login: no superuser and no owner, so the policies still apply. (PGlite's
      // one login is a superuser: RESET ROLE is the gap decision 016 names for the embedded database.)
      const single = await openDatabase({ url: database.pool!.options.connectionString!, dataDir: null, poolSize: 1 });
      try {
        await migrate(single, ownerUrlOf(database));
        expect(await widen(sql`reset role`, single.db)).toEqual(['Group of A']);
        expect(
          await widen(
            sql`select set_config('role', 'none', false), set_config('app.cross_tenant', 'on', false)`,
            single.db,
          ),
        ).toEqual([]);
      } finally {
        await single.close();
      }
      // A login that owns a schema (or the database, hence public) could rename public and put a
      // scope_keys of its own in its place: such a login is refused like an owner of tables.
      const ownerUrl = ownerUrlOf(database)!;
      const login = `atrium_review_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: ownerUrl });
      await admin.connect();
      try {
        await admin.query(`create role ${login} login; grant atrium_app to ${login}`);
        await admin.query(`create schema ${login} authorization ${login}`);
        const url = new URL(database.pool!.options.connectionString!);
        url.username = login;
        const owning = await openDatabase({ url: url.href, dataDir: null, poolSize: 1 });
        try {
          await expect(migrate(owning, ownerUrl)).rejects.toThrow(/DATABASE_URL must log in as a role/);
        } finally {
          await owning.close();
        }
      } finally {
        await admin.query(`drop schema if exists ${login}`);
        await admin.query(`drop owned by ${login}`).catch(() => {});
        await admin.query(`drop role if exists ${login}`);
        await admin.end();
      }
    }
  });

  it('runs the app as a role without SUPERUSER or BYPASSRLS that owns nothing', async () => {
    const [me] = await rowsOf<{ role: string; super: boolean; bypass: boolean; owned: number }>(
      db,
      sql`select current_user as role, r.rolsuper as super, r.rolbypassrls as bypass,
                 (select count(*)::int from pg_class c where c.relowner = r.oid) as owned
          from pg_roles r where r.rolname = current_user`,
    );
    expect(me).toEqual({ role: APP_ROLE, super: false, bypass: false, owned: 0 });
    // The audit trail is append-only for it.
    expect(await refusal(db.execute(sql`delete from audit_log`))).toBe('42501');
  });

  it('forces row-level security with a policy on every tenant-owned table, and on no table by accident', async () => {
    const tables = await rowsOf<{ name: string; rls: boolean; forced: boolean; policies: number }>(
      db,
      sql`select c.relname::text as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
                 (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and (c.relrowsecurity or c.relforcerowsecurity)
          order by c.relname::text collate "C"`,
    );
    expect(tables).toEqual(TENANT_OWNED.map((name) => ({ name, rls: true, forced: true, policies: 1 })));
  });

  it('has no policy that reads the scope settings directly, which any SQL may set', async () => {
    const direct = await rowsOf<{ name: string }>(
      db,
      sql`select tablename::text as name from pg_policies
          where coalesce(qual, '') || coalesce(with_check, '') like '%current_setting%'`,
    );
    expect(direct).toEqual([]);
  });

  it('has each table with a tenant column either tenant-owned or a listed platform table', async () => {
    const withTenantColumn = await rowsOf<{ name: string }>(
      db,
      sql`select table_name::text as name from information_schema.columns
          where table_schema = 'public' and column_name = 'tenant_id' order by table_name::text collate "C"`,
    );
    const notOwned = withTenantColumn.map((r) => r.name).filter((name) => !TENANT_OWNED.includes(name));
    expect(notOwned).toEqual(PLATFORM_WITH_TENANT);
  });

  it('reads the tenant-owned tables from the schemas, every module’s', () => {
    expect(TENANT_OWNED).toEqual(
      expect.arrayContaining([
        'companies',
        'documents',
        'notifications',
        'projects',
        'tenant_home_content',
        'user_groups',
      ]),
    );
  });

  it('has each policy as its schema declares it, so drizzle-kit and the database agree', async () => {
    const dialect = new PgDialect();
    const expression = (value: unknown) => dialect.sqlToQuery(value as SQL).sql;
    type Policy = { permissive: string; roles: string[]; cmd: string; qual: string; with_check: string };
    const policyOf = (on: Db, table: string) =>
      rowsOf<Policy>(
        on,
        sql`select permissive, roles::text[] as roles, cmd, qual, with_check from pg_policies
            where tablename = ${table} and policyname = 'tenant_isolation'`,
      );
    for (const table of SCHEMA_TABLES) {
      const { name, policies } = getTableConfig(table);
      for (const policy of policies) {
        // PostgreSQL keeps a policy's expressions in a normal form of its own: a scratch table given
        // the schema's expressions shows that form, to compare with the table's.
        const declared = await db.transaction(async (tx) => {
          const on = tx as unknown as Db;
          await on.execute(sql`create temp table rls_scratch (tenant_id uuid, group_id uuid) on commit drop`);
          await on.execute(
            sql.raw(
              `create policy tenant_isolation on rls_scratch as ${policy.as} for ${policy.for} to ${String(policy.to)} ` +
                `using (${expression(policy.using)}) with check (${expression(policy.withCheck)})`,
            ),
          );
          // Columns named in a sub-select are qualified by the table's name.
          const scratch = await policyOf(on, 'rls_scratch');
          return JSON.parse(JSON.stringify(scratch).replaceAll('rls_scratch.', `${name}.`)) as Policy[];
        });
        expect({ name, policy: await policyOf(db, name) }).toEqual({ name, policy: declared });
      }
    }
  });

  it('grants the app role the tables that later migrations create', async () => {
    // As a later migration would: a new table, created by the login role that ran the migrations.
    const create = 'create table later_migration_table (id int primary key)';
    if (database.kind === 'postgres') {
      const owner = new pg.Client({ connectionString: ownerUrlOf(database) });
      await owner.connect();
      await owner.query(create).finally(() => owner.end());
    } else {
      await database.pglite!.exec(`reset role; ${create}; set role ${APP_ROLE}`);
    }
    await db.execute(sql`insert into later_migration_table values (1)`);
    expect(await rowsOf(db, sql`select id from later_migration_table`)).toEqual([{ id: 1 }]);
    await db.execute(sql`delete from later_migration_table`);
  });

  it('forces row-level security on a later table whose migration only enables it, as drizzle-kit writes', async () => {
    const create =
      'create table later_rls_table (tenant_id uuid); alter table later_rls_table enable row level security';
    const asOwner = async (statements: string) => {
      if (database.kind === 'postgres') {
        const owner = new pg.Client({ connectionString: ownerUrlOf(database) });
        await owner.connect();
        await owner.query(statements).finally(() => owner.end());
      } else {
        await database.pglite!.exec(`reset role; ${statements}; set role ${APP_ROLE}`);
      }
    };
    const forced = () =>
      rowsOf(db, sql`select relforcerowsecurity as forced from pg_class where relname = 'later_rls_table'`);
    await asOwner(create);
    expect(await forced()).toEqual([{ forced: false }]);
    await asOwner(FORCE_ROW_LEVEL_SECURITY);
    expect(await forced()).toEqual([{ forced: true }]);
    await asOwner('drop table later_rls_table');
  });

  it('seeds the demo data of both tenants across tenants', async () => {
    const demo = await freshDatabase();
    try {
      expect(await seedDemo(demo.db)).toBe(true);
      expect(await visible(demo.db)).toEqual(none);
      const all = await crossTenant('test', () => visible(demo.db));
      // Each demo tenant has its own event types, as a new tenant gets them.
      expect(all).toMatchObject({
        user_groups: 2,
        notification_subscriptions: 6,
        notifications: 8,
        notification_event_types: 2 * NOTIFICATION_EVENT_TYPES.length,
      });
    } finally {
      await demo.dispose();
    }
  });
});

describe('the app role check', () => {
  it('refuses to run as a role that bypasses row-level security', async () => {
    // A private in-memory cluster: its role touches no other test's database.
    const raw = await PGlite.create();
    try {
      await raw.exec(`create role ${APP_ROLE} nologin bypassrls`);
      await expect(new ScopedPglite(raw).useAppRole('key')).rejects.toThrow(/without SUPERUSER or BYPASSRLS/);
    } finally {
      await raw.close();
    }
  });
});

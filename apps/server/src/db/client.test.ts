import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { compiledRead, currentPlanMode, customPlans } from './client.js';

type Shape = { doubled: boolean };
const built: Shape[] = [];
// Roles by name, as every database has them (seedReferenceData); `doubled` changes the text.
const roles = compiledRead<Shape, { names: unknown; limit: unknown }>('test_roles', (shape) => {
  built.push(shape);
  const value = shape.doubled ? sql`r.name || r.name` : sql`r.name`;
  return sql`select ${value} as v from roles r
             where r.name = any(${sql.param(sql.placeholder('names'))}::text[])
             order by r.name limit ${sql.placeholder('limit')}`;
});

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.dispose());

describe('compiledRead', () => {
  it('builds each shape once and fills its placeholders on every call', async () => {
    const plain = await roles.rows<{ v: string }>(
      database.db,
      { doubled: false },
      { names: ['User', 'PartnerManager'], limit: 5 },
    );
    expect(plain.map((r) => r.v)).toEqual(['PartnerManager', 'User']);
    const again = await roles.rows<{ v: string }>(database.db, { doubled: false }, { names: ['User'], limit: 5 });
    expect(again.map((r) => r.v)).toEqual(['User']);
    const doubled = await roles.rows<{ v: string }>(database.db, { doubled: true }, { names: ['User'], limit: 5 });
    expect(doubled.map((r) => r.v)).toEqual(['UserUser']);
    expect(built).toEqual([{ doubled: false }, { doubled: true }]);
  });

  it('gives the statement with its values as the driver receives them', () => {
    const query = roles.query({ doubled: false }, { names: ['User'], limit: 1 });
    expect(query.values).toEqual([['User'], 1]);
    expect(query.text).toContain('any($1::text[])');
    expect(query.text).toContain('limit $2');
    expect(query.text).not.toContain('\u0000');
    expect(query.name).toMatch(/^test_roles_/);
  });

  it('passes values only as parameters, whatever they hold, on the pool, on PGlite and in a transaction', async () => {
    const names = ["User') or true --", '$1', 'Superadmin\\'];
    const direct = await roles.rows<{ v: string }>(database.db, { doubled: false }, { names, limit: 5 });
    const inTx = await database.db.transaction((tx) =>
      roles.rows<{ v: string }>(tx, { doubled: true }, { names: [...names, 'User'], limit: 5 }),
    );
    expect(direct).toEqual([]);
    expect(inTx.map((r) => r.v)).toEqual(['UserUser']);
  });

  it('runs inside a transaction too', async () => {
    const rows = await database.db.transaction((tx) =>
      roles.rows<{ v: string }>(tx, { doubled: false }, { names: ['Superadmin', 'User'], limit: 1 }),
    );
    expect(rows.map((r) => r.v)).toEqual(['Superadmin']);
  });

  it("runs through Drizzle's public API only: a database without its internal `_` serves as well", async () => {
    const publicOnly = new Proxy(database.db, {
      get: (target, key, receiver) => (key === '_' ? undefined : Reflect.get(target, key, receiver)),
    });
    const rows = await roles.rows<{ v: string }>(publicOnly, { doubled: false }, { names: ['User'], limit: 5 });
    expect(rows.map((r) => r.v)).toEqual(['User']);
  });

  it('refuses a call that lacks a value', async () => {
    await expect(roles.rows(database.db, { doubled: false }, { names: ['User'] } as never)).rejects.toThrow(
      'No value for placeholder "limit"',
    );
  });
});

// Each statement reads the plan_cache_mode it runs in: a named one (compiledRead) and Drizzle's.
const planMode = compiledRead<{ v: boolean }, { n: unknown }>(
  'test_plan_mode',
  () => sql`select current_setting('plan_cache_mode') as mode where ${sql.placeholder('n')}::int = 1`,
);

describe('plan_cache_mode: generic plans, custom ones inside customPlans (issue 26, decision 011)', () => {
  const named = async () => (await planMode.rows<{ mode: string }>(database.db, { v: true }, { n: 1 }))[0]!.mode;
  const unnamed = async (on = database.db) =>
    (
      (await on.execute(sql`select current_setting('plan_cache_mode') as mode where ${1}::int = 1`)) as unknown as {
        rows: { mode: string }[];
      }
    ).rows[0]!.mode;
  // On PGlite there is no pool: PGlite's default (auto) everywhere, and customPlans changes nothing.
  const generic = () => (database.kind === 'postgres' ? 'force_generic_plan' : 'auto');

  it('runs every statement with the generic plan but those inside customPlans, switching connections both ways', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push(await named(), await customPlans(named), await unnamed(), await customPlans(() => unnamed()));
      seen.push(await customPlans(() => database.db.transaction((tx) => unnamed(tx))));
    }
    const expected = [generic(), 'auto', generic(), 'auto', 'auto'];
    expect(seen).toEqual(Array.from({ length: 6 }, () => expected).flat());
  });

  it('keeps each work in its own mode when many run at once', async () => {
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0
          ? named()
          : i % 4 === 1
            ? customPlans(named)
            : i % 4 === 2
              ? unnamed()
              : customPlans(() => unnamed()),
      ),
    );
    all.forEach((mode, i) => {
      expect([i, mode]).toEqual([i, i % 2 === 0 ? generic() : 'auto']);
    });
    expect(currentPlanMode()).toBe('force_generic_plan');
    expect(await customPlans(async () => currentPlanMode())).toBe('auto');
  });
});

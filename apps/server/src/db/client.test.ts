import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { compiledRead, inTransaction } from './client.js';

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
    expect(query.name).toMatch(/^test_roles_/);
  });

  it('runs inside a transaction too', async () => {
    const rows = await inTransaction(database.db, (tx) =>
      roles.rows<{ v: string }>(tx, { doubled: false }, { names: ['Superadmin', 'User'], limit: 1 }),
    );
    expect(rows.map((r) => r.v)).toEqual(['Superadmin']);
  });

  it('refuses a call that lacks a value', async () => {
    await expect(roles.rows(database.db, { doubled: false }, { names: ['User'] } as never)).rejects.toThrow(
      'No value for placeholder "limit"',
    );
  });
});

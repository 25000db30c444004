import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../../../test/migration-under-test.js';

const TAG = '0023_document_type_unique_name';

describe(`migration ${TAG}`, () => {
  const { client, migrateBefore, apply } = migrationUnderTest(TAG);

  it('tells apart the names a tenant had twice (the system type keeps its own), then makes them unique', async () => {
    await migrateBefore();
    const tenant = async (name: string) =>
      (await client.query<{ id: string }>('insert into tenants (name) values ($1) returning id', [name])).rows[0]!.id;
    const a = await tenant('A');
    const b = await tenant('B');
    const type = (tenantId: string, name: string, isSystem = false, age = 0) =>
      client.query(
        `insert into document_types (tenant_id, name, is_system, created_at) values ($1, $2, $3, now() - make_interval(mins => $4))`,
        [tenantId, name, isSystem, age],
      );
    await type(a, 'Kontrakter æøå', false, 3);
    await type(a, 'kontrakter ÆØÅ ', false, 2);
    await type(a, ' Kontrakter æøå', false, 1);
    await type(a, 'general', false, 5);
    await type(a, 'General', true, 0);
    await type(b, 'Kontrakter æøå');

    await apply();
    const names = await client.query<{ tenant: string; name: string; is_system: boolean }>(
      `select t.name as tenant, d.name, d.is_system from document_types d join tenants t on t.id = d.tenant_id
       order by t.name, d.created_at desc`,
    );
    expect(names.rows.map((r) => [r.tenant, r.name, r.is_system])).toEqual([
      ['A', 'General', true],
      ['A', 'Kontrakter æøå (3)', false],
      ['A', 'kontrakter ÆØÅ (2)', false],
      ['A', 'Kontrakter æøå', false],
      ['A', 'general (2)', false],
      ['B', 'Kontrakter æøå', false],
    ]);
    await expect(type(a, 'KONTRAKTER ÆØÅ')).rejects.toThrow(/document_types_tenant_name_key/);
  });
});

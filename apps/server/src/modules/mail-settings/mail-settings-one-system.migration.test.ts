import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../../../test/migration-under-test.js';

const TAG = '0037_mail_settings_one_system';

describe(`migration ${TAG}`, () => {
  const { client, migrateBefore, apply } = migrationUnderTest(TAG);

  it("leaves the system-mail flag on each tenant's newest flagged settings only, then keeps it unique", async () => {
    await migrateBefore();
    const one = async (text: string, params: unknown[] = []) =>
      (await client.query<{ id: string }>(text, params)).rows[0]!.id;
    const a = await one(`insert into tenants (name) values ('A') returning id`);
    const b = await one(`insert into tenants (name) values ('B') returning id`);
    const settings = (tenant: string, title: string, flagged: boolean, age: string) =>
      one(
        `insert into mail_settings (tenant_id, title, ms_graph_tenant_id, ms_graph_client_id,
           ms_graph_client_secret_sealed, ms_graph_from_mail, use_for_system_mails, created_at)
         values ($1, $2, 't', 'c', 's', 'from@example.test', $3, now() - $4::interval) returning id`,
        [tenant, title, flagged, age],
      );
    await settings(a, 'A old', true, '2 days');
    await settings(a, 'A new', true, '1 day');
    await settings(a, 'A plain', false, '1 hour');
    await settings(b, 'B only', true, '3 days');

    await apply();

    const flagged = await client.query<{ title: string }>(
      'select title from mail_settings where use_for_system_mails order by title',
    );
    expect(flagged.rows.map((r) => r.title)).toEqual(['A new', 'B only']);
    await expect(settings(a, 'A another', true, '0 days')).rejects.toMatchObject({ code: '23505' });
  });
});

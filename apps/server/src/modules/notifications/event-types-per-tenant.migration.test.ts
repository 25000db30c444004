import { describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../../../test/migration-under-test.js';

const TAG = '0035_notification_event_types_per_tenant';

describe(`migration ${TAG}`, () => {
  const { client, migrateBefore, apply } = migrationUnderTest(TAG);

  it("gives every tenant its own copy of each type and moves subscriptions and notifications to their tenant's", async () => {
    await migrateBefore();
    const one = async (text: string, params: unknown[] = []) =>
      (await client.query<{ id: string }>(text, params)).rows[0]!.id;
    const news = await one(
      `insert into notification_event_types (name, note) values ('NewsPublished', 'News') returning id`,
    );
    const chat = await one(
      `insert into notification_event_types (name, note) values ('ChatMention', 'Chat') returning id`,
    );
    const a = await one(`insert into tenants (name) values ('A') returning id`);
    const b = await one(`insert into tenants (name, deleted_at) values ('B', now()) returning id`);
    const user = await one(`insert into users (email, name) values ('m@example.test', 'M') returning id`);
    for (const [tenant, type, interval] of [
      [a, news, 2],
      [a, chat, 1],
      [b, news, 3],
    ] as const) {
      await client.query(
        'insert into notification_subscriptions (user_id, tenant_id, event_type_id, interval) values ($1, $2, $3, $4)',
        [user, tenant, type, interval],
      );
    }
    for (const [tenant, type, title] of [
      [a, news, 'News in A'],
      [b, news, 'News in B'],
      [b, chat, 'Chat in B'],
    ] as const) {
      await client.query(
        'insert into notifications (user_id, tenant_id, event_type_id, title) values ($1, $2, $3, $4)',
        [user, tenant, type, title],
      );
    }

    await apply();

    const types = await client.query<{ id: string; tenant: string; name: string; note: string }>(
      `select e.id, t.name as tenant, e.name, e.note from notification_event_types e
       left join tenants t on t.id = e.tenant_id order by t.name, e.name`,
    );
    // No platform row is left; each tenant (the deleted one too) has both, with the notes.
    expect(types.rows.map((r) => [r.tenant, r.name, r.note])).toEqual([
      ['A', 'ChatMention', 'Chat'],
      ['A', 'NewsPublished', 'News'],
      ['B', 'ChatMention', 'Chat'],
      ['B', 'NewsPublished', 'News'],
    ]);
    const subs = await client.query<{ tenant: string; tenant_of_type: string; name: string; interval: number }>(
      `select t.name as tenant, te.name as tenant_of_type, e.name, s.interval from notification_subscriptions s
       join tenants t on t.id = s.tenant_id join notification_event_types e on e.id = s.event_type_id
       join tenants te on te.id = e.tenant_id order by t.name, e.name`,
    );
    expect(subs.rows.map((r) => [r.tenant, r.tenant_of_type, r.name, r.interval])).toEqual([
      ['A', 'A', 'ChatMention', 1],
      ['A', 'A', 'NewsPublished', 2],
      ['B', 'B', 'NewsPublished', 3],
    ]);
    const notes = await client.query<{ title: string; tenant_of_type: string; name: string }>(
      `select n.title, te.name as tenant_of_type, e.name from notifications n
       join notification_event_types e on e.id = n.event_type_id join tenants te on te.id = e.tenant_id
       order by n.title`,
    );
    expect(notes.rows.map((r) => [r.title, r.tenant_of_type, r.name])).toEqual([
      ['Chat in B', 'B', 'ChatMention'],
      ['News in A', 'A', 'NewsPublished'],
      ['News in B', 'B', 'NewsPublished'],
    ]);

    // From now on a notification or subscription can only point at a type of its own tenant.
    const typeOfB = types.rows.find((r) => r.tenant === 'B' && r.name === 'NewsPublished')!.id;
    await expect(
      client.query('insert into notifications (user_id, tenant_id, event_type_id, title) values ($1, $2, $3, $4)', [
        user,
        a,
        typeOfB,
        'Crossed',
      ]),
    ).rejects.toThrow(/notifications_tenant_event_type_fk/);
    await expect(
      client.query(
        'insert into notification_subscriptions (user_id, tenant_id, event_type_id, interval) values ($1, $2, $3, 1)',
        [user, a, typeOfB],
      ),
    ).rejects.toThrow(/notification_subscriptions_tenant_event_type_fk/);
    await expect(
      client.query(`insert into notification_event_types (tenant_id, name) values ($1, 'NewsPublished')`, [a]),
    ).rejects.toThrow(/notification_event_types_tenant_name_key/);
    const rls = await client.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where relname = 'notification_event_types'`,
    );
    expect(rls.rows).toEqual([{ relrowsecurity: true }]);
  });
});

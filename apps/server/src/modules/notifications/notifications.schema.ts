import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

/** What a user can be notified about (reference data, seeded from NOTIFICATION_EVENT_TYPES). */
export const notificationEventTypes = pgTable('notification_event_types', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
  note: text(),
});

/**
 * How often a user hears about one event type in one tenant (NOTIFICATION_INTERVALS). No row means
 * Disabled, the spec's default.
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventTypeId: uuid()
      .notNull()
      .references(() => notificationEventTypes.id, { onDelete: 'cascade' }),
    interval: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.eventTypeId] }),
    check('notification_subscriptions_interval_check', sql`${t.interval} in (-1, 1, 2, 3, 4)`),
    tenantOwned(),
  ],
);

/** One thing that happened for a user in a tenant; shown in the app, and mailed per the subscription. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventTypeId: uuid()
      .notNull()
      .references(() => notificationEventTypes.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** Plain text: escaped wherever it is rendered. */
    body: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    /** Set when a digest mail took it, so no later digest mails it again. */
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The digests read only what is still unmailed: a small partial index however long the history.
    index('notifications_unmailed_idx').on(t.userId, t.tenantId, t.eventTypeId).where(sql`${t.mailedAt} is null`),
    // A user's notifications in a tenant, newest first (the list and the counts).
    index('notifications_user_tenant_idx').on(t.userId, t.tenantId, t.createdAt),
    tenantOwned(),
  ],
);

import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

/**
 * What a user can be notified about in a tenant: each tenant owns its event types (decision 027),
 * seeded from NOTIFICATION_EVENT_TYPES when the tenant is created (seedTenantEventTypes). Producers
 * find a type by its code, `name`, within the tenant.
 */
export const notificationEventTypes = pgTable(
  'notification_event_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    name: text().notNull(),
    note: text(),
  },
  (t) => [
    uniqueIndex('notification_event_types_tenant_name_key').on(t.tenantId, t.name),
    // What the subscriptions' and notifications' (tenant_id, event_type_id) keys point at: a type of their own tenant.
    unique('notification_event_types_tenant_id_id_key').on(t.tenantId, t.id),
    tenantOwned(),
  ],
);

/**
 * How often a user hears about one event type in one tenant (NOTIFICATION_INTERVALS). No row means
 * Disabled, the spec's default.
 */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    userId: cascadeTo(() => users.id),
    tenantId: cascadeTo(() => tenants.id),
    /** One of this tenant's event types (the foreign key takes the tenant along). */
    eventTypeId: uuid().notNull(),
    interval: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId, t.eventTypeId] }),
    foreignKey({
      name: 'notification_subscriptions_tenant_event_type_fk',
      columns: [t.tenantId, t.eventTypeId],
      foreignColumns: [notificationEventTypes.tenantId, notificationEventTypes.id],
    }).onDelete('cascade'),
    check('notification_subscriptions_interval_check', sql`${t.interval} in (-1, 1, 2, 3, 4)`),
    tenantOwned(),
  ],
);

/** One thing that happened for a user in a tenant; shown in the app, and mailed per the subscription. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    userId: cascadeTo(() => users.id),
    /** One of this tenant's event types (the foreign key takes the tenant along). */
    eventTypeId: uuid().notNull(),
    title: text().notNull(),
    /** Plain text: escaped wherever it is rendered. */
    body: text().notNull().default(''),
    /** An app path the notification opens ('/documents/...'), or null. */
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    /** Set when a digest mail took it, so no later digest mails it again. */
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'notifications_tenant_event_type_fk',
      columns: [t.tenantId, t.eventTypeId],
      foreignColumns: [notificationEventTypes.tenantId, notificationEventTypes.id],
    }).onDelete('cascade'),
    // The digests read only what is still unmailed: a small partial index however long the history.
    index('notifications_unmailed_idx').on(t.userId, t.tenantId, t.eventTypeId).where(sql`${t.mailedAt} is null`),
    // A user's notifications in a tenant, newest first (the list and the counts).
    index('notifications_user_tenant_idx').on(t.userId, t.tenantId, t.createdAt),
    // "Mark all read": only the unread rows of a user in a tenant.
    index('notifications_unread_idx').on(t.userId, t.tenantId).where(sql`${t.readAt} is null`),
    tenantOwned(),
  ],
);

/**
 * The unread notifications of a user in a tenant, kept by a trigger on `notifications` (migration
 * 0030_notification_delivery): GET /notifications/count runs on every page and reads one row here, whatever
 * the number of notifications (bench/notification-count.ts).
 */
export const notificationUnreadCounts = pgTable(
  'notification_unread_counts',
  {
    userId: cascadeTo(() => users.id),
    tenantId: cascadeTo(() => tenants.id),
    unread: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), tenantOwned()],
);

/**
 * Work the scheduler did once per user and period (decision 027): a digest of one interval
 * (`digest:2` for 'Once A Day', period '2026-11-26'), or a reminder in a tenant
 * (`reminder:TimeLogReminder:<tenant id>`, period '2026-W48'). The primary key is the guarantee: a
 * second server process inserting the same claim waits for the first one's transaction and then
 * finds it taken, and a restart finds it still there.
 */
export const notificationClaims = pgTable(
  'notification_claims',
  {
    userId: cascadeTo(() => users.id),
    job: text().notNull(),
    period: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.job, t.period] })],
);

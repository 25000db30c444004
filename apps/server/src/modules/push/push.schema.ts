import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { users } from '../users/users.schema.js';

/**
 * The browsers that asked for web push, per user (a platform table: a push reaches the person on
 * whichever tenant it concerns). An endpoint belongs to one browser profile, so it is unique: the last
 * user who signed in there and allowed notifications owns it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: cascadeTo(() => users.id),
    endpoint: text().notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which encrypt each message. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a message last reached the push service for it. */
    lastSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

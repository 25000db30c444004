import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { users } from '../users/users.schema.js';

/**
 * The stored answers of keyed writes (Idempotency-Key, http/idempotency.ts): platform data, one row
 * per user and key, kept 24 hours. `status` is null while the first request is still being answered.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: cascadeTo(() => users.id),
    key: text().notNull(),
    /** SHA-256 of method, URL and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    status: integer(),
    /** The answer's headers worth repeating (content-type, location). */
    headers: jsonb().$type<Record<string, string>>(),
    body: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

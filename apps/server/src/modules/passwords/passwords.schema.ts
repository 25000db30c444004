import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { users } from '../users/users.schema.js';

/** Password-reset tokens from the forgot-password mail: stored hashed, single use, one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: cascadeTo(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

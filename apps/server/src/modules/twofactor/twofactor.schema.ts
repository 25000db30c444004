import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { users } from '../users/users.schema.js';

/**
 * A user's authenticator app (TOTP, issue 31). The row exists from the start of the setup; two-factor
 * is on once enabledAt is set (a first code confirmed it). Platform table: a user's, not a tenant's.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, AES-256-GCM sealed under the installation's settings key (secret-box.ts). */
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as keyed SHA-256 hashes (the codes have 60 random bits). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: cascadeTo(() => users.id),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** Browsers that skip the code for a while ('remember this device'); the cookie holds the token. */
export const twoFactorDevices = pgTable(
  'two_factor_devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: cascadeTo(() => users.id),
    tokenHash: text().notNull().unique(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('two_factor_devices_user_idx').on(t.userId)],
);

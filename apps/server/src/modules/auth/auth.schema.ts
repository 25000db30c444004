import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

/** One signed-in browser: a family of refresh tokens that rotate. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: cascadeTo(() => users.id),
    /** Set while a super administrator views the product as userId. */
    impersonatorId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** The impersonator's own session, resumed when impersonation ends. */
    parentSessionId: uuid(),
    activeTenantId: uuid().references(() => tenants.id, { onDelete: 'set null' }),
    rememberMe: text({ enum: ['persistent', 'browser'] }).notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokeReason: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; a used one presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: cascadeTo(() => sessions.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-ins, counted per account and per address for the brute-force limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** Where the guess came from: the client's address at sign-in, `session:<id>` for a signed-in user. */
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { userGroups } from '../usergroups/usergroups.schema.js';
import { users } from '../users/users.schema.js';

/**
 * A conversation of a tenant: direct between two users (userLow < userHigh, so a pair has one row) or
 * of a user group (its members are read from the group, never copied here). Written on the first message.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    userLow: uuid().references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid().references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid().references(() => userGroups.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_conversations_direct_idx').on(t.tenantId, t.userLow, t.userHigh),
    uniqueIndex('chat_conversations_group_idx').on(t.groupId),
    index('chat_conversations_user_high_idx').on(t.userHigh),
    check(
      'chat_conversations_kind',
      sql`(${t.groupId} IS NULL AND ${t.userLow} IS NOT NULL AND ${t.userHigh} IS NOT NULL AND ${t.userLow} < ${t.userHigh}) OR (${t.groupId} IS NOT NULL AND ${t.userLow} IS NULL AND ${t.userHigh} IS NULL)`,
    ),
    tenantOwned(),
  ],
);

/** A message: plain text. History pages upward by (createdAt, id) on the conversation's index. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    conversationId: cascadeTo(() => chatConversations.id),
    senderId: cascadeTo(() => users.id),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_history_idx').on(t.conversationId, t.createdAt, t.id),
    index('chat_messages_sender_idx').on(t.senderId),
    tenantOwned(),
  ],
);

/** Up to when a user has read a conversation: unread counts are the others' messages after it. */
export const chatReads = pgTable(
  'chat_reads',
  {
    conversationId: cascadeTo(() => chatConversations.id),
    userId: cascadeTo(() => users.id),
    tenantId: cascadeTo(() => tenants.id),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_reads_user_idx').on(t.userId),
    tenantOwned(),
  ],
);

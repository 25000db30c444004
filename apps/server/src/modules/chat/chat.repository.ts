import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationEventTypes, notificationSubscriptions } from '../notifications/notifications.schema.js';
import { userGroupMembers, userGroups } from '../usergroups/usergroups.schema.js';
import { tenantMemberships, users } from '../users/users.schema.js';
import { chatConversations, chatMessages, chatReads } from './chat.schema.js';

// Every query names the tenant: another tenant's conversations, messages and groups do not exist here.
// Group membership is read from the user groups' own tables at each call, never copied.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const fullName = sql<string>`trim(${users.name} || ' ' || ${users.surname})`;

/** Whether a live (not deleted) user belongs to the tenant. */
export async function isTenantMember(db: Db, tenantId: string, userId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(tenantMemberships)
    .innerJoin(users, eq(users.id, tenantMemberships.userId))
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(users.id, userId), isNull(users.deletedAt)));
  return rows.length > 0;
}

export const fullNameOf = async (db: Db, userId: string) =>
  (await db.select({ fullName }).from(users).where(eq(users.id, userId)))[0]?.fullName ?? '';

/**
 * What a direct message's web push needs about its recipient: their language, and whether they take
 * ChatMessage notifications 'Immediately' in the tenant (those already get the notification's push).
 */
export async function pushPrefsOf(db: Db, tenantId: string, userId: string) {
  const [row] = await db
    .select({
      language: users.language,
      immediate: sql<boolean>`exists (select 1 from ${notificationSubscriptions} s join ${notificationEventTypes} e on e.id = s.event_type_id
        where s.tenant_id = ${tenantId} and s.user_id = ${userId} and e.name = 'ChatMessage' and s.interval = 1)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export const findGroup = async (db: Db, tenantId: string, groupId: string) =>
  (
    await db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(userGroups)
      .where(and(eq(userGroups.tenantId, tenantId), eq(userGroups.id, groupId)))
  )[0];

export async function isGroupMember(db: Db, tenantId: string, groupId: string, userId: string) {
  const rows = await db
    .select({ userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(
      and(
        eq(userGroups.tenantId, tenantId),
        eq(userGroupMembers.groupId, groupId),
        eq(userGroupMembers.userId, userId),
      ),
    );
  return rows.length > 0;
}

/** The ids of a group's current members (live users only). */
export async function groupMemberIds(db: Db, tenantId: string, groupId: string) {
  const rows = await db
    .select({ userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .innerJoin(users, eq(users.id, userGroupMembers.userId))
    .where(and(eq(userGroups.tenantId, tenantId), eq(userGroupMembers.groupId, groupId), isNull(users.deletedAt)));
  return rows.map((r) => r.userId);
}

export type ConversationKey = { groupId: string } | { userLow: string; userHigh: string };

/** The direct pair's key: the lower id first, so a pair has one row. */
export const pairOf = (a: string, b: string): ConversationKey =>
  a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };

const keyWhere = (tenantId: string, key: ConversationKey) =>
  'groupId' in key
    ? and(eq(chatConversations.tenantId, tenantId), eq(chatConversations.groupId, key.groupId))
    : and(
        eq(chatConversations.tenantId, tenantId),
        eq(chatConversations.userLow, key.userLow),
        eq(chatConversations.userHigh, key.userHigh),
      );

export const findConversation = async (db: Db, tenantId: string, key: ConversationKey) =>
  (await db.select({ id: chatConversations.id }).from(chatConversations).where(keyWhere(tenantId, key)))[0];

/** The conversation of a key, written if it does not exist yet (two first messages at once make one row). */
export async function ensureConversation(db: Db, tenantId: string, key: ConversationKey) {
  const found = await findConversation(db, tenantId, key);
  if (found) return found.id;
  await db
    .insert(chatConversations)
    .values({ tenantId, ...key })
    .onConflictDoNothing();
  return (await findConversation(db, tenantId, key))!.id;
}

export async function insertMessage(
  db: Db,
  m: { tenantId: string; conversationId: string; senderId: string; text: string },
) {
  const [row] = await db
    .insert(chatMessages)
    .values(m)
    .returning({ id: chatMessages.id, text: chatMessages.text, createdAt: chatMessages.createdAt });
  await db
    .update(chatConversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(and(eq(chatConversations.tenantId, m.tenantId), eq(chatConversations.id, m.conversationId)));
  return row!;
}

/**
 * One page of a conversation's history, newest first: the messages before `before` (a message id of the
 * same conversation) by (createdAt, id), on chat_messages_history_idx. Keyset: the cost does not grow
 * with how far up the page is, nor with the conversation's length.
 */
export async function historyPage(db: Db, tenantId: string, conversationId: string, take: number, before?: string) {
  const scope = and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.conversationId, conversationId));
  const cursor = before
    ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (select c.created_at, c.id from chat_messages c where c.id = ${before} and c.conversation_id = ${conversationId} and c.tenant_id = ${tenantId})`
    : undefined;
  return db
    .select({
      id: chatMessages.id,
      text: chatMessages.text,
      createdAt: chatMessages.createdAt,
      userId: chatMessages.senderId,
      fullName,
      imagePath: users.imagePath,
    })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(cursor ? and(scope, cursor) : scope)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(take);
}

/** Whether a message id belongs to the conversation (a foreign cursor is refused, not ignored). */
export async function messageInConversation(db: Db, tenantId: string, conversationId: string, id: string) {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tenantId, tenantId),
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.id, id),
      ),
    );
  return rows.length > 0;
}

/** Marks the conversation read up to now for the user. */
export async function markRead(db: Db, tenantId: string, conversationId: string, userId: string) {
  await db
    .insert(chatReads)
    .values({ tenantId, conversationId, userId, readAt: sql`now()` })
    .onConflictDoUpdate({ target: [chatReads.conversationId, chatReads.userId], set: { readAt: sql`now()` } });
}

export type ConversationRow = {
  kind: 'direct' | 'group';
  id: string;
  title: string;
  imagePath: string | null;
  lastText: string | null;
  lastAt: Date | null;
  lastFromMe: boolean | null;
  lastName: string | null;
  unread: number;
};

/**
 * How many of others' messages the caller has not read in the tenant, over their direct conversations
 * (while a member) and the conversations of the groups they are in; counted up to `cap`.
 */
export async function countUnread(db: Db, tenantId: string, me: string, cap: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from chat_conversations cc
        join chat_messages m on m.conversation_id = cc.id and m.tenant_id = ${tenantId} and m.sender_id <> ${me}::uuid
        left join chat_reads r on r.conversation_id = cc.id and r.user_id = ${me}::uuid
       where cc.tenant_id = ${tenantId}
         and (
           ((cc.user_low = ${me}::uuid or cc.user_high = ${me}::uuid)
             and exists (select 1 from tenant_memberships tm where tm.tenant_id = ${tenantId} and tm.user_id = ${me}))
           or exists (select 1 from user_group_members gm join user_groups g on g.id = gm.group_id
                       where gm.group_id = cc.group_id and gm.user_id = ${me} and g.tenant_id = ${tenantId})
         )
         and m.created_at > coalesce(r.read_at, '-infinity'::timestamptz)
       limit ${cap}
    ) x
  `);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The caller's conversations in the tenant: every other live member of the tenant (direct) and every
 * group of the tenant the caller is in, with the last message and the unread count (others' messages
 * after the caller's read mark, counted up to `cap`). Most recent first, then by name.
 */
export async function listConversations(
  db: Db,
  tenantId: string,
  me: string,
  opts: { search?: string; cap: number; limit: number },
): Promise<ConversationRow[]> {
  const like = opts.search?.trim() ? `%${opts.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const result = await db.execute(sql`
    with targets as (
      select 'direct'::text as kind, u.id, trim(u.name || ' ' || u.surname) as title, u.image_path,
             cc.id as conversation_id, cc.last_message_at
        from tenant_memberships tm
        join users u on u.id = tm.user_id and u.deleted_at is null
        left join chat_conversations cc on cc.tenant_id = ${tenantId}
             and cc.user_low = least(${me}::uuid, u.id) and cc.user_high = greatest(${me}::uuid, u.id)
       where tm.tenant_id = ${tenantId} and u.id <> ${me}
         and exists (select 1 from tenant_memberships mine where mine.tenant_id = ${tenantId} and mine.user_id = ${me})
      union all
      select 'group'::text, g.id, g.name, null, cc.id, cc.last_message_at
        from user_groups g
        join user_group_members gm on gm.group_id = g.id and gm.user_id = ${me}
        left join chat_conversations cc on cc.tenant_id = ${tenantId} and cc.group_id = g.id
       where g.tenant_id = ${tenantId}
    )
    select t.kind, t.id, t.title, t.image_path as "imagePath",
           last.text as "lastText", last.created_at as "lastAt", last.sender_id = ${me}::uuid as "lastFromMe",
           last.full_name as "lastName",
           coalesce(unread.n, 0)::int as unread
      from targets t
      left join lateral (
        select m.text, m.created_at, m.sender_id, trim(su.name || ' ' || su.surname) as full_name
          from chat_messages m join users su on su.id = m.sender_id
         where m.conversation_id = t.conversation_id and m.tenant_id = ${tenantId}
         order by m.created_at desc, m.id desc limit 1
      ) last on t.conversation_id is not null
      left join lateral (
        select count(*) as n from (
          select 1 from chat_messages m
           where m.conversation_id = t.conversation_id and m.tenant_id = ${tenantId} and m.sender_id <> ${me}::uuid
             and m.created_at > coalesce(
               (select r.read_at from chat_reads r where r.conversation_id = t.conversation_id and r.user_id = ${me}::uuid),
               '-infinity'::timestamptz)
           limit ${opts.cap}
        ) x
      ) unread on t.conversation_id is not null
     where ${like}::text is null or t.title ilike ${like}::text
     order by t.last_message_at desc nulls last, t.title asc, t.id asc
     limit ${opts.limit}
  `);
  return rowsOf<ConversationRow>(result).map((r) => ({
    ...r,
    lastAt: r.lastAt === null ? null : asDate(r.lastAt),
    unread: Number(r.unread),
  }));
}

import {
  CHAT,
  type ChatConversation,
  type ChatHistory,
  type ChatHistoryQuery,
  type ChatMessageGroup,
  type ChatUnread,
  HUB_EVENTS,
  productLanguage,
} from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { HubService } from '../../hub/index.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PushService } from '../push/push.service.js';
import * as repo from './chat.repository.js';

/** Whom a conversation is with: another user of the tenant, or a user group the caller is in. */
export type ChatTarget = { kind: 'direct'; userId: string } | { kind: 'group'; groupId: string };

/** How much of a message a notification quotes. */
const NOTIFICATION_EXCERPT = 200;

type HistoryRow = Awaited<ReturnType<typeof repo.historyPage>>[number];

/** Spec part 1 §3 "Message": consecutive messages of one sender grouped, oldest first. */
export function groupPerUser(rowsOldestFirst: HistoryRow[]): ChatMessageGroup[] {
  const groups: ChatMessageGroup[] = [];
  for (const r of rowsOldestFirst) {
    const last = groups.at(-1);
    const message = { id: r.id, text: r.text, createdAt: r.createdAt };
    if (last && last.userId === r.userId) last.messages.push(message);
    else groups.push({ userId: r.userId, fullName: r.fullName, imagePath: r.imagePath, messages: [message] });
  }
  return groups;
}

/**
 * Chat between the users of a tenant and in its user groups. Only members take part: a direct
 * conversation's two users must both belong to the tenant, a group's conversation is open to the
 * group's current members (read from the group at every call, so a removed member is refused at once).
 */
export function createChatService(deps: {
  db: Db;
  hub: HubService;
  log: FastifyBaseLogger;
  notifications: Pick<NotificationsService, 'raise'>;
  /** Web push for direct messages to users with no live hub connection; optional. */
  push?: Pick<PushService, 'sendToUser'>;
}) {
  const { db, hub, log, notifications, push } = deps;

  const excerptOf = (text: string) =>
    text.length > NOTIFICATION_EXCERPT ? `${text.slice(0, NOTIFICATION_EXCERPT - 1)}…` : text;

  /**
   * A direct message to someone with no live session (no open app) goes out as a web push to their
   * browsers, unless their ChatMessage notifications are 'Immediately', whose own push covers it.
   */
  async function pushDirect(tenantId: string, me: string, userId: string, text: string) {
    if (!push || (await hub.isOnline(userId))) return;
    try {
      const prefs = await repo.pushPrefsOf(db, tenantId, userId);
      if (!prefs || prefs.immediate) return;
      const sender = await repo.fullNameOf(db, me);
      const title = productLanguage(prefs.language) === 'da' ? `Ny besked fra ${sender}` : `New message from ${sender}`;
      await push.sendToUser(userId, { title, body: excerptOf(text), url: `/chat?user=${me}` });
    } catch (err) {
      log.warn({ err }, 'chat: web push failed');
    }
  }

  /**
   * A ChatMessage notification for the recipients (the other user, or the group's current members but
   * the sender): the in-app list, and mail / web push by each one's interval. Never fails the send.
   */
  async function notify(tenantId: string, me: string, target: ChatTarget, text: string) {
    try {
      const sender = await repo.fullNameOf(db, me);
      const userIds =
        target.kind === 'direct' ? [target.userId] : await repo.groupMemberIds(db, tenantId, target.groupId);
      const group = target.kind === 'group' ? await repo.findGroup(db, tenantId, target.groupId) : undefined;
      const excerpt = excerptOf(text);
      await notifications.raise(tenantId, {
        eventType: 'ChatMessage',
        userIds,
        exceptUserId: me,
        title: group
          ? { en: `${sender} in ${group.name}`, da: `${sender} i ${group.name}` }
          : { en: `New message from ${sender}`, da: `Ny besked fra ${sender}` },
        body: excerpt,
        link: target.kind === 'direct' ? `/chat?user=${me}` : `/chat?group=${target.groupId}`,
      });
    } catch (err) {
      log.error({ err }, 'chat: could not raise the ChatMessage notification');
    }
  }

  async function assertTenantMember(tenantId: string, me: string) {
    if (!(await repo.isTenantMember(db, tenantId, me))) {
      throw new AppError('forbidden', 'Only members of the tenant can chat in it');
    }
  }

  /** The conversation's key once the caller is known to be allowed in it; 403/404 otherwise. */
  async function admit(tenantId: string, me: string, target: ChatTarget): Promise<repo.ConversationKey> {
    if (target.kind === 'direct') {
      await assertTenantMember(tenantId, me);
      if (target.userId === me || !(await repo.isTenantMember(db, tenantId, target.userId))) {
        throw new AppError('notFound', 'No such user in this tenant');
      }
      return repo.pairOf(me, target.userId);
    }
    const group = await repo.findGroup(db, tenantId, target.groupId);
    if (!group) throw new AppError('notFound', 'No such user group in this tenant');
    if (!(await repo.isGroupMember(db, tenantId, target.groupId, me))) {
      throw new AppError('forbidden', 'Only members of the group can read and write its messages');
    }
    return { groupId: target.groupId };
  }

  return {
    async conversations(tenantId: string, me: string, search?: string): Promise<ChatConversation[]> {
      // A super administrator visiting a tenant they are not in has no conversations to list there.
      await assertTenantMember(tenantId, me);
      const rows = await repo.listConversations(db, tenantId, me, { search, cap: CHAT.unreadCap, limit: CHAT.listMax });
      return rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        imagePath: r.imagePath,
        lastMessage:
          r.lastAt === null
            ? null
            : { text: r.lastText ?? '', createdAt: r.lastAt, fromMe: !!r.lastFromMe, fullName: r.lastName ?? '' },
        unread: r.unread,
      }));
    },

    /** The chat menu item's count: unread messages of others over all the caller's conversations here. */
    async unread(tenantId: string, me: string): Promise<ChatUnread> {
      return { unread: await repo.countUnread(db, tenantId, me, CHAT.unreadCap) };
    },

    async history(tenantId: string, me: string, target: ChatTarget, query: ChatHistoryQuery): Promise<ChatHistory> {
      const key = await admit(tenantId, me, target);
      const conversation = await repo.findConversation(db, tenantId, key);
      if (!conversation) {
        if (query.before) throw fieldError('before', 'notFound', 'No such message');
        return { groups: [], before: null };
      }
      if (query.before && !(await repo.messageInConversation(db, tenantId, conversation.id, query.before))) {
        throw fieldError('before', 'notFound', 'No such message in this conversation');
      }
      // One more than asked tells whether a page above exists.
      const rows = await repo.historyPage(db, tenantId, conversation.id, query.take + 1, query.before);
      const more = rows.length > query.take;
      const page = rows.slice(0, query.take).reverse();
      return { groups: groupPerUser(page), before: more ? page[0]!.id : null };
    },

    async send(tenantId: string, me: string, target: ChatTarget, text: string) {
      const key = await admit(tenantId, me, target);
      const message = await db.transaction(async (tx) => {
        const conversationId = await repo.ensureConversation(tx, tenantId, key);
        const row = await repo.insertMessage(tx, { tenantId, conversationId, senderId: me, text });
        // The sender has read what they answer.
        await repo.markRead(tx, tenantId, conversationId, me);
        return row;
      });
      // Live: the other side's sessions (and the sender's other devices) reload; a group's members
      // are reached through the hub's user-group groups, which follow membership changes. The message
      // is stored by now: a hub that fails is logged, never answered as a failed send.
      try {
        if (target.kind === 'direct') {
          await hub.sendToUser(target.userId, HUB_EVENTS.ReloadMessages);
          await hub.sendToUser(me, HUB_EVENTS.ReloadMessages);
        } else {
          await hub.sendToGroup(target.groupId, HUB_EVENTS.ReloadGroupMessages);
        }
      } catch (err) {
        log.warn({ err }, 'chat: live reload not sent');
      }
      await notify(tenantId, me, target, text);
      if (target.kind === 'direct') await pushDirect(tenantId, me, target.userId, text);
      return message;
    },

    async markRead(tenantId: string, me: string, target: ChatTarget) {
      const key = await admit(tenantId, me, target);
      const conversation = await repo.findConversation(db, tenantId, key);
      if (conversation) await repo.markRead(db, tenantId, conversation.id, me);
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;

import { z } from 'zod';
import { CHAT, CHAT_KINDS } from './chat-constants.js';
import { plainText } from './plain-text.js';

export * from './chat-constants.js';

export type ChatKind = (typeof CHAT_KINDS)[number];

/** POST /chat/users/{userId}/messages and /chat/groups/{groupId}/messages. */
export const chatSendBodySchema = z.object({
  text: plainText()
    .max(CHAT.maxTextLength, { message: 'tooLong' })
    // Something besides white space, as a pattern: the document says so too.
    .regex(/\S/, { message: 'required' }),
});
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

/** History is paged upward: `before` is the id of the oldest message the caller holds. */
export const chatHistoryQuerySchema = z.object({
  before: z.uuid().optional(),
  take: z.coerce.number().int().min(1).max(CHAT.maxPageSize).default(CHAT.pageSize),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

export const chatConversationsQuerySchema = z.object({
  search: z.string().max(200).optional(),
});

export const chatMessageSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  createdAt: z.date(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Spec part 1 §3 "Message": messages grouped per user, with a list of messages (a run of one sender). */
export const chatMessageGroupSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  imagePath: z.string().nullable(),
  messages: z.array(chatMessageSchema),
});
export type ChatMessageGroup = z.infer<typeof chatMessageGroupSchema>;

/** One page of a conversation's history, oldest first; `before` fetches the page above it (null: none). */
export const chatHistorySchema = z.object({
  groups: z.array(chatMessageGroupSchema),
  before: z.uuid().nullable(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** A conversation the caller can open: every other member of the tenant, and every group they are in. */
export const chatConversationSchema = z.object({
  kind: z.enum(CHAT_KINDS),
  /** The other user (direct) or the user group (group). */
  id: z.uuid(),
  title: z.string(),
  imagePath: z.string().nullable(),
  lastMessage: z
    .object({ text: z.string(), createdAt: z.date(), fromMe: z.boolean(), fullName: z.string() })
    .nullable(),
  /** Messages of others since the caller last opened it, up to CHAT.unreadCap. */
  unread: z.number().int().nonnegative(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** GET /chat/unread: the chat menu item's count, over every conversation of the caller in the active tenant. */
export const chatUnreadSchema = z.object({
  /** Others' messages the caller has not read, up to CHAT.unreadCap. */
  unread: z.number().int().nonnegative(),
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

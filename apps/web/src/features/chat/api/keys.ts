import type { ChatConversation, ChatHistory, ChatMessage, ChatMessageGroup } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type ConversationRow = Omit<Wire<ChatConversation>, 'lastMessage'> & {
  lastMessage: Wire<NonNullable<ChatConversation['lastMessage']>> | null;
};
export type MessageRow = Wire<ChatMessage>;
export type MessageGroupRow = Omit<Wire<ChatMessageGroup>, 'messages'> & { messages: MessageRow[] };
export type HistoryPage = Omit<Wire<ChatHistory>, 'groups'> & { groups: MessageGroupRow[] };

/** Whom the open conversation is with. */
export type ChatTarget = { kind: 'direct' | 'group'; id: string };

/** The prefixes of the chat's queries, which its hub events refresh (../live.ts). */
export const messageKeys = {
  all: ['messages'] as const,
  /** The signed-in user's direct messages, grouped per user. */
  user: ['messages', 'user'] as const,
  /** Messages of the user groups the user belongs to. */
  group: ['messages', 'group'] as const,
  /** The conversation list with its unread counts: both events reload it. */
  conversations: ['messages', 'conversations'] as const,
};

/**
 * Under the message keys, so that ReloadMessages reaches direct histories, ReloadGroupMessages group
 * histories, and both the conversation list.
 */
export const chatKeys = {
  conversations: (search: string) => [...messageKeys.conversations, search] as const,
  history: (target: ChatTarget) =>
    [...(target.kind === 'direct' ? messageKeys.user : messageKeys.group), target.id] as const,
};

/** The API path of a conversation: /chat/users/{id} or /chat/groups/{id}. */
export const targetPath = (target: ChatTarget) =>
  `/chat/${target.kind === 'direct' ? 'users' : 'groups'}/${encodeURIComponent(target.id)}`;

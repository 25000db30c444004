import type { ChatConversation, ChatHistory, ChatMessageGroup } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';
import { messageKeys } from '@/shared/hub/query-keys';

export type ConversationRow = Omit<Wire<ChatConversation>, 'lastMessage'> & {
  lastMessage: Wire<NonNullable<ChatConversation['lastMessage']>> | null;
};
export type MessageRow = { id: string; text: string; createdAt: string };
export type MessageGroupRow = Omit<Wire<ChatMessageGroup>, 'messages'> & { messages: MessageRow[] };
export type HistoryPage = Omit<Wire<ChatHistory>, 'groups'> & { groups: MessageGroupRow[] };

/** Whom the open conversation is with. */
export type ChatTarget = { kind: 'direct' | 'group'; id: string };

/**
 * Under the hub's message keys, so that ReloadMessages reaches direct histories, ReloadGroupMessages
 * group histories, and both the conversation list (shared/hub/query-keys.ts).
 */
export const chatKeys = {
  conversations: (search: string) => [...messageKeys.conversations, search] as const,
  history: (target: ChatTarget) =>
    [...(target.kind === 'direct' ? messageKeys.user : messageKeys.group), target.id] as const,
};

/** The API path of a conversation: /chat/users/{id} or /chat/groups/{id}. */
export const targetPath = (target: ChatTarget) =>
  `/chat/${target.kind === 'direct' ? 'users' : 'groups'}/${encodeURIComponent(target.id)}`;

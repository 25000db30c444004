// Chat's limits and kinds, without zod: the chat page needs them, not the schemas (issue 48).

/** Chat (spec part 1 §3 Message, §4 ReloadMessages / ReloadGroupMessages, §7 Chat; api-contract.md). */
export const CHAT = {
  /** Longest message, in characters (plain text, never rendered as HTML). */
  maxTextLength: 4000,
  /** Messages per history page unless the caller asks for another size. */
  pageSize: 50,
  maxPageSize: 200,
  /** Unread counts stop counting here; the web app shows `99+`. */
  unreadCap: 100,
  /** Conversations listed at most, most recent first; the search reaches the rest. */
  listMax: 500,
} as const;

export const CHAT_KINDS = ['direct', 'group'] as const;

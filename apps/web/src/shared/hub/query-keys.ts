/**
 * Query keys the hub's reload events invalidate. Chat queries start with these keys so that
 * ReloadMessages and ReloadGroupMessages reach them (features/chat/api/keys.ts).
 */
export const messageKeys = {
  all: ['messages'] as const,
  /** The signed-in user's direct messages, grouped per user. */
  user: ['messages', 'user'] as const,
  /** Messages of the user groups the user belongs to. */
  group: ['messages', 'group'] as const,
  /** The conversation list with its unread counts: both events reload it. */
  conversations: ['messages', 'conversations'] as const,
};

/** The prefix of the notification count queries (`notificationCountsQuery` in shared/api). */
export const notificationCountKey = ['notifications', 'count'] as const;
/** The prefix of the user's own notification list (features/notifications' inbox). */
export const notificationInboxKey = ['notifications', 'inbox'] as const;

/**
 * Queries about the active tenant's own settings: its general data (menu titles, logos, theme) and its
 * home content. A TenantChanged naming the tenant a session is already in means those changed.
 */
export const tenantDataKeys = [
  ['me', 'generaldata'],
  ['home', 'content'],
] as const;

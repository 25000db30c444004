/**
 * Query keys the hub's reload events invalidate. Chat queries must start with these keys so that
 * ReloadMessages and ReloadGroupMessages reach them (no chat UI exists yet).
 */
export const messageKeys = {
  all: ['messages'] as const,
  /** The signed-in user's direct messages, grouped per user. */
  user: ['messages', 'user'] as const,
  /** Messages of the user groups the user belongs to. */
  group: ['messages', 'group'] as const,
};

/** The prefix of the notification count queries (`notificationCountsQuery` in shared/api). */
export const notificationCountKey = ['notifications', 'count'] as const;

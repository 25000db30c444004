/** The prefix of the user's own notification list (the inbox); ReloadNotifications refreshes it (../live.ts). */
export const notificationInboxKey = ['notifications', 'inbox'] as const;

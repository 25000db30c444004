import { z } from 'zod';

/** How often a user hears about an event type (spec part 2 §9; "Moth" is the spec's spelling). */
export const NOTIFICATION_INTERVALS = {
  Disabled: -1,
  Immediately: 1,
  OnceADay: 2,
  OnceAWeek: 3,
  OnceAMoth: 4,
} as const;
export type NotificationInterval = (typeof NOTIFICATION_INTERVALS)[keyof typeof NOTIFICATION_INTERVALS];

/** Every interval value, in the order the selector lists them. */
export const NOTIFICATION_INTERVAL_VALUES = Object.values(NOTIFICATION_INTERVALS) as NotificationInterval[];

/** The interval of an event type the user has no subscription for. */
export const DEFAULT_NOTIFICATION_INTERVAL: NotificationInterval = NOTIFICATION_INTERVALS.Disabled;

/**
 * The event types the platform can notify about, seeded as reference data. Modules name them by
 * `name` when they notify; the web app translates the name and shows `note` as the description.
 */
export const NOTIFICATION_EVENT_TYPES = [
  { name: 'NewsPublished', note: 'A news post was published in your tenant.' },
  { name: 'CalendarInvitation', note: 'You were invited to a calendar event.' },
  { name: 'DocumentAdded', note: 'A document was added or replaced.' },
  { name: 'MessageReceived', note: 'Someone sent you a message.' },
  { name: 'ChatMention', note: 'Someone mentioned you in a chat.' },
  { name: 'SprintTaskAssigned', note: 'A sprint task was assigned to you.' },
  { name: 'TimeLogReminder', note: 'Your hours for the week are not logged yet.' },
] as const;
export type NotificationEventTypeName = (typeof NOTIFICATION_EVENT_TYPES)[number]['name'];

/** POST /notifications/senddailymails: how many users got a digest, covering how many notifications. */
export const sendDailyMailsResultSchema = z.object({
  users: z.number().int().nonnegative(),
  notifications: z.number().int().nonnegative(),
});
export type SendDailyMailsResult = z.infer<typeof sendDailyMailsResultSchema>;

/**
 * GET /notifications/count: unread counts by menu item name (spec part 1 §3 "Notification count entry").
 * Until notifications are shown per module, every unread one counts towards the Notifications item.
 */
export const notificationCountSchema = z.object({ groupName: z.string(), count: z.number().int().nonnegative() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;
export const NOTIFICATIONS_GROUP = 'Notifications';

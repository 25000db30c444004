import { z } from 'zod';
import { NOTIFICATION_INTERVALS, NOTIFICATION_TYPE_SORTS } from './notifications-constants.js';
import { pageOf, pageQuerySchema } from './problem.js';

export * from './notifications-constants.js';

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

/** A notification event type as the /notifications list shows it (spec part 2 §3). */
export const notificationEventTypeSchema = z.object({ id: z.string().uuid(), name: z.string(), note: z.string() });
export type NotificationEventType = z.infer<typeof notificationEventTypeSchema>;

export type NotificationTypeSort = (typeof NOTIFICATION_TYPE_SORTS)[number];
/** GET /notification/getNotificationsTypes: page, take, sort, direction, search (the list loads 10). */
export const notificationTypesQuerySchema = pageQuerySchema.extend({
  take: z.coerce.number().int().min(1).max(200).default(10),
  sort: z.enum(NOTIFICATION_TYPE_SORTS).default('name'),
});
export type NotificationTypesQuery = z.infer<typeof notificationTypesQuerySchema>;
export const notificationTypesPageSchema = pageOf(notificationEventTypeSchema);
export type NotificationTypesPage = z.infer<typeof notificationTypesPageSchema>;

export const notificationIntervalSchema = z.union([
  z.literal(NOTIFICATION_INTERVALS.Disabled),
  z.literal(NOTIFICATION_INTERVALS.Immediately),
  z.literal(NOTIFICATION_INTERVALS.OnceADay),
  z.literal(NOTIFICATION_INTERVALS.OnceAWeek),
  z.literal(NOTIFICATION_INTERVALS.OnceAMoth),
]);

/** GET /notification/getUserSubscriptions: the caller's subscriptions in the active tenant. */
export const userSubscriptionSchema = z.object({
  notificationEventTypeId: z.string().uuid(),
  notificationEventInterval: notificationIntervalSchema,
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/** GET /notification/getUsersForSubscriptions: the active tenant's users (spec: userId, userName). */
export const subscribableUserSchema = z.object({ userId: z.string().uuid(), userName: z.string() });
export type SubscribableUser = z.infer<typeof subscribableUserSchema>;

/** PUT /notification/changeNotificationInterval */
export const changeNotificationIntervalSchema = z.object({
  typeId: z.string().uuid(),
  intervalType: notificationIntervalSchema,
});
export type ChangeNotificationInterval = z.infer<typeof changeNotificationIntervalSchema>;

/** One of the caller's own notifications (their inbox), newest first. Title and body are plain text. */
export const inboxItemSchema = z.object({
  id: z.string().uuid(),
  eventType: z.string(),
  title: z.string(),
  body: z.string(),
  /** An app path ('/documents/...') the notification opens, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxQuerySchema = pageQuerySchema.pick({ page: true }).extend({
  take: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;
export const inboxPageSchema = pageOf(inboxItemSchema).extend({ unread: z.number().int().nonnegative() });
export type InboxPage = z.infer<typeof inboxPageSchema>;

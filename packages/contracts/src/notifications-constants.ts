// The notification intervals, event types and sorts, without zod: the notification pages need these, not
// the schemas (issue 48).

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
  { name: 'ChatMessage', note: 'A new chat message was sent to you or to one of your groups.' },
  { name: 'SprintTaskAssigned', note: 'A sprint task was assigned to you.' },
  { name: 'SprintIdeaAdded', note: 'A new idea was added in one of your collaborations.' },
  { name: 'SprintIdeaCommented', note: 'Someone commented on your idea.' },
  { name: 'SprintIdeaStatusChanged', note: "Your idea's status changed." },
  { name: 'TimeLogReminder', note: 'Your hours for the week are not logged yet.' },
] as const;
export type NotificationEventTypeName = (typeof NOTIFICATION_EVENT_TYPES)[number]['name'];

export const NOTIFICATIONS_GROUP = 'Notifications';

export const NOTIFICATION_TYPE_SORTS = ['name', 'note'] as const;

import { NOTIFICATION_INTERVALS, type NotificationEventTypeName } from '@atrium/contracts';
import type { DemoStep } from '../demo-step.js';
import { notificationEventTypes, notificationSubscriptions, notifications } from './notifications.schema.js';

/**
 * Uma reads a daily digest of two event types, so the 'Send daily mails' button has mail to send; Ada
 * (Northwind's administrator) has an inbox with something unread and a weekly digest.
 */
export const notificationsDemo: DemoStep = async ({ tx, tenants, users }) => {
  const { northwind, harbour } = tenants;
  const uma = users['user@atrium.test']!;
  const ada = users['admin@atrium.test']!;
  // Each tenant's own types (demo-data.ts seeded them as for any new tenant).
  const eventTypeRows = await tx.select().from(notificationEventTypes);
  const typeIn = (tenantId: string) => (name: NotificationEventTypeName) =>
    eventTypeRows.find((e) => e.tenantId === tenantId && e.name === name)!.id;
  const northwindType = typeIn(northwind);
  const harbourType = typeIn(harbour);
  const daily = NOTIFICATION_INTERVALS.OnceADay;
  await tx.insert(notificationSubscriptions).values([
    {
      userId: ada,
      tenantId: northwind,
      eventTypeId: northwindType('DocumentAdded'),
      interval: NOTIFICATION_INTERVALS.OnceAWeek,
    },
    {
      userId: ada,
      tenantId: northwind,
      eventTypeId: northwindType('ChatMessage'),
      interval: NOTIFICATION_INTERVALS.Immediately,
    },
    { userId: uma, tenantId: northwind, eventTypeId: northwindType('NewsPublished'), interval: daily },
    { userId: uma, tenantId: northwind, eventTypeId: northwindType('DocumentAdded'), interval: daily },
    { userId: uma, tenantId: harbour, eventTypeId: harbourType('NewsPublished'), interval: daily },
    {
      userId: uma,
      tenantId: northwind,
      eventTypeId: northwindType('MessageReceived'),
      interval: NOTIFICATION_INTERVALS.Immediately,
    },
  ]);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  await tx.insert(notifications).values([
    {
      userId: ada,
      tenantId: northwind,
      eventTypeId: northwindType('ChatMessage'),
      title: 'Uma User sent you a message',
      body: 'Can we move the planning meeting to Thursday?',
      createdAt: hoursAgo(1),
      mailedAt: hoursAgo(1),
    },
    {
      userId: ada,
      tenantId: northwind,
      eventTypeId: northwindType('TimeLogReminder'),
      title: 'Your hours for this week are not logged yet',
      body: 'Log them in Time logging before the week ends.',
      link: '/timelogs',
      createdAt: hoursAgo(20),
    },
    {
      userId: ada,
      tenantId: northwind,
      eventTypeId: northwindType('NewsPublished'),
      title: 'Summer party on 20 June',
      body: 'Join us in the courtyard from 16:00. Partners welcome.',
      createdAt: hoursAgo(50),
      readAt: hoursAgo(40),
    },
    {
      userId: uma,
      tenantId: northwind,
      eventTypeId: northwindType('NewsPublished'),
      title: 'Summer party on 20 June',
      body: 'Join us in the courtyard from 16:00. Partners welcome.',
    },
    {
      userId: uma,
      tenantId: northwind,
      eventTypeId: northwindType('DocumentAdded'),
      title: 'Employee handbook 2026',
      body: 'The new handbook is under Documents.',
    },
    {
      userId: uma,
      tenantId: harbour,
      eventTypeId: harbourType('NewsPublished'),
      title: 'New visiting hours',
      body: 'From Monday, visits are welcome 10:00-19:00.',
    },
    {
      userId: uma,
      tenantId: northwind,
      eventTypeId: northwindType('TimeLogReminder'),
      title: 'Your hours for this week are not logged yet',
      body: 'Log them in Time logging before the week ends.',
      link: '/timelogs',
    },
    // Immediate, not daily: shown in the app, never in the digest.
    {
      userId: uma,
      tenantId: northwind,
      eventTypeId: northwindType('MessageReceived'),
      title: 'Ada Admin sent you a message',
    },
  ]);
};

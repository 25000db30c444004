import {
  can,
  DEFAULT_NOTIFICATION_INTERVAL,
  HUB_EVENTS,
  type InboxPage,
  type InboxQuery,
  NOTIFICATION_INTERVALS,
  NOTIFICATIONS_GROUP,
  type NotificationCount,
  type NotificationEventTypeName,
  type NotificationInterval,
  type NotificationTypesPage,
  type NotificationTypesQuery,
  POLICIES,
  productLanguage,
  type Role,
  type SendDailyMailsResult,
  type SubscribableUser,
  type UserSubscription,
} from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { crossTenant, withTenant } from '../../db/tenant-scope.js';
import { AppError } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import { type DigestEntry, type DigestInterval, digestMail, immediateMail } from './notifications.mail.js';
import * as repo from './notifications.repository.js';

/** Text for people: one string, or one per product language (each recipient gets theirs). */
export type LocalText = string | { en: string; da: string };

/** What a module raises: one event of a type, for some users of one tenant. */
export type RaiseInput = {
  eventType: NotificationEventTypeName;
  /**
   * Who it is for: user ids, or 'members' for every member of the tenant. Users who are deleted or
   * do not belong to the tenant are left out.
   */
  userIds: readonly string[] | 'members';
  /** Left out whatever `userIds` says (the user whose action raised it). */
  exceptUserId?: string;
  /** Plain text (escaped wherever it is shown). */
  title: LocalText;
  /** Plain text. */
  body?: LocalText;
  /** The app path it opens ('/documents/…'); anything but a same-site path is dropped. */
  link?: string | null;
};

export type RaiseOptions = {
  /**
   * Raise it at most once per user for this job and period (the scheduler's reminders): users that
   * already had it (by any server process, before a restart too) are left out.
   */
  once?: { job: string; period: string };
};

/** Web push, when the push module is wired in (modules/index.ts); the notifications work without it. */
export type PushSender = {
  sendToUser(userId: string, message: { title: string; body: string; url: string }): Promise<void>;
};

const DIGEST_INTERVALS: DigestInterval[] = [
  NOTIFICATION_INTERVALS.OnceADay,
  NOTIFICATION_INTERVALS.OnceAWeek,
  NOTIFICATION_INTERVALS.OnceAMoth,
];

const textFor = (text: LocalText, language: string) =>
  typeof text === 'string' ? text : text[productLanguage(language)];

/** Only a path of this site: '/x…', never '//host' or a scheme. */
const safeLink = (link: string | null | undefined) =>
  link && /^\/(?!\/)[^\s\\]*$/.test(link) && link.length <= 500 ? link : null;

/**
 * The period a digest of `interval` belongs to at `now` (UTC): '2026-11-26' (day), '2026-W48' (ISO
 * week), '2026-11' (month). One digest per user and period.
 */
export function digestPeriod(interval: DigestInterval, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  if (interval === NOTIFICATION_INTERVALS.OnceADay) return day;
  if (interval === NOTIFICATION_INTERVALS.OnceAMoth) return day.slice(0, 7);
  return isoWeek(now);
}

/** The ISO week of a date (UTC), as '2026-W48'. */
export function isoWeek(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Whether someone may send the daily mails: a super administrator, as themselves, whose address is in
 * DAILY_MAIL_SENDERS. The one rule behind both the endpoint and the web app's button.
 */
export function canSendDailyMails(
  senders: readonly string[],
  who: { email: string; roles: readonly Role[]; impersonatorId?: string | null },
): boolean {
  return !who.impersonatorId && can(who, POLICIES.superadmins) && senders.includes(who.email.toLowerCase());
}

export function createNotificationsService(deps: {
  db: Db;
  hub: HubService;
  mail: MailService;
  audit: AuditService;
  config: { dailyMailSenders: readonly string[]; publicUrl: string };
  log?: FastifyBaseLogger;
  /** Web push for 'Immediately', sent only to users with no live hub connection; optional. */
  push?: PushSender;
}) {
  const { db, hub, mail, audit, config, log } = deps;
  /** A tenant's event type by its code: every tenant has each one (seeded with it), so a missing one is a bug. */
  async function eventTypeIdOf(tx: Tx, tenantId: string, name: string) {
    const id = await repo.findEventTypeId(tx, tenantId, name);
    if (!id) throw new Error(`The tenant has no notification event type ${name}`);
    return id;
  }

  /**
   * The one way modules raise notifications: stored for every recipient (the in-app list and the
   * menu's count), `ReloadNotifications` to each recipient's open apps, and for those who get the
   * event type 'Immediately' a mail at once plus a web push when they have no live connection. Once
   * A Day / Week / Moth subscribers get it in their next digest (sendDigests); Disabled: nothing is
   * sent, it only waits in the app. Answers the users it was raised for.
   */
  async function raise(tenantId: string, input: RaiseInput, options: RaiseOptions = {}): Promise<string[]> {
    const link = safeLink(input.link);
    type Sent = { userId: string; title: string; body: string; immediate: boolean };
    const sent = await withTenant(tenantId, () =>
      db.transaction(async (tx) => {
        const named = input.userIds === 'members' ? await repo.memberIds(tx, tenantId) : input.userIds;
        const wanted = [...new Set(named)].filter((id) => id !== input.exceptUserId);
        const recipients = await repo.recipientsIn(tx, tenantId, wanted);
        let ids = recipients.map((r) => r.id);
        if (ids.length === 0) return [] as Sent[];
        if (options.once) {
          // The claims are platform rows (no tenant column, no policy): taken in this transaction.
          ids = await repo.claimOnce(tx, options.once.job, options.once.period, ids);
        }
        if (ids.length === 0) return [] as Sent[];
        const eventTypeId = await eventTypeIdOf(tx, tenantId, input.eventType);
        const intervals = new Map(
          (await repo.intervalsOf(tx, tenantId, eventTypeId, ids)).map((r) => [r.userId, r.interval]),
        );
        const out: Sent[] = [];
        const rows: Parameters<typeof repo.insertNotifications>[1] = [];
        for (const user of recipients) {
          if (!ids.includes(user.id)) continue;
          const immediate =
            (intervals.get(user.id) ?? DEFAULT_NOTIFICATION_INTERVAL) === NOTIFICATION_INTERVALS.Immediately;
          const title = textFor(input.title, user.language);
          const body = textFor(input.body ?? '', user.language);
          // Mailed now: no digest takes it later, whatever the interval becomes.
          rows.push({
            tenantId,
            userId: user.id,
            eventTypeId,
            title,
            body,
            link,
            mailedAt: immediate ? new Date() : null,
          });
          if (immediate)
            await mail.queueIn(tx, { ...immediateMail(user, { title, body, link }, config.publicUrl), tenantId });
          out.push({ userId: user.id, title, body, immediate });
        }
        await repo.insertNotifications(tx, rows);
        return out;
      }),
    );
    if (sent.some((s) => s.immediate)) mail.kick();
    for (const s of sent) {
      await hub.sendToUser(s.userId, HUB_EVENTS.ReloadNotifications);
      if (s.immediate && deps.push && !(await hub.isOnline(s.userId))) {
        // A push that fails is the push service's business: the notification is stored and mailed.
        await deps.push
          .sendToUser(s.userId, { title: s.title, body: s.body, url: link ?? '/notifications/inbox' })
          .catch((err) => log?.warn({ err }, 'notifications: web push failed'));
      }
    }
    return sent.map((s) => s.userId);
  }

  /** Claims, mails and audits one digest run in one transaction (see claimDigest). */
  async function digestRun(
    interval: DigestInterval,
    claim: (tx: Tx) => Promise<repo.DigestItem[]>,
    actorId: string | null,
  ) {
    const claimAndQueue = async (tx: Tx) => {
      const items = await claim(tx);
      const byUser = new Map<string, { user: repo.DigestItem; entries: DigestEntry[] }>();
      for (const item of items) {
        const digest = byUser.get(item.userId) ?? { user: item, entries: [] };
        digest.entries.push(item);
        byUser.set(item.userId, digest);
      }
      for (const { user, entries } of byUser.values()) {
        const tenantIds = new Set(entries.map((e) => e.tenantId));
        // A digest of one tenant is that tenant's mail (its email template applies); of several, the platform's.
        const tenantId = tenantIds.size === 1 ? entries[0]!.tenantId : null;
        await mail.queueIn(tx, { ...digestMail(user, entries, config.publicUrl, interval), tenantId });
      }
      const counts = { users: byUser.size, notifications: items.length };
      // The button's runs are audited (who pressed it); the scheduler's are logged.
      if (actorId) await audit.record(tx, { actorId, action: 'notifications.dailyMailsSent', data: counts });
      else if (counts.users) log?.info({ interval, ...counts }, 'notifications: digests queued');
      return counts;
    };
    // Digests gather every tenant's notifications.
    const result = await crossTenant('notifications: digests', () => db.transaction(claimAndQueue));
    if (result.users) mail.kick();
    return result;
  }

  return {
    raise,

    /** Whether this caller may send the daily mails (the web app shows its button by this). */
    maySendDailyMails: (who: { email: string; roles: readonly Role[]; impersonatorId?: string | null }) =>
      canSendDailyMails(config.dailyMailSenders, who),

    /**
     * The menu's unread counts in the caller's active tenant: one row of a kept counter. Notifications
     * carry no module yet, so all unread ones count towards the Notifications item; empty when none.
     */
    async counts(tenantId: string, principal: Principal): Promise<NotificationCount[]> {
      const unread = await repo.countUnread(db, principal.userId, tenantId);
      return unread ? [{ groupName: NOTIFICATIONS_GROUP, count: unread }] : [];
    },

    /** The users of the active tenant (GET /notification/getUsersForSubscriptions). */
    async usersForSubscriptions(tenantId: string): Promise<SubscribableUser[]> {
      const rows = await repo.subscribableUsers(db, tenantId);
      return rows.map((r) => ({ userId: r.userId, userName: [r.name, r.surname].filter(Boolean).join(' ') }));
    },

    /** A page of the active tenant's event types (GET /notification/getNotificationsTypes). */
    async eventTypes(tenantId: string, q: NotificationTypesQuery): Promise<NotificationTypesPage> {
      const page = await repo.listEventTypes(db, tenantId, q);
      return { ...page, data: page.data.map((r) => ({ id: r.id, name: r.name, note: r.note ?? '' })) };
    },

    /** The caller's subscriptions in the tenant; an event type without one is Disabled (-1). */
    async userSubscriptions(tenantId: string, principal: Principal): Promise<UserSubscription[]> {
      const rows = await repo.subscriptionsOf(db, tenantId, principal.userId);
      return rows.map((r) => ({
        notificationEventTypeId: r.eventTypeId,
        notificationEventInterval: r.interval as NotificationInterval,
      }));
    },

    /** Sets how often the caller hears about an event type in the tenant (PUT changeNotificationInterval). */
    async changeInterval(
      tenantId: string,
      principal: Principal,
      input: { typeId: string; intervalType: NotificationInterval },
    ): Promise<UserSubscription> {
      // Another tenant's type is no type here: 404, as a missing one.
      if (!(await repo.findEventType(db, tenantId, input.typeId)))
        throw new AppError('notFound', 'No such notification event type');
      await repo.upsertSubscription(db, {
        tenantId,
        userId: principal.userId,
        eventTypeId: input.typeId,
        interval: input.intervalType,
      });
      return { notificationEventTypeId: input.typeId, notificationEventInterval: input.intervalType };
    },

    /** A page of the caller's notifications in the tenant, newest first, with their unread count. */
    async inbox(tenantId: string, principal: Principal, q: InboxQuery): Promise<InboxPage> {
      const [page, unread] = await Promise.all([
        paged(q, (window) =>
          repo.inbox(db, tenantId, principal.userId, { ...window, unreadOnly: q.unread === 'true' }),
        ),
        repo.countUnread(db, principal.userId, tenantId),
      ]);
      return {
        ...page,
        data: page.data.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          readAt: r.readAt?.toISOString() ?? null,
        })),
        unread,
      };
    },

    /** Marks one of the caller's notifications read (404 when it is not theirs here); their apps recount. */
    async markRead(tenantId: string, principal: Principal, id: string) {
      if (!(await repo.markRead(db, tenantId, principal.userId, id))) {
        throw new AppError('notFound', 'No such notification');
      }
      await hub.sendToUser(principal.userId, HUB_EVENTS.ReloadNotifications);
    },

    /** Marks all the caller's notifications in the tenant read; answers how many were unread. */
    async markAllRead(tenantId: string, principal: Principal) {
      const marked = await repo.markAllRead(db, tenantId, principal.userId);
      if (marked) await hub.sendToUser(principal.userId, HUB_EVENTS.ReloadNotifications);
      return { marked };
    },

    /**
     * The scheduler's digests at `now`: for each of Once A Day / Week / Moth, every user with
     * something unmailed at that interval gets one digest for the current period (day, ISO week,
     * month, UTC), exactly once, however many processes run this and however often (decision 027).
     */
    async sendDigests(now: Date = new Date()) {
      const results: Record<string, { users: number; notifications: number }> = {};
      for (const interval of DIGEST_INTERVALS) {
        const job = `digest:${interval}`;
        const period = digestPeriod(interval, now);
        results[job] = await digestRun(
          interval,
          async (tx) => {
            const claimed = await repo.claimOnce(tx, job, period, await repo.digestUsers(tx, interval));
            return claimed.length ? repo.claimDigest(tx, interval, claimed) : [];
          },
          null,
        );
      }
      return results;
    },

    /**
     * Mails every user who gets a daily digest what is still unmailed, one mail per user: the manual
     * 'Send daily mails' trigger, beside the scheduler. Claiming, queueing the mails and the audit
     * entry are one transaction: either every claimed notification is in a queued mail, or none is
     * marked mailed.
     */
    async sendDailyMails(principal: Principal): Promise<SendDailyMailsResult> {
      refuseWhileImpersonating(principal, 'Daily mails', 'sent');
      const caller = await repo.findLiveUser(db, principal.userId);
      if (!caller) throw new AppError('sessionExpired');
      if (!canSendDailyMails(config.dailyMailSenders, { email: caller.email, roles: principal.roles })) {
        throw new AppError('forbidden', 'Your account may not send the daily mails');
      }
      return digestRun(
        NOTIFICATION_INTERVALS.OnceADay,
        (tx) => repo.claimDigest(tx, NOTIFICATION_INTERVALS.OnceADay),
        caller.id,
      );
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

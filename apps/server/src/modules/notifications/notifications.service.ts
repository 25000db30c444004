import {
  can,
  HUB_EVENTS,
  NOTIFICATIONS_GROUP,
  type NotificationCount,
  type NotificationEventTypeName,
  POLICIES,
  type Role,
  type SendDailyMailsResult,
} from '@atrium/contracts';
import type { Db, Tx } from '../../db/client.js';
import { crossTenant, withTenant } from '../../db/tenant-scope.js';
import { AppError } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailService } from '../mail/mail.service.js';
import { type DigestEntry, dailyDigestMail } from './notifications.mail.js';
import * as repo from './notifications.repository.js';

export type NotifyInput = {
  tenantId: string;
  userId: string;
  eventType: NotificationEventTypeName;
  title: string;
  /** Plain text. */
  body?: string;
};

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
}) {
  const { db, hub, mail, audit, config } = deps;
  return {
    /** Whether this caller may send the daily mails (the web app shows its button by this). */
    maySendDailyMails: (who: { email: string; roles: readonly Role[]; impersonatorId?: string | null }) =>
      canSendDailyMails(config.dailyMailSenders, who),

    /**
     * The menu's unread counts in the caller's active tenant. Notifications carry no module yet, so all
     * unread ones count towards the Notifications item; an empty list when there are none.
     */
    async counts(tenantId: string, principal: Principal): Promise<NotificationCount[]> {
      const unread = await repo.countUnread(db, principal.userId, tenantId);
      return unread ? [{ groupName: NOTIFICATIONS_GROUP, count: unread }] : [];
    },

    /** Stores a notification for a user in a tenant and tells their open apps to reload their notifications. */
    async notify({ tenantId, userId, eventType, title, body = '' }: NotifyInput) {
      const eventTypeId = await repo.findEventTypeId(db, eventType);
      // Event types are reference data seeded at start-up: a missing one is a bug, not bad input.
      if (!eventTypeId) throw new Error(`Unknown notification event type ${eventType}`);
      // Written in the tenant it is for, which the producer names.
      const row = await withTenant(tenantId, () =>
        repo.insertNotification(db, { tenantId, userId, eventTypeId, title, body }),
      );
      await hub.sendToUser(userId, HUB_EVENTS.ReloadNotifications);
      return row;
    },

    /**
     * Mails every user who gets a daily digest what is still unmailed, one mail per user. Claiming,
     * queueing the mails and the audit entry are one transaction: either every claimed notification is
     * in a queued mail, or none is marked mailed.
     */
    async sendDailyMails(principal: Principal): Promise<SendDailyMailsResult> {
      refuseWhileImpersonating(principal, 'Daily mails', 'sent');
      const caller = await repo.findLiveUser(db, principal.userId);
      if (!caller) throw new AppError('sessionExpired');
      if (!canSendDailyMails(config.dailyMailSenders, { email: caller.email, roles: principal.roles })) {
        throw new AppError('forbidden', 'Your account may not send the daily mails');
      }
      const claimAndQueue = async (tx: Tx) => {
        const items = await repo.claimDailyDigest(tx);
        const byUser = new Map<string, { user: (typeof items)[number]; entries: DigestEntry[] }>();
        for (const item of items) {
          const digest = byUser.get(item.userId) ?? { user: item, entries: [] };
          digest.entries.push(item);
          byUser.set(item.userId, digest);
        }
        for (const { user, entries } of byUser.values()) {
          await mail.queueIn(tx, dailyDigestMail(user, entries, config.publicUrl));
        }
        const counts = { users: byUser.size, notifications: items.length };
        await audit.record(tx, { actorId: caller.id, action: 'notifications.dailyMailsSent', data: counts });
        return counts;
      };
      // Digests gather every tenant's notifications; the audit entry records each run.
      const result = await crossTenant('notifications: daily mails', () => db.transaction(claimAndQueue));
      if (result.users) mail.kick();
      return result;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

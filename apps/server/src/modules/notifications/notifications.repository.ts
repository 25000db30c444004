import { NOTIFICATION_EVENT_TYPES, NOTIFICATION_INTERVALS, ROLE } from '@atrium/contracts';
import { and, asc, count, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { tenants } from '../tenants/tenants.schema.js';
import { roles, tenantMemberships, userRoles, users } from '../users/users.schema.js';
import { notificationEventTypes, notificationSubscriptions, notifications } from './notifications.schema.js';

export const findEventTypeId = async (db: Db, name: string) =>
  (
    await db
      .select({ id: notificationEventTypes.id })
      .from(notificationEventTypes)
      .where(eq(notificationEventTypes.name, name))
  )[0]?.id;

export const insertNotification = async (db: Db, values: typeof notifications.$inferInsert) =>
  (await db.insert(notifications).values(values).returning())[0]!;

export const findLiveUser = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
  )[0];

/** How many of a user's notifications in a tenant are still unread. */
export const countUnread = async (db: Db, userId: string, tenantId: string) =>
  (
    await db
      .select({ count: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.tenantId, tenantId), isNull(notifications.readAt)))
  )[0]?.count ?? 0;

/** One claimed notification with what its digest needs about the user and the tenant. */
export type DigestItem = Awaited<ReturnType<typeof claimDailyDigest>>[number];

/**
 * Marks every unmailed notification that a live user gets once a day, in a live tenant they still
 * belong to (super administrators belong everywhere), as mailed, and answers them ordered by user,
 * tenant name and time. Rows another transaction is claiming are skipped, not waited for, so two
 * senders at once never take the same notification (nor deadlock over it).
 */
export async function claimDailyDigest(tx: Tx) {
  const n = notifications;
  const belongs = or(
    exists(
      tx
        .select({ one: sql`1` })
        .from(tenantMemberships)
        .where(and(eq(tenantMemberships.userId, n.userId), eq(tenantMemberships.tenantId, n.tenantId))),
    ),
    exists(
      tx
        .select({ one: sql`1` })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, n.userId), eq(roles.name, ROLE.Superadmin))),
    ),
  );
  const due = tx
    .select({ id: n.id })
    .from(n)
    .innerJoin(
      notificationSubscriptions,
      and(
        eq(notificationSubscriptions.userId, n.userId),
        eq(notificationSubscriptions.tenantId, n.tenantId),
        eq(notificationSubscriptions.eventTypeId, n.eventTypeId),
      ),
    )
    .innerJoin(users, eq(users.id, n.userId))
    .innerJoin(tenants, eq(tenants.id, n.tenantId))
    .where(
      and(
        isNull(n.mailedAt),
        eq(notificationSubscriptions.interval, NOTIFICATION_INTERVALS.OnceADay),
        isNull(users.deletedAt),
        isNull(tenants.deletedAt),
        belongs,
      ),
    )
    .for('update', { of: n, skipLocked: true });
  const claimed = tx.$with('claimed').as(
    tx.update(n).set({ mailedAt: sql`now()` }).where(inArray(n.id, due)).returning({
      id: n.id,
      userId: n.userId,
      tenantId: n.tenantId,
      title: n.title,
      body: n.body,
      createdAt: n.createdAt,
    }),
  );
  return tx
    .with(claimed)
    .select({
      id: claimed.id,
      title: claimed.title,
      body: claimed.body,
      createdAt: claimed.createdAt,
      userId: claimed.userId,
      email: users.email,
      name: users.name,
      language: users.language,
      tenantId: claimed.tenantId,
      tenantName: tenants.name,
    })
    .from(claimed)
    .innerJoin(users, eq(users.id, claimed.userId))
    .innerJoin(tenants, eq(tenants.id, claimed.tenantId))
    .orderBy(asc(claimed.userId), asc(tenants.name), asc(claimed.tenantId), asc(claimed.createdAt));
}

/** Reference data: the notification event types. Their notes may be reworded: a new start updates them. */
export async function seedEventTypes(db: Db) {
  await db
    .insert(notificationEventTypes)
    .values(NOTIFICATION_EVENT_TYPES.map(({ name, note }) => ({ name, note })))
    .onConflictDoUpdate({ target: notificationEventTypes.name, set: { note: sql`excluded.note` } });
}

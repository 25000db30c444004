import { NOTIFICATION_EVENT_TYPES, type NotificationTypesQuery, ROLE } from '@atrium/contracts';
import { type AnyColumn, and, asc, count, desc, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { compiledRead, type Db, type Tx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { paged } from '../../db/paging.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { tenants } from '../tenants/tenants.schema.js';
import { roles, tenantMemberships, userRoles, users } from '../users/users.schema.js';
import {
  notificationClaims,
  notificationEventTypes,
  notificationSubscriptions,
  notifications,
  notificationUnreadCounts,
} from './notifications.schema.js';

/** The id of a tenant's event type, found by its code (`name`). */
export const findEventTypeId = async (db: Db | Tx, tenantId: string, name: string) =>
  (
    await db
      .select({ id: notificationEventTypes.id })
      .from(notificationEventTypes)
      .where(and(eq(notificationEventTypes.tenantId, tenantId), eq(notificationEventTypes.name, name)))
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

const counts = notificationUnreadCounts;
/**
 * The bell's read, on every page load and after every notification: built once, its values filled on
 * every call (also run bare by bench/notification-count.ts).
 */
export const unreadCount = compiledRead<Record<string, never>, { userId: string; tenantId: string }>(
  'notifications_unread',
  () => sql`select ${counts.unread} as "unread" from ${counts}
             where ${counts.userId} = ${sql.placeholder('userId')} and ${counts.tenantId} = ${sql.placeholder('tenantId')}`,
);

/**
 * How many of a user's notifications in a tenant are still unread: one row of the counter the
 * notifications trigger keeps (migration 0030), never a count over the notifications.
 */
export const countUnread = async (db: Db, userId: string, tenantId: string) =>
  (await unreadCount.rows<{ unread: number }>(db, {}, { userId, tenantId }))[0]?.unread ?? 0;

/** Whether a user belongs to a tenant: a member, or a super administrator (who belongs everywhere). */
const belongsTo = (db: Db | Tx, userId: AnyColumn, tenantId: AnyColumn | string) =>
  or(
    exists(
      db
        .select({ one: sql`1` })
        .from(tenantMemberships)
        .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenantId))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, userId), eq(roles.name, ROLE.Superadmin))),
    ),
  );

/** Of `userIds`, the live users who belong to the tenant, with what a mail to them needs. */
export const recipientsIn = (db: Db | Tx, tenantId: string, userIds: string[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: users.id, email: users.email, name: users.name, language: users.language })
        .from(users)
        .where(and(inArray(users.id, userIds), isNull(users.deletedAt), belongsTo(db, users.id, tenantId)));

/** The live members of a tenant (the users an event of the whole tenant is for). */
export const memberIds = async (db: Db | Tx, tenantId: string) =>
  (
    await db
      .select({ id: tenantMemberships.userId })
      .from(tenantMemberships)
      .innerJoin(users, eq(users.id, tenantMemberships.userId))
      .where(and(eq(tenantMemberships.tenantId, tenantId), isNull(users.deletedAt)))
  ).map((r) => r.id);

/** The subscribable users of a tenant, by name (GET /notification/getUsersForSubscriptions). */
export const subscribableUsers = (db: Db, tenantId: string) =>
  db
    .select({ userId: users.id, name: users.name, surname: users.surname })
    .from(tenantMemberships)
    .innerJoin(users, eq(users.id, tenantMemberships.userId))
    .where(and(eq(tenantMemberships.tenantId, tenantId), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));

/** The intervals of some users for one event type in a tenant (no row: Disabled). */
export const intervalsOf = (db: Db | Tx, tenantId: string, eventTypeId: string, userIds: string[]) =>
  db
    .select({ userId: notificationSubscriptions.userId, interval: notificationSubscriptions.interval })
    .from(notificationSubscriptions)
    .where(
      and(
        eq(notificationSubscriptions.tenantId, tenantId),
        eq(notificationSubscriptions.eventTypeId, eventTypeId),
        inArray(notificationSubscriptions.userId, userIds),
      ),
    );

export const insertNotifications = (db: Db | Tx, values: (typeof notifications.$inferInsert)[]) =>
  db.insert(notifications).values(values).returning({ id: notifications.id, userId: notifications.userId });

/** A page of a tenant's event types, searched in name and note (GET /notification/getNotificationsTypes). */
export async function listEventTypes(db: Db, tenantId: string, q: NotificationTypesQuery) {
  const e = notificationEventTypes;
  const where = and(
    eq(e.tenantId, tenantId),
    q.search ? or(ilike(e.name, containsPattern(q.search)), ilike(e.note, containsPattern(q.search))) : undefined,
  );
  const column = q.sort === 'note' ? e.note : e.name;
  const order = q.direction === 'desc' ? desc(column) : asc(column);
  return paged(q, async ({ limit, offset }) => {
    const [rows, [total]] = await Promise.all([
      db.select().from(e).where(where).orderBy(order, asc(e.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(e).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  });
}

/** One of a tenant's event types by id; undefined for another tenant's. */
export const findEventType = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select()
      .from(notificationEventTypes)
      .where(and(eq(notificationEventTypes.tenantId, tenantId), eq(notificationEventTypes.id, id)))
  )[0];

export const subscriptionsOf = (db: Db, tenantId: string, userId: string) =>
  db
    .select({ eventTypeId: notificationSubscriptions.eventTypeId, interval: notificationSubscriptions.interval })
    .from(notificationSubscriptions)
    .where(and(eq(notificationSubscriptions.tenantId, tenantId), eq(notificationSubscriptions.userId, userId)));

export const upsertSubscription = (
  db: Db,
  values: { tenantId: string; userId: string; eventTypeId: string; interval: number },
) =>
  db
    .insert(notificationSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [
        notificationSubscriptions.userId,
        notificationSubscriptions.tenantId,
        notificationSubscriptions.eventTypeId,
      ],
      set: { interval: values.interval },
    });

/** A page of a user's notifications in a tenant, newest first (the inbox). */
export async function inbox(
  db: Db,
  tenantId: string,
  userId: string,
  q: { limit: number; offset: number; unreadOnly: boolean },
) {
  const n = notifications;
  const where = and(eq(n.tenantId, tenantId), eq(n.userId, userId), q.unreadOnly ? isNull(n.readAt) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: n.id,
        eventType: notificationEventTypes.name,
        title: n.title,
        body: n.body,
        link: n.link,
        createdAt: n.createdAt,
        readAt: n.readAt,
      })
      .from(n)
      .innerJoin(
        notificationEventTypes,
        and(eq(notificationEventTypes.tenantId, n.tenantId), eq(notificationEventTypes.id, n.eventTypeId)),
      )
      .where(where)
      .orderBy(desc(n.createdAt), desc(n.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(n).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Marks one of a user's notifications read; false when it is not theirs in this tenant. */
export async function markRead(db: Db, tenantId: string, userId: string, id: string) {
  const n = notifications;
  const mine = and(eq(n.id, id), eq(n.tenantId, tenantId), eq(n.userId, userId));
  const [row] = await db.select({ readAt: n.readAt }).from(n).where(mine);
  if (!row) return false;
  if (!row.readAt)
    await db
      .update(n)
      .set({ readAt: sql`now()` })
      .where(and(mine, isNull(n.readAt)));
  return true;
}

/** Marks every unread notification of a user in a tenant read; answers how many. */
export const markAllRead = async (db: Db, tenantId: string, userId: string) =>
  (
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id })
  ).length;

/**
 * Takes (user, job, period) for each of `userIds` not taken before, and answers those this
 * transaction took. A claim another transaction is inserting makes this one wait for it and then
 * skip it: of two processes, exactly one takes each.
 */
export async function claimOnce(tx: Db | Tx, job: string, period: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(notificationClaims)
    // In one order everywhere: two transactions claiming overlapping users wait, never deadlock.
    .values([...userIds].sort().map((userId) => ({ userId, job, period })))
    .onConflictDoNothing()
    .returning({ userId: notificationClaims.userId });
  return rows.map((r) => r.userId);
}

/** One claimed notification with what its digest needs about the user and the tenant. */
export type DigestItem = Awaited<ReturnType<typeof claimDigest>>[number];

/** Joins a notification to its user's subscription to its event type in its tenant. */
const subscriptionOfNotification = and(
  eq(notificationSubscriptions.userId, notifications.userId),
  eq(notificationSubscriptions.tenantId, notifications.tenantId),
  eq(notificationSubscriptions.eventTypeId, notifications.eventTypeId),
);

/**
 * Over notifications joined to subscriptions, users and tenants: the unmailed ones of a live user
 * (of `onlyUsers`, when given) at `interval`, in a live tenant they belong to.
 */
const dueForDigest = (tx: Tx, interval: number, onlyUsers?: string[]) =>
  and(
    isNull(notifications.mailedAt),
    eq(notificationSubscriptions.interval, interval),
    onlyUsers ? inArray(notifications.userId, onlyUsers) : undefined,
    isNull(users.deletedAt),
    isNull(tenants.deletedAt),
    belongsTo(tx, notifications.userId, notifications.tenantId),
  );

/**
 * The users with something to put in a digest of `interval`: unmailed notifications of an event
 * type they get at that interval, in a live tenant they belong to.
 */
export async function digestUsers(tx: Tx, interval: number) {
  const n = notifications;
  const rows = await tx
    .selectDistinct({ userId: n.userId })
    .from(n)
    .innerJoin(notificationSubscriptions, subscriptionOfNotification)
    .innerJoin(users, eq(users.id, n.userId))
    .innerJoin(tenants, eq(tenants.id, n.tenantId))
    .where(dueForDigest(tx, interval));
  return rows.map((r) => r.userId);
}

/**
 * Marks every unmailed notification that a live user gets at `interval` (of `onlyUsers`, when given), in a live tenant they still
 * belong to (super administrators belong everywhere), as mailed, and answers them ordered by user,
 * tenant name and time. Rows another transaction is claiming are skipped, not waited for, so two
 * senders at once never take the same notification (nor deadlock over it).
 */
export async function claimDigest(tx: Tx, interval: number, onlyUsers?: string[]) {
  const n = notifications;
  const due = tx
    .select({ id: n.id })
    .from(n)
    .innerJoin(notificationSubscriptions, subscriptionOfNotification)
    .innerJoin(users, eq(users.id, n.userId))
    .innerJoin(tenants, eq(tenants.id, n.tenantId))
    .where(dueForDigest(tx, interval, onlyUsers))
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

const eventTypeRows = () => NOTIFICATION_EVENT_TYPES.map(({ name, note }) => ({ name, note }));

/**
 * A new tenant's event types (NOTIFICATION_EVENT_TYPES), in the transaction that creates it and in
 * its scope (tenants.service.ts): from then on the rows are the tenant's.
 */
export async function seedTenantEventTypes(db: Db, tenantId: string) {
  await db
    .insert(notificationEventTypes)
    .values(eventTypeRows().map((row) => ({ ...row, tenantId })))
    .onConflictDoNothing();
}

/**
 * At start-up: an event type added to NOTIFICATION_EVENT_TYPES since a tenant was created is added
 * to it. A type the tenant has is left as it is (it is the tenant's row).
 */
export async function seedEventTypes(db: Db) {
  const values = sql.join(
    eventTypeRows().map(({ name, note }) => sql`(${name}, ${note})`),
    sql`, `,
  );
  await crossTenant('notifications: event types of every tenant', () =>
    db.execute(sql`insert into ${notificationEventTypes} (tenant_id, name, note)
      select t.id, v.name, v.note from ${tenants} t cross join (values ${values}) as v (name, note)
      on conflict do nothing`),
  );
}

import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from './push.schema.js';

export type StoredSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** Stores the browser's subscription for the user; an endpoint already known moves to this user. */
export async function upsertSubscription(
  db: Db,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: s.p256dh, auth: s.auth, createdAt: sql`now()` },
    });
}

/** Keeps the user's newest `keep` subscriptions and removes the rest. */
export async function trimSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(sql`${pushSubscriptions.createdAt} desc`, asc(pushSubscriptions.id));
  if (rows.length <= keep) return;
  const kept = rows.slice(0, keep).map((r) => r.id);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes the user's subscription with this endpoint (someone else's is left alone). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function subscriptionsOf(db: Db, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export async function deleteByIds(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markSent(db: Db, ids: string[]): Promise<void> {
  if (ids.length)
    await db.update(pushSubscriptions).set({ lastSentAt: sql`now()` }).where(inArray(pushSubscriptions.id, ids));
}

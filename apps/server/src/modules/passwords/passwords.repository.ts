import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../users/users.schema.js';
import { passwordResetTokens } from './passwords.schema.js';

export const findUser = async (db: Db | Tx, id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

export async function recentResetCount(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

export const insertResetToken = (db: Db | Tx, values: typeof passwordResetTokens.$inferInsert) =>
  db.insert(passwordResetTokens).values(values);

/** Marks the token used if it is the user's, unused and unexpired; true when it was. */
export async function consumeResetToken(tx: Tx, userId: string, tokenHash: string) {
  const used = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ h: passwordResetTokens.tokenHash });
  return used.length === 1;
}

export const setPasswordHash = (db: Db | Tx, userId: string, passwordHash: string) =>
  db.update(users).set({ passwordHash }).where(eq(users.id, userId));

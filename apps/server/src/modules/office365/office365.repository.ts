import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export const findLiveUserByEmail = async (db: Db, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
  )[0];

/** Links the Microsoft account; false when another user already has it. */
export async function linkMicrosoftAccount(db: Db, userId: string, microsoftId: string) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.microsoftId, microsoftId));
  if (taken && taken.id !== userId) return false;
  await db.update(users).set({ microsoftId }).where(eq(users.id, userId));
  return true;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Links the Microsoft account; false when another user already has it. */
export async function linkMicrosoftAccount(db: Db, userId: string, microsoftId: string) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.microsoftId, microsoftId));
  if (taken && taken.id !== userId) return false;
  await db.update(users).set({ microsoftId }).where(eq(users.id, userId));
  return true;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.schema.js';

/** Links the Microsoft account; false when another user already has it. */
export async function linkMicrosoftAccount(db: Db, userId: string, microsoftId: string) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.microsoftId, microsoftId));
  if (taken && taken.id !== userId) return false;
  try {
    await db.update(users).set({ microsoftId }).where(eq(users.id, userId));
    return true;
  } catch (err) {
    // Another request linked it first (unique index).
    if ((err as { code?: string; cause?: { code?: string } }).cause?.code === '23505') return false;
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
}

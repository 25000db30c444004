import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export const selectOne = (db: Db) => db.execute(sql`select 1`);

/** When the newest applied migration was written (drizzle's record of them), or null when none is. */
export async function newestAppliedMigration(db: Db): Promise<number | null> {
  const { rows } = (await db.execute(
    sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { at: string | number | null }[];
  };
  const at = rows[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}

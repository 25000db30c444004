import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export const selectOne = (db: Db) => db.execute(sql`select 1`);

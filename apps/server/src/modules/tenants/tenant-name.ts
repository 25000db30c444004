import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { liveNameTaken } from './tenants.repository.js';

/** The unique index on live tenants' lower(trim(name)) (migration 0009). */
const NAME_INDEX = 'tenants_live_name_key';

/** 409 with a field error on `field` (the form's name input, or the clone dialog's title). */
const nameTaken = (field: string, name: string) =>
  new AppError('conflict', `A tenant named "${name.trim()}" already exists`, [{ field, message: 'tenantNameTaken' }]);

/** Refuses a name another live tenant has, in any case, so that no selector lists two alike. */
export async function checkNameFree(db: Db, field: string, name: string, exceptId?: string) {
  if (await liveNameTaken(db, name, exceptId)) throw nameTaken(field, name);
}

type DbError = { code?: string; constraint?: string; cause?: DbError };

/**
 * The same refusal when a concurrent save took the name between the check and the write (the index's
 * unique violation); any other error stays as it is.
 */
export function nameConflict(err: unknown, field: string, name: string): unknown {
  const e = typeof err === 'object' && err !== null ? (err as DbError) : undefined;
  const db = e?.code ? e : e?.cause;
  return db?.code === '23505' && db.constraint === NAME_INDEX ? nameTaken(field, name) : err;
}

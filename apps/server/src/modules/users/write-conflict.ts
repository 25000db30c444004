import { AppError } from '../../http/errors.js';

type DbError = { code?: string; constraint?: string; cause?: DbError };
/** The database error behind err (drivers and drizzle wrap it in `cause`), if any. */
const dbErrorOf = (err: unknown): DbError | undefined => {
  const e = typeof err === 'object' && err !== null ? (err as DbError) : undefined;
  return e?.code ? e : e?.cause?.code ? e.cause : undefined;
};

export const uniqueViolation = (err: unknown) => dbErrorOf(err)?.code === '23505';

/** The unique index on lower(email): only its violation means the email is taken. */
const EMAIL_INDEX = 'users_email_idx';

/**
 * A unique violation from writing a user, as the caller should see it: 'emailTaken' for the email
 * index only; any other (a membership or group written twice by a concurrent change) is a plain conflict.
 */
export function writeConflict(err: unknown): unknown {
  const db = dbErrorOf(err);
  if (db?.code !== '23505') return err;
  if (db.constraint === EMAIL_INDEX) {
    return new AppError('conflict', 'An account with this email already exists', [
      { field: 'email', message: 'emailTaken' },
    ]);
  }
  return new AppError('conflict', 'Someone changed this user at the same time; reload and try again');
}

import { type AccessHolder, can, POLICIES } from '@atrium/contracts';
import { ApiError } from '@/shared/api/api-error';

/**
 * Thrown while a page renders when the record its URL names does not exist. The app's route error
 * element answers with the not-found page and keeps the URL, as for an unknown path.
 */
export class PageNotFoundError extends Error {
  constructor() {
    super('Page not found');
    this.name = 'PageNotFoundError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Record ids are UUIDs; anything else names no record (the server would answer 'Invalid UUID'). */
export const isRecordId = (id: string) => UUID.test(id);

/** A record id that cannot exist, or a lookup the server answered with 404. */
export function recordMissing(id: string, error: unknown): boolean {
  return !isRecordId(id) || (error instanceof ApiError && error.status === 404);
}

/**
 * A partner manager asking for a tenant the server does not show them: it answers 404 whether the
 * tenant does not exist or is one they do not run, and the page says so in those words rather than
 * leaving for the generic not-found page.
 */
export const tenantNotRun = (who: AccessHolder, id: string, error: unknown) =>
  can(who, POLICIES.onlyPartnerManagers) && isRecordId(id) && recordMissing(id, error);

/** Leaves the page for the not-found page when its record is missing. */
export function useNotFoundWhen(missing: boolean): void {
  if (missing) throw new PageNotFoundError();
}

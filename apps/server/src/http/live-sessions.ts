import { and, eq, gt, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { sessions } from '../modules/auth/auth.schema.js';

/** How long a session found live is taken as live without asking the database again. */
const REMEMBER_MS = 10_000;
/** Sessions remembered at most; the least recently used goes first. */
const MAX_REMEMBERED = 50_000;

/**
 * Whether a session is live (neither revoked nor expired), remembered for a few seconds so that
 * a signed-in request does not pay a database round trip on top of its own work.
 *
 * A revocation still ends a session at once: the hub applies every revoke and close in every
 * server process (the backplane carries them) and calls forget() there. REMEMBER_MS only bounds
 * what a lost backplane message could leave behind.
 */
export function createLiveSessions(db: Db) {
  /** Ids of sessions found live, each for REMEMBER_MS and never past the session's own expiry. */
  const live = new LRUCache<string, true>({ max: MAX_REMEMBERED, ttl: REMEMBER_MS });
  /**
   * Lookups under way: the checks of one session that arrive together (the calls of one page load,
   * or every request once its memory has lapsed) share one round trip.
   */
  const loading = new Map<string, Promise<boolean>>();
  /** Bumped by every forget(): a lookup that overlapped one must not store its (older) answer. */
  let generation = 0;

  async function load(sessionId: string): Promise<number | null> {
    const [row] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    return row ? row.expiresAt.getTime() : null;
  }

  function lookup(sessionId: string): Promise<boolean> {
    const started = generation;
    const done = () => {
      if (loading.get(sessionId) === pending) loading.delete(sessionId);
    };
    const pending = load(sessionId).then(
      (expiresAt) => {
        done();
        if (expiresAt === null) {
          live.delete(sessionId);
          return false;
        }
        const ttl = Math.min(expiresAt - Date.now(), REMEMBER_MS);
        if (started === generation && ttl > 0) live.set(sessionId, true, { ttl });
        return true;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
    loading.set(sessionId, pending);
    return pending;
  }

  return {
    isLive(sessionId: string): Promise<boolean> {
      if (live.get(sessionId)) return Promise.resolve(true);
      return loading.get(sessionId) ?? lookup(sessionId);
    },
    /** These sessions ended (revoked, or closed without signing out): ask the database next time. */
    forget(sessionIds: readonly string[]) {
      generation++;
      for (const id of sessionIds) {
        live.delete(id);
        // A check that starts now must not join a lookup that may have read the session as live.
        loading.delete(id);
      }
    },
  };
}
export type LiveSessions = ReturnType<typeof createLiveSessions>;

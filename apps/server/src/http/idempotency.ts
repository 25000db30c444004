import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../modules/auth/idempotency.schema.js';
import { AppError, fieldError } from './errors.js';

/**
 * Idempotency-Key on POST, PUT and PATCH (decision: docs/idempotency.md). A signed-in caller may send
 * `Idempotency-Key: <1-200 printable characters>`; the first request with a key is answered as usual
 * and its answer (status, body, content-type and location) is kept for KEEP_MS per user and key. A
 * repeat with the same method, URL and body gets that answer again, with `Idempotent-Replayed: true`,
 * and changes nothing; the same key with another request is refused with 422. While the first is
 * still being answered, a repeat waits up to WAIT_MS for its answer, then gets 409 with Retry-After.
 * A 5xx answer is not kept: the write did not happen, so the repeat runs again. Public routes (the
 * sign-in calls) and requests without the header behave as before.
 */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request's answer before 409. */
export const WAIT_MS = 5_000;
const POLL_MS = 50;
/** A first request with no answer after this long is taken as lost (its process died) and run again. */
export const ABANDONED_MS = 2 * 60 * 1000;
const SWEEP_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
const KEPT_HEADERS = ['content-type', 'location'];
/**
 * Routes whose answers carry credentials (session tokens under /auth, the authenticator secret and the
 * recovery codes under /me/2fa): their answers are never stored in clear text for a replay, so
 * the header is ignored there, as on public routes. The offline queue replays data writes only.
 */
const NEVER_KEPT = /^\/core\/api\/(auth|me\/2fa)(\/|$)/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key whose answer this request owns and stores (set when it is the first with its key). */
    idempotency: { userId: string; key: string } | null;
  }
}

type Row = typeof idempotencyKeys.$inferSelect;

// The active tenant is part of the request: the same key, path and body sent after a tenant switch is
// another request (its answer belongs to the other tenant).
const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(
      `${request.method}\n${request.url}\n${request.principal?.tenantId ?? ''}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');

export const idempotencyPlugin = fp<{ db: Db; now?: () => number }>(async (app: FastifyInstance, opts) => {
  const { db, now = Date.now } = opts;
  app.decorateRequest('idempotency', null);

  const where = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  /** Inserts the row of a first request; false when the key exists already. */
  async function claim(userId: string, key: string, requestHash: string) {
    const rows = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, expiresAt: new Date(now() + KEEP_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  const find = async (userId: string, key: string): Promise<Row | undefined> =>
    (await db.select().from(idempotencyKeys).where(where(userId, key)))[0];

  function replay(reply: FastifyReply, row: Row) {
    reply.code(row.status!).headers({ ...row.headers, [REPLAYED_HEADER]: 'true' });
    return reply.send(Buffer.from(row.body ?? '', 'utf8'));
  }

  async function takeKey(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !METHODS.has(request.method) || !request.principal) return;
    if (NEVER_KEPT.test(request.routeOptions.url ?? request.url)) return;
    // Uploads are read by their handler, after this hook: they carry no key's body to compare.
    if (String(request.headers['content-type'] ?? '').startsWith('multipart/')) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_PATTERN.test(key)) throw fieldError(IDEMPOTENCY_HEADER, 'invalidIdempotencyKey');
    const userId = request.principal.userId;
    const requestHash = hashOf(request);
    const waitUntil = now() + WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      if (await claim(userId, key, requestHash)) {
        request.idempotency = { userId, key };
        return;
      }
      const row = await find(userId, key);
      if (!row) continue; // removed meanwhile (an expired or failed one): claim again
      const abandoned = row.status === null && row.createdAt.getTime() + ABANDONED_MS <= now();
      if ((row.expiresAt.getTime() <= now() || abandoned) && attempt < 3) {
        // Expired, or its first request never answered: forget it (only if it still is), then claim again.
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              where(userId, key),
              or(
                lte(idempotencyKeys.expiresAt, new Date(now())),
                and(isNull(idempotencyKeys.status), lte(idempotencyKeys.createdAt, new Date(now() - ABANDONED_MS))),
              ),
            ),
          );
        continue;
      }
      if (row.requestHash !== requestHash) throw new AppError('idempotencyKeyReused');
      if (row.status !== null) return replay(reply, row);
      if (now() >= waitUntil) {
        throw new AppError('conflict', 'A request with this Idempotency-Key is still being answered', undefined, {
          'retry-after': '1',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (reply.statusCode >= 500 || body === null) {
        // Nothing happened (or nothing to repeat): the next request with this key runs again.
        await db.delete(idempotencyKeys).where(where(owned.userId, owned.key));
      } else {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await db
          .update(idempotencyKeys)
          .set({ status: reply.statusCode, headers, body })
          .where(and(where(owned.userId, owned.key), isNull(idempotencyKeys.status)));
      }
    } catch (err) {
      request.log.error({ err }, 'could not store the answer of an idempotent request');
    }
    return payload;
  }

  // The hooks go on the routes that take writes only: a read pays for neither. onRoute sees the routes
  // added after it, so this plugin is registered before the modules (app.ts).
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => METHODS.has(method))) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), takeKey];
    route.onSend = [...[route.onSend ?? []].flat(), keepAnswer];
  });

  // Expired answers are swept once an hour; a repeat after expiry finds its row gone or replaces it.
  const sweep = () =>
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.expiresAt, new Date(now())))
      .catch((err: unknown) => app.log.warn({ err }, 'idempotency sweep failed'));
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  app.decorate('sweepIdempotencyKeys', async () => {
    await sweep();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes expired idempotency answers now (the hourly sweep; tests call it). */
    sweepIdempotencyKeys(): Promise<void>;
  }
}

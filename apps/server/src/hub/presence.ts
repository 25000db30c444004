import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redisSpan } from '../ops/redis-span.js';

/**
 * Which users have a live hub connection in the other server processes of the deployment, so that
 * web push goes only to users with no live session anywhere (issue 27). Each process reports the
 * users it holds connections of; the hub asks before a push.
 */
export interface Presence {
  readonly kind: 'local' | 'redis';
  /** The user's first ready connection in this process. */
  online(userId: string): void;
  /** The user's last connection in this process is gone. */
  offline(userId: string): void;
  /** Whether another process holds a live connection of the user. */
  elsewhere(userId: string): Promise<boolean>;
  /** Starts keeping this process's users (`users()`, read at each refresh) present. */
  start(users: () => Iterable<string>): Promise<void>;
  close(): Promise<void>;
}

/** One process (no Redis): its own connections are the whole truth. */
export function localPresence(): Presence {
  return {
    kind: 'local',
    online() {},
    offline() {},
    elsewhere: async () => false,
    async start() {},
    async close() {},
  };
}

/** How long a presence command may wait for Redis's answer. */
export const COMMAND_TIMEOUT_MS = 1000;

export type PresenceTimings = {
  /** How long a process's report of a user lasts unless refreshed: a process that dies is forgotten after it. */
  ttlMs: number;
  /** How often a process refreshes the reports of the users it holds (well under ttlMs). */
  refreshMs: number;
};

/**
 * Presence in Redis: per user a sorted set `<namespace>:presence:<user id>` whose members are the
 * processes holding a connection of the user, each scored with the time (ms since the epoch) its
 * report runs out. A process adds itself when the user's first connection there is ready, removes
 * itself when the last one is gone, and refreshes every user it holds each refreshMs; a process that
 * ends without removing itself (a crash) counts until its reports run out (ttlMs), and the key
 * itself expires with them. Reading asks for unexpired members other than this process.
 * The processes' clocks must agree to well within ttlMs - refreshMs.
 */
export function redisPresence(
  url: string,
  namespace: string,
  log: FastifyBaseLogger,
  timings: PresenceTimings,
): Presence {
  const origin = randomUUID();
  // A stalled Redis must not hold up a push: a command unanswered after COMMAND_TIMEOUT_MS fails, and
  // elsewhere() then answers false (a push too many rather than one missed).
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, commandTimeout: COMMAND_TIMEOUT_MS });
  client.on('error', (err: Error) => log.warn({ err: err.message }, 'hub presence: Redis connection error'));
  const keyOf = (userId: string) => `${namespace}:presence:${userId}`;
  let timer: NodeJS.Timeout | undefined;
  let listUsers: () => Iterable<string> = () => [];
  const failed = (err: unknown) => log.warn({ err }, 'hub presence: Redis command failed');

  /** Reports users present here until now + ttlMs (one round trip for all of them). */
  function report(userIds: Iterable<string>) {
    const until = Date.now() + timings.ttlMs;
    const batch = client.multi();
    let any = false;
    for (const userId of userIds) {
      const key = keyOf(userId);
      batch.zadd(key, until, origin);
      // Reports that ran out go; the key lives as long as its newest report.
      batch.zremrangebyscore(key, '-inf', Date.now());
      batch.pexpire(key, timings.ttlMs);
      any = true;
    }
    if (!any) return Promise.resolve();
    return redisSpan('MULTI', () => batch.exec()).then(() => undefined, failed);
  }

  return {
    kind: 'redis',
    // Sent in the order the hub calls them, on one connection: Redis applies them in that order.
    online(userId) {
      void report([userId]);
    },
    offline(userId) {
      void redisSpan('ZREM', () => client.zrem(keyOf(userId), origin)).catch(failed);
    },
    async elsewhere(userId) {
      try {
        const live = await redisSpan('ZRANGEBYSCORE', () => client.zrangebyscore(keyOf(userId), Date.now(), '+inf'));
        return live.some((process) => process !== origin);
      } catch (err) {
        // Unknown: a push too many is better than a message missed.
        failed(err);
        return false;
      }
    },
    async start(users) {
      listUsers = users;
      await client.connect();
      timer = setInterval(() => void report(listUsers()), timings.refreshMs);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      // Whatever is still reported here goes at once rather than at its expiry.
      const batch = client.multi();
      for (const userId of listUsers()) batch.zrem(keyOf(userId), origin);
      await batch.exec().catch(failed);
      await client.quit().catch(() => {});
    },
  };
}

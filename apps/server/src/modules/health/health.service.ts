import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { redisSpan } from '../../ops/redis-span.js';
import type { Storage } from '../../storage/storage.js';
import * as repo from './health.repository.js';

/** The parts a process needs to serve, in the order the readiness check names them. */
export type ReadinessPart = 'process' | 'database' | 'redis' | 'storage';
export type Readiness = { ready: true } | { ready: false; down: { part: ReadinessPart; reason: string }[] };

/** The newest migration this code ships (drizzle's journal), which the database must have applied. */
const newestMigration = (): number => {
  const journal = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
};

/** Longest a readiness check waits for one part. */
const PROBE_MS = 2000;

function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_MS} ms`)), PROBE_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A short-lived connection per check: the backplane's own connections reconnect quietly instead of failing. */
async function pingRedis(url: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: PROBE_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redisSpan('PING', () => redis.ping());
  } finally {
    redis.disconnect();
  }
}

export function createHealthService({
  db,
  redisUrl,
  storage,
}: {
  db: Db;
  redisUrl: string | undefined;
  storage: Storage;
}) {
  const expectedMigration = newestMigration();
  let stopping = false;

  async function database() {
    const applied = await repo.newestAppliedMigration(db);
    if (applied === null || applied < expectedMigration) throw new Error('not migrated to this version');
  }

  return {
    /** Throws when the database cannot be reached. */
    async check() {
      await repo.selectOne(db);
      return { status: 'ok' as const, database: 'ok' as const };
    },

    /** Whether this process can serve: every part it needs answers, and it is not shutting down. */
    async readiness(): Promise<Readiness> {
      const parts: [ReadinessPart, () => Promise<unknown>][] = [['database', database]];
      if (redisUrl) parts.push(['redis', () => pingRedis(redisUrl)]);
      parts.push(['storage', () => storage.probe()]);
      const results = await Promise.allSettled(parts.map(([, probe]) => withinProbeTime(probe())));
      const down = results.flatMap((result, i) =>
        result.status === 'rejected' ? [{ part: parts[i]![0], reason: reasonOf(result.reason) }] : [],
      );
      if (stopping) down.unshift({ part: 'process', reason: 'shutting down' });
      return down.length ? { ready: false, down } : { ready: true };
    },

    /** From now on the process answers not ready, so that load balancers stop sending it requests. */
    stopping() {
      stopping = true;
    },
  };
}

/** A short reason without internals (no connection strings or stack traces). */
function reasonOf(err: unknown): string {
  const error = err as { code?: string; name?: string; message?: string; cause?: { message?: string } };
  const text = error?.code ?? error?.name ?? 'error';
  return text === 'Error' ? (error.message ?? 'error').slice(0, 120) : text;
}
export type HealthService = ReturnType<typeof createHealthService>;

// Runs only with REDIS_URL (vitest.config.ts leaves this file out otherwise).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { WIRE_VERSION } from '../../src/hub/backplane.js';
import { redisBackplane } from '../../src/hub/backplane-redis.js';
import type { Envelope } from '../../src/hub/hub.js';

/** The wire format of the release before versioning (version 1), as that release reads it. */
const oldWire = z.object({
  o: z.string(),
  t: z.number().optional(),
  e: z.discriminatedUnion('op', [
    z.object({ op: z.literal('send'), group: z.string().nullable(), record: z.string() }),
    z.object({ op: z.literal('revoke'), sessionIds: z.array(z.string()) }),
    z.object({ op: z.literal('close'), sessionIds: z.array(z.string()), error: z.string() }),
    z.object({ op: z.literal('retenant'), sessionIds: z.array(z.string()), tenantId: z.string().nullable() }),
    z.object({ op: z.literal('regroup'), userId: z.string() }),
  ]),
});

const url = process.env.REDIS_URL!;
const namespace = `atrium-test-${randomUUID()}`;
const channel = `${namespace}:hub`;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const warn = vi.spyOn(log, 'warn');
const current = redisBackplane(url, namespace, log);
const delivered: Envelope[] = [];
// The old process: it publishes and reads the channel as the previous release did.
const oldPublisher = new Redis(url);
const oldSubscriber = new Redis(url);
/** What the old process heard: the text and, where the old release can read it, the message. */
const oldReceived: { text: string; read: z.infer<typeof oldWire> | null }[] = [];

beforeAll(async () => {
  await current.start((envelope) => delivered.push(envelope));
  oldSubscriber.on('message', (_from: string, text: string) =>
    oldReceived.push({ text, read: oldWire.safeParse(JSON.parse(text)).data ?? null }),
  );
  await oldSubscriber.subscribe(channel);
});
afterAll(async () => {
  await current.close();
  await Promise.allSettled([oldPublisher.quit(), oldSubscriber.quit()]);
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('hub backplane envelopes across releases (rolling deploy)', () => {
  it('runs an old-shape and a new-shape process on one backplane, each reading the other', async () => {
    // Old to new: no version, as the release before wrote it.
    await oldPublisher.publish(
      channel,
      JSON.stringify({ o: 'old-process', t: Date.now(), e: { op: 'revoke', sessionIds: ['s-old'] } }),
    );
    await until(() => delivered.length > 0);
    expect(delivered).toEqual([{ op: 'revoke', sessionIds: ['s-old'] }]);
    // New to old: versioned, and still what the old release reads.
    await current.publish({ op: 'regroup', userId: 'u-new' });
    await until(() => oldReceived.length > 1);
    const fromNew = oldReceived[1]!;
    expect(fromNew.read?.e).toEqual({ op: 'regroup', userId: 'u-new' });
    expect(JSON.parse(fromNew.text).v).toBeGreaterThan(1);
  });

  it('ignores fields and operations of a newer release, without calling them malformed', async () => {
    delivered.length = 0;
    warn.mockClear();
    const newer = (e: object) => JSON.stringify({ v: WIRE_VERSION, o: 'newer', t: Date.now(), region: 'eu', e });
    await oldPublisher.publish(channel, newer({ op: 'future-op', anything: 1 }));
    await oldPublisher.publish(channel, newer({ op: 'revoke', sessionIds: ['s-new'], reason: 'later field' }));
    await until(() => delivered.length > 0);
    expect(delivered).toEqual([{ op: 'revoke', sessionIds: ['s-new'] }]);
    expect(warn).not.toHaveBeenCalled();
  });
});

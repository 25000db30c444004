import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redisSpan } from '../ops/redis-span.js';
import { type Backplane, wireCodec } from './backplane.js';
import type { Envelope } from './hub.js';

/**
 * Redis pub/sub: one channel per deployment (pub/sub ignores Redis database numbers, so the
 * namespace keeps deployments that share a Redis apart), a publishing connection and a
 * dedicated subscriber, which ioredis subscribes again after a reconnect.
 */
export function redisBackplane(url: string, namespace: string, log: FastifyBaseLogger): Backplane {
  const codec = wireCodec(log);
  const channel = `${namespace}:hub`;
  const options = { lazyConnect: true, maxRetriesPerRequest: 2 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const client of [publisher, subscriber]) {
    client.on('error', (err: Error) => log.warn({ err: err.message }, 'hub backplane: Redis connection error'));
  }

  return {
    kind: 'redis',
    async start(deliver: (envelope: Envelope) => void) {
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        const envelope = codec.decode(text);
        if (envelope) deliver(envelope);
      });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
    },
    async publish(envelope) {
      await redisSpan('PUBLISH', () => publisher.publish(channel, codec.encode(envelope)));
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

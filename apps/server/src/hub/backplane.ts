import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { metrics } from '../http/metrics.js';
import type { Envelope } from './hub.js';

/**
 * Carries envelopes between the server processes of one deployment. The publishing process has
 * already applied an envelope to its own connections: a backplane delivers it to the others only.
 */
export interface Backplane {
  readonly kind: 'memory' | 'postgres' | 'redis';
  start(deliver: (envelope: Envelope) => void): Promise<void>;
  publish(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

/** One process, nobody to tell: the embedded database runs a single server. */
export function memoryBackplane(): Backplane {
  return {
    kind: 'memory',
    async start() {},
    async publish() {},
    async close() {},
  };
}

const envelopeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('send'), group: z.string().nullable(), record: z.string() }),
  z.object({ op: z.literal('revoke'), sessionIds: z.array(z.string()) }),
  z.object({ op: z.literal('close'), sessionIds: z.array(z.string()), error: z.string() }),
  z.object({ op: z.literal('retenant'), sessionIds: z.array(z.string()), tenantId: z.string().nullable() }),
  z.object({ op: z.literal('regroup'), userId: z.string() }),
]);
/** t: when the envelope was published (ms since the epoch), for the backplane lag metric. */
const wireSchema = z.object({ o: z.string(), t: z.number().optional(), e: envelopeSchema });

/** Wire format shared by the backplanes: the origin process, the publishing time and the envelope. */
export function wireCodec(log: FastifyBaseLogger) {
  const origin = randomUUID();
  const ownPrefix = `{"o":"${origin}"`;
  return {
    origin,
    encode: (envelope: Envelope) => JSON.stringify({ o: origin, t: Date.now(), e: envelope }),
    /** The envelope of another process, or null for our own echo and for anything malformed. */
    decode(text: string): Envelope | null {
      // Our own echo (PostgreSQL and Redis deliver to the publisher too) is skipped unparsed.
      if (text.startsWith(ownPrefix)) return null;
      let parsed: z.infer<typeof wireSchema>;
      try {
        parsed = wireSchema.parse(JSON.parse(text));
      } catch {
        log.warn('hub backplane: malformed message ignored');
        return null;
      }
      if (parsed.o === origin) return null;
      if (parsed.t !== undefined) metrics.backplaneLag.observe(Math.max(0, Date.now() - parsed.t) / 1000);
      return parsed.e as Envelope;
    },
  };
}

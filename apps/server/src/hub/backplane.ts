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

/**
 * The wire format's version. During a rolling deploy processes of two releases share a backplane:
 * each accepts its own version and the one before (a message without `v` is version 1), reads only
 * the fields it knows (zod objects drop the others), and skips an operation it does not know. So a
 * release may add fields and operations; renaming or retyping a field, or changing what an operation
 * means, takes a new version that still reads the previous one.
 */
export const WIRE_VERSION = 2;

const envelopeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('send'), group: z.string().nullable(), record: z.string() }),
  z.object({ op: z.literal('revoke'), sessionIds: z.array(z.string()) }),
  z.object({ op: z.literal('close'), sessionIds: z.array(z.string()), error: z.string() }),
  z.object({ op: z.literal('retenant'), sessionIds: z.array(z.string()), tenantId: z.string().nullable() }),
  z.object({ op: z.literal('regroup'), userId: z.string() }),
]);
const KNOWN_OPS = new Set<string>(envelopeSchema.options.map((o) => o.shape.op.value));
/**
 * v: the wire version (absent: 1); o: the origin process; t: when the envelope was published (ms
 * since the epoch), for the backplane lag metric; e: the envelope, read once its operation is known.
 */
const wireSchema = z.object({
  v: z.number().int().default(1),
  o: z.string(),
  t: z.number().optional(),
  e: z.looseObject({ op: z.string() }),
});

/** Wire format shared by the backplanes: the version, the origin process, the publishing time and the envelope. */
export function wireCodec(log: FastifyBaseLogger) {
  const origin = randomUUID();
  const ownPrefix = `{"v":${WIRE_VERSION},"o":"${origin}"`;
  return {
    origin,
    encode: (envelope: Envelope) => JSON.stringify({ v: WIRE_VERSION, o: origin, t: Date.now(), e: envelope }),
    /** Another process's envelope; null for our own echo, a retired version, an unknown operation or anything malformed. */
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
      if (parsed.v < WIRE_VERSION - 1) {
        log.warn({ version: parsed.v }, 'hub backplane: message of a retired wire version ignored');
        return null;
      }
      if (parsed.t !== undefined) metrics.backplaneLag.observe(Math.max(0, Date.now() - parsed.t) / 1000);
      // An operation of a newer release: nothing this one could do with it.
      if (!KNOWN_OPS.has(parsed.e.op)) return null;
      const envelope = envelopeSchema.safeParse(parsed.e);
      if (!envelope.success) {
        log.warn({ op: parsed.e.op }, 'hub backplane: malformed message ignored');
        return null;
      }
      return envelope.data as Envelope;
    },
  };
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { type Backplane, wireCodec } from './backplane.js';
import type { Envelope } from './hub.js';

/** NOTIFY payloads must stay under 8000 bytes; larger messages travel in base64 chunks. */
const MAX_PAYLOAD = 7500;
const CHUNK_BYTES = 5000;
/** A message whose chunks did not all arrive within this long is dropped. */
const CHUNK_TTL_MS = 30_000;
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

const chunkSchema = z.object({
  c: z.string(),
  i: z.number().int().min(0),
  n: z.number().int().min(1).max(10_000),
  d: z.string(),
});

/**
 * PostgreSQL LISTEN/NOTIFY: one fixed channel, the routing inside the payload, and one dedicated
 * connection (not from the pool) that listens and notifies, and LISTENs again after a reconnect.
 */
export function postgresBackplane(
  clientConfig: pg.ClientConfig,
  log: FastifyBaseLogger,
  channel = 'atrium_hub',
): Backplane {
  const codec = wireCodec(log);
  const partial = new Map<string, { parts: string[]; received: number; since: number }>();
  let client: pg.Client | null = null;
  let deliver: (envelope: Envelope) => void = () => {};
  let closed = false;

  async function connect() {
    const next = new pg.Client(clientConfig);
    next.on('notification', (msg) => msg.channel === channel && msg.payload && receive(msg.payload));
    next.on('error', (err) => log.warn({ err: err.message }, 'hub backplane: PostgreSQL connection error'));
    next.on('end', () => {
      if (client === next) client = null;
      if (!closed) void reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  }

  async function reconnect() {
    for (let attempt = 0; !closed; attempt++) {
      await sleep(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]);
      if (closed) return;
      try {
        await connect();
        log.info('hub backplane: PostgreSQL listener reconnected');
        return;
      } catch (err) {
        log.warn({ err: (err as Error).message, attempt }, 'hub backplane: PostgreSQL reconnect failed');
      }
    }
  }

  function receive(payload: string) {
    if (payload.startsWith('{"c":')) return receiveChunk(payload);
    const envelope = codec.decode(payload);
    if (envelope) deliver(envelope);
  }

  function receiveChunk(payload: string) {
    let parsed: ReturnType<typeof chunkSchema.safeParse>;
    try {
      parsed = chunkSchema.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const { c, i, n, d } = parsed.data;
    const now = Date.now();
    for (const [key, entry] of partial) if (now - entry.since > CHUNK_TTL_MS) partial.delete(key);
    const entry = partial.get(c) ?? { parts: new Array<string>(n), received: 0, since: now };
    partial.set(c, entry);
    if (i >= entry.parts.length || entry.parts[i] !== undefined) return;
    entry.parts[i] = d;
    if (++entry.received < entry.parts.length) return;
    partial.delete(c);
    receive(Buffer.from(entry.parts.join(''), 'base64').toString('utf8'));
  }

  return {
    kind: 'postgres',
    async start(onEnvelope) {
      deliver = onEnvelope;
      await connect();
    },
    async publish(envelope) {
      if (!client) throw new Error('hub backplane: PostgreSQL listener is not connected');
      const payload = codec.encode(envelope);
      if (Buffer.byteLength(payload) <= MAX_PAYLOAD) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
        return;
      }
      // One statement, so one transaction: the chunks are delivered together, and in order.
      const base64 = Buffer.from(payload).toString('base64');
      const size = Math.ceil((CHUNK_BYTES * 4) / 3);
      const id = randomUUID();
      const n = Math.ceil(base64.length / size);
      const chunks = Array.from({ length: n }, (_, i) =>
        JSON.stringify({ c: id, i, n, d: base64.slice(i * size, (i + 1) * size) }),
      );
      await client.query(
        'select pg_notify($1, chunk) from unnest($2::text[]) with ordinality as t(chunk, i) order by i',
        [channel, chunks],
      );
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

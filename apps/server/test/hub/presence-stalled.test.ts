import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, redisPresence } from '../../src/hub/presence.js';

/**
 * A Redis that stalls: it speaks enough RESP to get a client ready (INFO, CLIENT) and then never
 * answers a presence read, as a Redis stuck behind a slow command or a broken link would.
 */
function stallingRedis() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      // Each command is an array of bulk strings; its first one names it.
      for (let match = /^\*(\d+)\r\n\$\d+\r\n([A-Za-z]+)\r\n/.exec(pending); match; ) {
        const end = commandEnd(pending, Number(match[1]));
        if (end < 0) return;
        pending = pending.slice(end);
        const name = match[2]!.toUpperCase();
        if (name === 'INFO') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        } else if (name !== 'ZRANGEBYSCORE') {
          socket.write('+OK\r\n');
        }
        match = /^\*(\d+)\r\n\$\d+\r\n([A-Za-z]+)\r\n/.exec(pending);
      }
    });
  });
  return {
    server,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Where a command of `args` bulk strings that starts `text` ends, or -1 while it is incomplete. */
function commandEnd(text: string, args: number) {
  let at = text.indexOf('\r\n') + 2;
  for (let i = 0; i < args; i++) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const length = Number(text.slice(at + 1, lineEnd));
    at = lineEnd + 2 + length + 2;
    if (at > text.length) return -1;
  }
  return at;
}

describe('presence against a Redis that stops answering', () => {
  let redis: ReturnType<typeof stallingRedis>;
  let url: string;

  beforeAll(async () => {
    redis = stallingRedis();
    redis.server.listen(0, '127.0.0.1');
    await once(redis.server, 'listening');
    url = `redis://127.0.0.1:${(redis.server.address() as { port: number }).port}`;
  });
  afterAll(() => redis.close());

  it('answers "not elsewhere" once a read goes unanswered for its timeout, instead of holding up the push', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const presence = redisPresence(url, 'stalled', log, { ttlMs: 60_000, refreshMs: 60_000 });
    await presence.start(() => []);
    try {
      const started = Date.now();
      await expect(presence.elsewhere('some-user')).resolves.toBe(false);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(COMMAND_TIMEOUT_MS * 3);
      expect(warnings.join('')).toContain('hub presence: Redis command failed');
    } finally {
      await presence.close();
    }
  });
});

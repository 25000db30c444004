import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { PNG } from '../../test/multipart.js';

// Short limits, so the tests see them pass: a request has 1.5 s to arrive, a body 0.6 s between bytes.
const LIMITS = { requestTimeoutMs: 1500, headersTimeoutMs: 1500, bodyIdleMs: 600, checkEveryMs: 100 };

let ctx: TestContext;
let port: number;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({}, { http: LIMITS });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
  ({ auth } = await ctx.actor(['User']));
});
afterAll(() => ctx.close());

/** A raw connection: what it received, and whether and when the server closed it. */
function open() {
  const socket = connect(port, '127.0.0.1');
  const state = { received: '', closedAt: 0, socket };
  socket.on('data', (d) => {
    state.received += d.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.closedAt = Date.now();
      resolve();
    }),
  );
  return { state, closed, socket };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const write = (socket: Socket, data: string | Buffer) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) return resolve();
    socket.write(data, () => resolve());
  });
const head = (path: string, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\n${extra}\r\n`;

describe('path parameters', () => {
  it('takes a client search text as long as its schema allows (200 characters, also encoded)', async () => {
    const { auth: member } = await ctx.actor(['User']);
    for (const text of ['a'.repeat(200), 'æ'.repeat(200)]) {
      const res = await ctx.app.inject({
        url: `/core/api/companies/search/${encodeURIComponent(text)}`,
        headers: member,
      });
      // Not the router's 414: the route is found, and answers as it does (this user has no active tenant).
      expect(res.statusCode).not.toBe(414);
      expect(res.statusCode).not.toBe(404);
    }
  });
});

describe('errors before a request exists', () => {
  it('answers a head too large with 431 problem+json and closes', async () => {
    const { state, closed, socket } = open();
    socket.write(`GET /core/api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await closed;
    expect(state.received).toMatch(/^HTTP\/1.1 431 /);
    expect(state.received).toMatch(/content-type: application\/problem\+json/i);
    expect(state.received).toMatch(/x-content-type-options: nosniff/i);
    const body = JSON.parse(state.received.slice(state.received.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ status: 431, type: 'about:blank' });
  });
});

describe('slow requests', () => {
  it('closes a body that sends a byte at a time once the request took too long (408)', async () => {
    const { state, closed, socket } = open();
    const started = Date.now();
    socket.write(
      head('/core/api/me', 'Content-Type: application/json\r\nContent-Length: 1000\r\n').replace('POST', 'PATCH'),
    );
    await write(socket, '{"name":"');
    // A byte every 0.3 s keeps the body from going idle, but not from taking too long.
    while (!socket.destroyed && !state.closedAt && Date.now() - started < 10_000) {
      await write(socket, 'x');
      await sleep(300);
    }
    await closed;
    expect(state.closedAt - started).toBeLessThan(LIMITS.requestTimeoutMs + 1500);
    expect(state.received).toMatch(/^HTTP\/1.1 408 /);
    expect(state.received).toMatch(/application\/problem\+json/);
  });

  it('closes connections whose body never comes after the head', async () => {
    const conns = Array.from({ length: 20 }, () => open());
    const started = Date.now();
    for (const c of conns) {
      c.socket.write(
        head('/core/api/me/avatar', 'Content-Type: multipart/form-data; boundary=X\r\nContent-Length: 5000\r\n'),
      );
    }
    await Promise.all(conns.map((c) => c.closed));
    for (const c of conns) expect(c.state.closedAt - started).toBeLessThan(LIMITS.requestTimeoutMs + 1000);
  });

  it('cuts off a body that goes silent, sooner than the whole request’s limit', async () => {
    const { state, closed, socket } = open();
    const started = Date.now();
    socket.write(
      head('/core/api/me/avatar', 'Content-Type: multipart/form-data; boundary=X\r\nContent-Length: 5000\r\n'),
    );
    socket.write('--X\r\n');
    await closed;
    expect(state.closedAt - started).toBeGreaterThanOrEqual(LIMITS.bodyIdleMs - 50);
    expect(state.closedAt - started).toBeLessThan(LIMITS.requestTimeoutMs);
  });

  it('leaves a request that arrives in time alone, however long its answer takes', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/core/api/health`);
    expect(res.status).toBeLessThan(500);
  });
});

describe('a chunked upload over the limit', () => {
  it('is answered 413 and closed as soon as the limit is passed, not read to its end', async () => {
    const { state, closed, socket } = open();
    socket.write(
      head('/core/api/me/avatar', 'Content-Type: multipart/form-data; boundary=X\r\nTransfer-Encoding: chunked\r\n'),
    );
    const chunk = (data: Buffer | string) => {
      const b = Buffer.from(data);
      return Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    };
    await write(
      socket,
      chunk(`--X\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    );
    await write(socket, chunk(PNG));
    // The avatar limit is 1 MiB; offer up to 150 MiB, 256 KiB at a time, a little time between.
    const piece = chunk(Buffer.alloc(256 * 1024, 1));
    let sent = 0;
    while (!state.closedAt && !socket.destroyed && sent < 150 * 1024 * 1024) {
      await write(socket, piece);
      sent += 256 * 1024;
      if (sent % (4 * 1024 * 1024) === 0) await sleep(20);
    }
    await closed;
    expect(state.received).toMatch(/^HTTP\/1.1 413 /);
    expect(state.received).toMatch(/application\/problem\+json/);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });
});

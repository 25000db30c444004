import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

const connected = (port: number) =>
  new Promise<Socket>((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => ok(socket));
    socket.once('error', fail);
  });

it('stops listening at once, and answers a request in flight that outlasts the hub clients and the plugin timeout', async () => {
  const ctx = await createTestApp({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as { port: number };

  // A sign-in whose body is still arriving when the close begins.
  const socket = await connected(port);
  let response = '';
  socket.on('data', (c) => (response += c));
  const ended = new Promise<void>((ok) => socket.once('close', () => ok()));
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password', rememberMe: false });
  socket.write(
    `POST /core/api/auth/login HTTP/1.1\r\nHost: atrium.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  await sleep(300);

  const closeStarted = Date.now();
  const closing = ctx.close();
  await sleep(100);
  await expect(connected(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  // Longer than the hub's grace for its clients (3 s) and than Fastify's plugin timeout (10 s),
  // which avvio also holds close hooks to: the request still gets its answer.
  await sleep(12_000);
  socket.write(body.slice(10));
  await ended;
  expect(response).toMatch(/^HTTP\/1\.1 401 /);
  expect(response.toLowerCase()).toContain('connection: close');
  await closing;
  // The answered connection ended, so the close did not wait for SHUTDOWN_TIMEOUT_SECONDS.
  expect(Date.now() - closeStarted).toBeLessThan(19_000);
}, 120_000);

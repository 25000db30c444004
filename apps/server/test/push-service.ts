import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { freePort } from './free-port.js';
import type { TestContext } from './harness.js';

// web-push-testing: a real push service on loopback (subscribe, receive, decrypt, expire), whose
// notify endpoint checks the VAPID JWT against the key the browser subscribed with and decrypts the
// aes128gcm body.
const require = createRequire(import.meta.url);
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: unknown,
  port: number,
) => {
  startServer(): void;
  _server: { close(cb: () => void): void; listening: boolean; once(e: string, cb: () => void): void };
};
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };

export type PushServiceAnswer = {
  status: number;
  body: { data: Record<string, unknown> & { messages: string[] } } | null;
};
export type Subscribed = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

/** Starts the push service on a free loopback port: its address, a JSON POST to it, and close. */
export async function startPushService() {
  const port = await freePort();
  const server = new WebPushTestingServer(new PushApiModel(), port);
  server.startServer();
  if (!server._server.listening) await new Promise<void>((r) => server._server.once('listening', r));
  const base = `http://localhost:${port}`;
  const post = async (path: string, body: unknown): Promise<PushServiceAnswer> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
    return { status: res.status, body: json as PushServiceAnswer['body'] };
  };
  return {
    base,
    post,
    /** What a browser does: subscribe with the server's public VAPID key. */
    subscribe: async (publicKey: string) =>
      (await post('/subscribe', { applicationServerKey: publicKey, userVisibleOnly: 'true' })).body!
        .data as unknown as Subscribed,
    /** The messages the subscription received, decrypted and parsed. */
    received: async (clientHash: string): Promise<Record<string, unknown>[]> =>
      (await post('/get-notifications', { clientHash })).body!.data.messages.map((m) => JSON.parse(m)),
    close: () => new Promise<void>((r) => server._server.close(() => r())),
  };
}

/**
 * What a signed-in user's browser does: subscribe at the push service with the app's public key and
 * register the subscription with the app. Answers the subscription's clientHash, to read what it receives.
 */
export async function registerBrowser(
  app: TestContext['app'],
  pushService: Awaited<ReturnType<typeof startPushService>>,
  auth: Record<string, string>,
) {
  const { publicKey } = (await app.inject({ url: '/core/api/auth/pushtoken/key', headers: auth })).json() as {
    publicKey: string;
  };
  const sub = await pushService.subscribe(publicKey);
  const res = await app.inject({
    method: 'POST',
    url: '/core/api/auth/pushtoken',
    headers: auth,
    payload: { token: { endpoint: sub.endpoint, keys: sub.keys } },
  });
  expect(res.statusCode).toBe(204);
  return sub.clientHash;
}

import { NOTIFICATION_INTERVALS } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { createTestApp, type TestContext, testConfig } from '../../../test/harness.js';
import { type Subscribed, startPushService } from '../../../test/push-service.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { notificationSubscriptions } from '../notifications/notifications.schema.js';
import { pushSubscriptions } from './push.schema.js';
import { createPushService, isAllowedPushEndpoint, MAX_SUBSCRIPTIONS_PER_USER } from './push.service.js';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let pushBase: string;

beforeAll(async () => {
  // The test's push service runs on loopback, which only PUSH_ALLOW_LOOPBACK lets the server post to.
  ctx = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
  pushService = await startPushService();
  pushBase = pushService.base;
});
afterAll(async () => {
  await pushService?.close();
  await ctx?.close();
});

const post = (path: string, body: unknown) => pushService.post(path, body);

/** What a browser does: subscribe at the push service with the server's public key. */
async function browserSubscribes(auth: Record<string, string>): Promise<Subscribed> {
  const key = await ctx.app.inject({ url: '/core/api/auth/pushtoken/key', headers: auth });
  expect(key.statusCode).toBe(200);
  const { publicKey } = key.json() as { publicKey: string };
  return pushService.subscribe(publicKey);
}

const received = (clientHash: string) => pushService.received(clientHash);

const register = (auth: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/core/api/auth/pushtoken', headers: auth, payload: payload as object });

const rowsOf = (userId: string) => ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('web push', () => {
  it('registers the browser’s subscription and delivers an encrypted, VAPID-signed message to it', async () => {
    const member = await ctx.actor(['User']);
    const sub = await browserSubscribes(member.auth);
    const res = await register(member.auth, {
      token: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(member.user.id)).toHaveLength(1);

    const result = await ctx.app.services.push.sendToUser(member.user.id, {
      title: 'New document',
      body: 'Budget 2027 was added',
      url: '/documents',
    });
    expect(result).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(await received(sub.clientHash)).toEqual([
      { title: 'New document', body: 'Budget 2027 was added', url: '/documents' },
    ]);
  });

  it('accepts the bare PushSubscription JSON too, and registering again keeps one row', async () => {
    const member = await ctx.actor(['User']);
    const sub = await browserSubscribes(member.auth);
    expect((await register(member.auth, { endpoint: sub.endpoint, keys: sub.keys })).statusCode).toBe(204);
    expect((await register(member.auth, { endpoint: sub.endpoint, keys: sub.keys })).statusCode).toBe(204);
    expect(await rowsOf(member.user.id)).toHaveLength(1);
  });

  it('removes a subscription the push service reports gone (410) and keeps the others', async () => {
    const member = await ctx.actor(['User']);
    const phone = await browserSubscribes(member.auth);
    const laptop = await browserSubscribes(member.auth);
    await register(member.auth, { token: { endpoint: phone.endpoint, keys: phone.keys } });
    await register(member.auth, { token: { endpoint: laptop.endpoint, keys: laptop.keys } });
    expect((await post(`/expire-subscription/${phone.clientHash}`, {})).status).toBe(200);

    const result = await ctx.app.services.push.sendToUser(member.user.id, { title: 'Hi', body: 'there' });
    expect(result).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect((await rowsOf(member.user.id)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);
    expect(await received(laptop.clientHash)).toEqual([{ title: 'Hi', body: 'there', url: '/' }]);
  });

  it('keeps a subscription whose push failed for another reason, and never throws', async () => {
    const member = await ctx.actor(['User']);
    const sub = await browserSubscribes(member.auth);
    // The push service does not know this endpoint's client (400), and the port below refuses.
    await register(member.auth, { endpoint: `${pushBase}/notify/unknown-client`, keys: sub.keys });
    const closed = await freePort();
    await register(member.auth, { endpoint: `http://127.0.0.1:${closed}/push`, keys: sub.keys });
    const result = await ctx.app.services.push.sendToUser(member.user.id, { title: 'Hi', body: 'there' });
    expect(result).toEqual({ sent: 0, removed: 0, failed: 2 });
    expect(await rowsOf(member.user.id)).toHaveLength(2);
  });

  it('sends nothing to a user with no subscription', async () => {
    const member = await ctx.actor(['User']);
    expect(await ctx.app.services.push.sendToUser(member.user.id, { title: 'Hi', body: 'x' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });

  it('moves an endpoint to the user who registered it last (one browser, another account)', async () => {
    const first = await ctx.actor(['User']);
    const second = await ctx.actor(['User']);
    const sub = await browserSubscribes(first.auth);
    await register(first.auth, { token: { endpoint: sub.endpoint, keys: sub.keys } });
    await register(second.auth, { token: { endpoint: sub.endpoint, keys: sub.keys } });
    expect(await rowsOf(first.user.id)).toHaveLength(0);
    expect(await rowsOf(second.user.id)).toHaveLength(1);
  });

  it('unregisters the caller’s own subscription only', async () => {
    const owner = await ctx.actor(['User']);
    const other = await ctx.actor(['User']);
    const sub = await browserSubscribes(owner.auth);
    await register(owner.auth, { token: { endpoint: sub.endpoint, keys: sub.keys } });
    const del = (auth: Record<string, string>) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/core/api/auth/pushtoken',
        headers: auth,
        payload: { endpoint: sub.endpoint },
      });
    expect((await del(other.auth)).statusCode).toBe(204);
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect((await del(owner.auth)).statusCode).toBe(204);
    expect(await rowsOf(owner.user.id)).toHaveLength(0);
  });

  it(`keeps the newest ${MAX_SUBSCRIPTIONS_PER_USER} browsers of a user`, async () => {
    const member = await ctx.actor(['User']);
    const sub = await browserSubscribes(member.auth);
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) {
      expect(
        (await register(member.auth, { endpoint: `${pushBase}/notify/device-${i}`, keys: sub.keys })).statusCode,
      ).toBe(204);
    }
    const rows = await rowsOf(member.user.id);
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${pushBase}/notify/device-0`);
  });

  it('refuses anonymous callers, and malformed subscriptions with a 400', async () => {
    expect((await ctx.app.inject({ url: '/core/api/auth/pushtoken/key' })).statusCode).toBe(401);
    expect(
      (
        await register(
          {},
          { endpoint: 'https://push.example/x', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
        )
      ).statusCode,
    ).toBe(401);
    const member = await ctx.actor(['User']);
    for (const bad of [
      {},
      { token: 'not a subscription' },
      { endpoint: 'ftp://push.example/x', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
      { endpoint: 'https://push.example/x', keys: { p256dh: 'short', auth: 'b'.repeat(22) } },
      { endpoint: 'https://push.example/x', keys: { p256dh: 'a'.repeat(87), auth: '<script>' } },
      { endpoint: `https://push.example/${'x'.repeat(3000)}`, keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
    ]) {
      expect((await register(member.auth, bad)).statusCode).toBe(400);
    }
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/core/api/auth/pushtoken',
      headers: member.auth,
      payload: {},
    });
    expect(del.statusCode).toBe(400);
  });

  it('accepts only https endpoints of the browsers’ push services, unless PUSH_ALLOW_LOOPBACK says so, in every environment', async () => {
    for (const env of ['development', 'test', 'production']) {
      expect(testConfig({ NODE_ENV: env, MAIL_FROM: 'a@b.c' }).pushAllowLoopback, env).toBe(false);
    }
    expect(testConfig({ PUSH_ALLOW_LOOPBACK: 'true' }).pushAllowLoopback).toBe(true);
    const outside = [
      'http://127.0.0.1/push',
      'https://127.0.0.1/push',
      'https://127.1.2.3:8443/push',
      'http://localhost:9000/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://172.16.0.1/push',
      'https://[fe80::1]/push',
      'https://[fd00::1]/push',
      'https://fcm.googleapis.com@127.0.0.1/push',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/push',
      'http://fcm.googleapis.com/fcm/send/abc',
    ];
    for (const endpoint of outside) expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
    // With the setting, loopback is allowed (http too) and still nothing else of the machine's networks.
    for (const endpoint of outside.slice(0, 6)) expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(true);
    for (const endpoint of outside.slice(6)) expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(false);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/def',
      'https://wns2-db5p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGh',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(true);
    }

    const member = await ctx.actor(['User']);
    const strict = createPushService({
      db: ctx.db,
      vapid: { publicKey: ctx.app.services.push.publicKey(), privateKey: 'x', subject: 'mailto:a@b.c' },
      log: ctx.app.log,
      allowLoopback: false,
    });
    const principal = { userId: member.user.id, sessionId: 's', tenantId: null, roles: [] };
    const keys = { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) };
    for (const endpoint of [pushService.base, 'https://10.0.0.1/push', 'https://internal.example/push']) {
      await expect(strict.register(principal, { endpoint, keys })).rejects.toMatchObject({ code: 'validation' });
    }
    await strict.register(principal, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys });
    expect(await rowsOf(member.user.id)).toHaveLength(1);
    await expect(
      strict.register(
        { ...principal, impersonatorId: 'someone' },
        { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/def', keys },
      ),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('keeps the generated VAPID key pair in DATA_DIR across restarts', async () => {
    const again = await createTestApp({ DATA_DIR: ctx.dataDir });
    try {
      expect(again.app.services.push.publicKey()).toBe(ctx.app.services.push.publicKey());
    } finally {
      await again.close();
    }
  });

  it('carries an Immediately notification to a user with no live connection (the notifications service’s push)', async () => {
    const tenant = await ctx.factories.tenant({ features: ['Documents'] });
    const member = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    const type = { id: await ctx.factories.eventTypeId(tenant.id, 'DocumentAdded') };
    await crossTenant('test fixtures', () =>
      ctx.db.insert(notificationSubscriptions).values({
        userId: member.user.id,
        tenantId: tenant.id,
        eventTypeId: type!.id,
        interval: NOTIFICATION_INTERVALS.Immediately,
      }),
    );
    const sub = await browserSubscribes(member.auth);
    await register(member.auth, { token: { endpoint: sub.endpoint, keys: sub.keys } });

    await ctx.app.services.notifications.raise(tenant.id, {
      eventType: 'DocumentAdded',
      userIds: [member.user.id],
      title: 'Budget 2027',
      body: 'A new document',
      link: '/documents',
    });
    expect(await received(sub.clientHash)).toEqual([
      { title: 'Budget 2027', body: 'A new document', url: '/documents' },
    ]);
  });
});

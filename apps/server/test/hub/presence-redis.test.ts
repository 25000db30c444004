import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HUB_EVENTS, NOTIFICATION_INTERVALS } from '@atrium/contracts';
import { HttpTransportType } from '@microsoft/signalr';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossTenant } from '../../src/db/tenant-scope.js';
import { redisPresence } from '../../src/hub/presence.js';
import { notificationSubscriptions } from '../../src/modules/notifications/notifications.schema.js';
import { bearer } from '../harness.js';
import { registerBrowser, startPushService } from '../push-service.js';
import { type HubServer, nextCall, startHubServer, startSecondProcess, trackedClients } from './hub-helpers.js';

// Runs only with REDIS_URL (vitest.config.ts leaves this file out otherwise).
const REDIS_URL = process.env.REDIS_URL!;
/** Short, so that the test sees a report outlive its ttl only through the refreshes. */
const hub = { presenceTtlMs: 1500, presenceRefreshMs: 300 };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe('web push and presence: two processes on one Redis', () => {
  let a: HubServer;
  let b: HubServer;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const clients = trackedClients();

  beforeAll(async () => {
    // The push service runs on loopback, which only PUSH_ALLOW_LOOPBACK lets the server post to.
    const env = { REDIS_URL, PUSH_ALLOW_LOOPBACK: 'true' };
    a = await startHubServer({ env, hub });
    b = await startSecondProcess(a, { env, hub });
    pushService = await startPushService();
  });
  afterAll(async () => {
    await clients.stopAll();
    await pushService?.close();
    await b?.close();
    await a?.close();
  });

  /** The user's browser subscribes at the push service and registers the subscription with A. */
  function browserOf(token: string) {
    return registerBrowser(a.app, pushService, bearer(token));
  }

  it('pushes nothing to a user whose app is connected to the other process, and pushes once it is closed', async () => {
    const tenant = (await a.factories.tenant({ features: ['Chat'] })).id;
    const uma = await a.member([tenant]);
    const ada = await a.member([tenant]);
    const typeId = await a.factories.eventTypeId(tenant, 'DocumentAdded');
    await crossTenant('test fixtures', () =>
      a.database.db.insert(notificationSubscriptions).values({
        userId: uma.user.id,
        tenantId: tenant,
        eventTypeId: typeId,
        interval: NOTIFICATION_INTERVALS.Immediately,
      }),
    );
    const browser = await browserOf(uma.token);
    const isOnline = () => a.app.hub.isOnline(uma.user.id);
    expect(await isOnline()).toBe(false);

    // Uma's app is connected to B only: A learns it through Redis.
    const onB = await clients.connect(b.hubUrl, HttpTransportType.WebSockets, () => uma.token);
    await until(isOnline, 'online at A');

    const reload = nextCall(onB, HUB_EVENTS.ReloadNotifications);
    await a.app.services.notifications.raise(tenant, {
      eventType: 'DocumentAdded',
      userIds: [uma.user.id],
      title: 'While connected',
    });
    await reload;
    const messages = nextCall(onB, HUB_EVENTS.ReloadMessages);
    const sent = await a.app.inject({
      method: 'POST',
      url: `/core/api/chat/users/${uma.user.id}/messages`,
      headers: bearer(ada.token),
      payload: { text: 'Live on B' },
    });
    expect(sent.statusCode).toBe(201);
    await messages;
    // raise and the chat send await their pushes: none went out.
    expect(await pushService.received(browser)).toEqual([]);

    // B's refreshes keep her present well past one report's ttl.
    await sleep(hub.presenceTtlMs + 700);
    expect(await isOnline()).toBe(true);

    // She closes the app: B says so at once, and the next notification and message are pushed.
    await onB.stop();
    await until(async () => !(await isOnline()), 'offline at A', 2000);
    await a.app.services.notifications.raise(tenant, {
      eventType: 'DocumentAdded',
      userIds: [uma.user.id],
      title: 'After closing',
      link: '/documents',
    });
    await a.app.inject({
      method: 'POST',
      url: `/core/api/chat/users/${uma.user.id}/messages`,
      headers: bearer(ada.token),
      payload: { text: 'Pushed now' },
    });
    const received = await pushService.received(browser);
    expect(received).toHaveLength(2);
    expect(received[0]).toMatchObject({ title: 'After closing', url: '/documents' });
    expect(received[1]).toMatchObject({ body: 'Pushed now', url: `/chat?user=${ada.user.id}` });
  });

  it('forgets a process that ended without a word once its report runs out, and never counts itself', async () => {
    const namespace = `atrium:presence-test-${randomUUID()}`;
    const log = pino({ level: 'silent' });
    // The crashed one refreshes too rarely to outlive its first report.
    const crashed = redisPresence(REDIS_URL, namespace, log, { ttlMs: 600, refreshMs: 60_000 });
    const other = redisPresence(REDIS_URL, namespace, log, { ttlMs: 600, refreshMs: 60_000 });
    const user = randomUUID();
    await crashed.start(() => [user]);
    await other.start(() => []);
    try {
      crashed.online(user);
      await until(() => other.elsewhere(user), 'present elsewhere');
      expect(await crashed.elsewhere(user)).toBe(false);
      await until(async () => !(await other.elsewhere(user)), 'forgotten', 2000);
    } finally {
      await Promise.all([crashed.close(), other.close()]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { registerBrowser, startPushService } from '../../../test/push-service.js';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  // The test's push service runs on loopback, which only PUSH_ALLOW_LOOPBACK lets the server post to.
  ctx = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true' });
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
  await ctx?.close();
});

/** The recipient's browser subscribes at the push service and registers the subscription. */
const subscribe = (auth: Record<string, string>) => registerBrowser(ctx.app, pushService, auth);
const received = (clientHash: string) => pushService.received(clientHash);

describe('chat: web push for a direct message', () => {
  it('goes to a recipient with no live session, in their language, opening the conversation', async () => {
    const tenant = await ctx.factories.tenant({ features: ['Chat'] });
    const ada = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const uma = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    await ctx.app.inject({ method: 'PATCH', url: '/core/api/me', headers: uma.auth, payload: { language: 'da' } });
    const browser = await subscribe(uma.auth);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/core/api/chat/users/${uma.user.id}/messages`,
      headers: ada.auth,
      payload: { text: 'Are you coming?' },
    });
    expect(res.statusCode).toBe(201);
    const messages = await received(browser);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ body: 'Are you coming?', url: `/chat?user=${ada.user.id}` });
    expect(messages[0]?.title).toBe('Ny besked fra Test Person');

    // A group message is no direct message: no push for it.
    const group = await ctx.factories.userGroup(tenant.id, 'Crew');
    await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/assigngroups',
      headers: ada.auth,
      payload: { userIds: [ada.user.id, uma.user.id], groupIds: [group.id] },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/core/api/chat/groups/${group.id}/messages`,
      headers: ada.auth,
      payload: { text: 'Crew meeting' },
    });
    // (The push service keeps what it received: still the one message.)
    expect(await received(browser)).toHaveLength(1);
  });
});

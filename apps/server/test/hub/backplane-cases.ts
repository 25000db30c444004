import { HUB_EVENTS } from '@atrium/contracts';
import { HttpTransportType, HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../harness.js';
import { type HubServer, nextCall, startHubServer, startSecondProcess, trackedClients } from './hub-helpers.js';

/**
 * Two server processes of one deployment: two apps, each with its own hub, connections and
 * backplane, on one database. The only way from A to a client of B is the backplane.
 */
export function describeTwoProcesses(name: string, env: Record<string, string>) {
  describe(name, () => {
    let a: HubServer;
    let b: HubServer;
    let tenant: string;
    const clients = trackedClients();

    beforeAll(async () => {
      a = await startHubServer({ env });
      b = await startSecondProcess(a, { env });
      tenant = (await a.factories.tenant()).id;
    });

    afterAll(async () => {
      await clients.stopAll();
      await b.close();
      await a.close();
    });

    const clientOnB = (token: string, transport = HttpTransportType.WebSockets) =>
      clients.connect(b.hubUrl, transport, () => token);

    it.each([
      ['WebSockets', HttpTransportType.WebSockets],
      ['ServerSentEvents', HttpTransportType.ServerSentEvents],
      ['LongPolling', HttpTransportType.LongPolling],
    ])('delivers an event raised in A to a client of B over %s', async (_name, transport) => {
      const { user, token } = await a.member([tenant]);
      const connection = await clientOnB(token, transport);
      const got = nextCall(connection, HUB_EVENTS.ReloadNotifications);
      await a.app.hub.sendToUser(user.id, HUB_EVENTS.ReloadNotifications, ['from A']);
      expect(await got).toEqual(['from A']);
    });

    it('delivers to everyone and to a tenant across processes, the raising process included', async () => {
      const onB = await clientOnB((await a.member([tenant])).token);
      const { token } = await a.member([tenant]);
      const onA = await clients.connect(a.hubUrl, HttpTransportType.WebSockets, () => token);
      const both = [nextCall(onA, 'Broadcast'), nextCall(onB, 'Broadcast')];
      await b.app.hub.sendToAll('Broadcast', [1]);
      expect(await Promise.all(both)).toEqual([[1], [1]]);
      const tenantWide = [nextCall(onA, HUB_EVENTS.ReloadMessages), nextCall(onB, HUB_EVENTS.ReloadMessages)];
      await a.app.hub.sendToTenant(tenant, HUB_EVENTS.ReloadMessages);
      await Promise.all(tenantWide);
    });

    it('carries a message far over the 8000-byte NOTIFY limit intact', async () => {
      const { user, token } = await a.member([tenant]);
      const connection = await clientOnB(token);
      const big = { text: 'ø€😀'.repeat(10_000), list: Array.from({ length: 500 }, (_, i) => i) };
      const got = nextCall(connection, 'Big');
      await a.app.hub.sendToUser(user.id, 'Big', [big]);
      expect(await got).toEqual([big]);
    });

    it('sends LogOut to a session connected to B when it signs out through A, and B closes it', async () => {
      const { token, cookie } = await a.member([tenant]);
      const connection = await clientOnB(token);
      const infoOnB = () => b.app.inject({ method: 'GET', url: '/core/api/me/info', headers: bearer(token) });
      // B has just found the session live, and remembers that (http/live-sessions.ts).
      expect((await infoOnB()).statusCode).toBe(200);
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const logOut = nextCall(connection, HUB_EVENTS.LogOut);
      const res = await a.app.inject({
        method: 'POST',
        url: '/core/api/auth/logout',
        cookies: { atrium_refresh: cookie },
      });
      expect(res.statusCode).toBe(204);
      await logOut;
      await closed;
      expect(connection.state).toBe(HubConnectionState.Disconnected);
      // The revocation that reached B's connections also made B forget the session.
      expect((await infoOnB()).statusCode).toBe(401);
    });

    it('closes, without LogOut, a connection of B whose impersonation session ends through A', async () => {
      const target = await a.factories.user({ tenantIds: [tenant] });
      const admin = await a.factories.user({ roles: ['Superadmin'] });
      const adminToken = (await a.signIn(admin.email)).token;
      const impersonating = await a.impersonate(adminToken, target.id, tenant);
      const connection = await clientOnB(impersonating);
      let loggedOut = false;
      connection.on(HUB_EVENTS.LogOut, () => {
        loggedOut = true;
      });
      const stopped = nextCall(connection, HUB_EVENTS.ImpersonateStoped);
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const ended = await a.app.inject({
        method: 'POST',
        url: '/core/api/auth/unimpersonate',
        headers: bearer(impersonating),
      });
      expect(ended.statusCode).toBe(200);
      await stopped;
      expect((await closed)?.message).toMatch(/impersonation has ended/);
      expect(loggedOut).toBe(false);
      expect(connection.state).toBe(HubConnectionState.Disconnected);
    });

    it('moves a connection of B to the new tenant when the session switches through A', async () => {
      const other = (await a.factories.tenant()).id;
      const { token } = await a.member([tenant, other]);
      const connection = await clientOnB(token);
      const changed = nextCall(connection, HUB_EVENTS.TenantChanged);
      await a.activate(token, other);
      expect(await changed).toEqual([other]);
      // B moved the connection before it passed TenantChanged on: the first message to the tenant lands.
      const inOther = nextCall(connection, HUB_EVENTS.ReloadMessages);
      await a.app.hub.sendToTenant(other, HUB_EVENTS.ReloadMessages);
      await inOther;
    });

    it('re-reads user groups on B when A says they changed', async () => {
      const { user, token } = await a.member([tenant]);
      const connection = await clientOnB(token);
      const group = await a.factories.userGroup(tenant);
      await a.addToGroup(group.id, user.id);
      await a.app.hub.userGroupsChanged(user.id);
      const got = nextCall(connection, HUB_EVENTS.ReloadGroupMessages);
      // B applies what A published in order: the regroup is done before the message after it.
      await a.app.hub.sendToGroup(group.id, HUB_EVENTS.ReloadGroupMessages, [1]);
      expect(await got).toEqual([1]);
    });
  });
}

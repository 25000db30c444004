import { HUB_EVENTS } from '@atrium/contracts';
import { HttpTransportType, HubConnectionState } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { bearer } from '../harness.js';
import { hubWithTwoTenants, nextCall, receivesWithin } from './hub-helpers.js';

/**
 * Interoperability with the official @microsoft/signalr client, forced onto each transport in
 * turn, against a real listening server.
 */
const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

describe.each(transports)('hub over %s', (_name, transport) => {
  const fixture = hubWithTwoTenants(transport);
  const { connect } = fixture;

  it('connects with a token over the forced transport', async () => {
    const { token } = await fixture.server.member([fixture.tenantA]);
    const connection = await connect(token);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toMatch(/^[\w-]{16,}$/);
  });

  it('is refused without a token, and with a forged one (401)', async () => {
    await expect(connect(undefined)).rejects.toThrow(/401/);
    await expect(connect('not-a-token')).rejects.toThrow(/401/);
  });

  it('receives server invocations sent to its user, session, tenant, user group and everyone', async () => {
    const { user, token } = await fixture.server.member([fixture.tenantA]);
    const group = await fixture.server.factories.userGroup(fixture.tenantA);
    await fixture.server.addToGroup(group.id, user.id);
    const connection = await connect(token);
    const other = await connect((await fixture.server.member([fixture.tenantB])).token);
    const hub = fixture.server.app.hub;

    let got = nextCall(connection, 'ReloadNotifications');
    await hub.sendToUser(user.id, 'ReloadNotifications', [1, 'two']);
    expect(await got).toEqual([1, 'two']);

    got = nextCall(connection, 'ReloadMessages');
    const notOther = receivesWithin(other, 'ReloadMessages', 300);
    await hub.sendToTenant(fixture.tenantA, 'ReloadMessages');
    expect(await got).toEqual([]);
    expect(await notOther).toBe(false);

    got = nextCall(connection, 'ReloadGroupMessages');
    await hub.sendToGroup(group.id, 'ReloadGroupMessages', [{ groupId: group.id }]);
    expect(await got).toEqual([{ groupId: group.id }]);

    const both = [nextCall(connection, 'Broadcast'), nextCall(other, 'Broadcast')];
    await hub.sendToAll('Broadcast', ['hello']);
    expect(await Promise.all(both)).toEqual([['hello'], ['hello']]);
  });

  it('invokes hub methods and gets their completions and streams', async () => {
    const { token } = await fixture.server.member([fixture.tenantA]);
    const connection = await connect(token);
    expect(await connection.invoke('Echo', { text: 'ü€😀', n: [1, 2] })).toEqual({ text: 'ü€😀', n: [1, 2] });
    await expect(connection.invoke('NoSuchMethod')).rejects.toThrow(/Unknown hub method 'NoSuchMethod'/);
    await expect(connection.invoke('Echo')).rejects.toThrow(/Invalid arguments for 'Echo'/);

    const items: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      connection.stream('Count', 3, 0).subscribe({ next: (i) => items.push(i), complete: resolve, error: reject });
    });
    expect(items).toEqual([1, 2, 3]);

    // Many invocations in flight at once, batched by the client into few frames or posts.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => connection.invoke('Echo', i)));
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('reconnects after a graceful server restart and is rejoined to its groups', async () => {
    const { user, token } = await fixture.server.member([fixture.tenantA]);
    const connection = await connect(token);
    const firstId = connection.connectionId;
    let reconnecting = 0;
    connection.onreconnecting(() => reconnecting++);
    const reconnected = new Promise<string | undefined>((resolve) => connection.onreconnected(resolve));

    await fixture.server.restart();
    const newId = await reconnected;
    expect(reconnecting).toBe(1);
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(firstId);

    const got = nextCall(connection, 'ReloadNotifications');
    await fixture.server.app.hub.sendToUser(user.id, 'ReloadNotifications');
    await got;
    const inTenant = nextCall(connection, 'ReloadMessages');
    await fixture.server.app.hub.sendToTenant(fixture.tenantA, 'ReloadMessages');
    await inTenant;
  });

  it('receives LogOut when its session is revoked, then is closed for good', async () => {
    const { token, cookie } = await fixture.server.member([fixture.tenantA]);
    const connection = await connect(token);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    const logOut = nextCall(connection, HUB_EVENTS.LogOut);

    const res = await fixture.server.app.inject({
      method: 'POST',
      url: '/core/api/auth/logout',
      headers: bearer(token),
      cookies: { atrium_refresh: cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await logOut).toEqual([]);
    expect((await closed)?.message).toMatch(/session has ended/);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    // The revoked session cannot come back.
    await expect(connect(token)).rejects.toThrow(/401/);
  });

  it('sends TenantChanged to every connection of the user, and moves all their sessions to the new tenant', async () => {
    const user = await fixture.server.factories.user({ tenantIds: [fixture.tenantA, fixture.tenantB] });
    const first = await fixture.server.signIn(user.email);
    const second = await fixture.server.signIn(user.email);
    const switching = await connect(await fixture.server.activate(first.token, fixture.tenantA));
    const otherDevice = await connect(await fixture.server.activate(second.token, fixture.tenantA));
    const changed = [nextCall(switching, HUB_EVENTS.TenantChanged), nextCall(otherDevice, HUB_EVENTS.TenantChanged)];
    await fixture.server.activate(first.token, fixture.tenantB);
    expect(await Promise.all(changed)).toEqual([[fixture.tenantB], [fixture.tenantB]]);

    // The other device's session switched too (spec part 1 §4): its connection is in B, not A, and
    // its next refresh carries B.
    const inB = [nextCall(switching, 'ReloadMessages'), nextCall(otherDevice, 'ReloadMessages')];
    await fixture.server.app.hub.sendToTenant(fixture.tenantB, 'ReloadMessages');
    await Promise.all(inB);
    const inA = [receivesWithin(switching, 'ReloadNews', 300), receivesWithin(otherDevice, 'ReloadNews', 300)];
    await fixture.server.app.hub.sendToTenant(fixture.tenantA, 'ReloadNews');
    expect(await Promise.all(inA)).toEqual([false, false]);
    const refreshed = await fixture.server.app.inject({
      method: 'POST',
      url: '/core/api/auth/refresh',
      cookies: { atrium_refresh: second.cookie },
    });
    expect(refreshed.json().user.activeTenantId).toBe(fixture.tenantB);
  });
});

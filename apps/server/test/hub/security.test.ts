import { HUB_EVENTS } from '@atrium/contracts';
import { HttpTransportType, type HubConnection, HubConnectionState } from '@microsoft/signalr';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { diagnosticMethods, stream, unary } from '../../src/hub/methods.js';
import { bearer, TEST_JWT_SECRET } from '../harness.js';
import {
  type HubServer,
  hubClient,
  hubWithTwoTenants,
  nextCall,
  receivesWithin,
  startHubServer,
  trackedClients,
} from './hub-helpers.js';
import { HANDSHAKE, RS, rawHub } from './raw-client.js';

/** Fails instead of waiting forever for something that never happens. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
  ]);
}

/** The same claims as `token`, signed to expire in `seconds`. */
async function reissue(token: string, seconds: number) {
  const { sub, sid, tid, roles, imp } = decodeJwt(token);
  return new SignJWT({ sid, tid, roles, ...(imp !== undefined && { imp }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub!)
    .setIssuer('atrium')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/**
 * Whatever a client sends, and whatever a hub method answers, nothing may escape as an unhandled
 * rejection or an uncaught exception: either ends the Node process, and every client with it.
 */
describe('hub against hostile input', () => {
  let server: HubServer;
  let raw: ReturnType<typeof rawHub>;
  let token: string;
  let bystander: HubConnection;
  const faults: unknown[] = [];
  const onFault = (err: unknown) => faults.push(err);
  let streamClosed = false;

  beforeAll(async () => {
    process.on('unhandledRejection', onFault);
    process.on('uncaughtException', onFault);
    server = await startHubServer({
      hub: {
        methods: {
          ...diagnosticMethods,
          /** JSON cannot write a BigInt: the completion's encoding throws. */
          BigNumber: unary(z.tuple([]), () => ({ value: 10n })),
          /** A stream whose second item cannot be written. */
          BadItems: stream(z.tuple([]), async function* () {
            try {
              yield 1;
              yield 2n;
              yield 3;
            } finally {
              streamClosed = true;
            }
          }),
        },
      },
    });
    raw = rawHub(server.origin);
    ({ token } = await server.member([(await server.factories.tenant()).id]));
    bystander = hubClient(raw.hubUrl, HttpTransportType.WebSockets, () => token);
    await bystander.start();
  });
  afterEach(async () => {
    // Unhandled rejections are reported after the microtasks that follow them: give them a turn.
    await new Promise((r) => setTimeout(r, 50));
    expect(faults).toEqual([]);
    expect(bystander.state).toBe(HubConnectionState.Connected);
    expect(await bystander.invoke('Echo', 'still here')).toBe('still here');
  });
  afterAll(async () => {
    process.off('unhandledRejection', onFault);
    process.off('uncaughtException', onFault);
    await bystander.stop();
    await server.close();
  });

  it('closes, cleanly, a connection whose invocation argument nests 40,000 levels deep (~80 KB)', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":1,"invocationId":"deep","target":"Echo","arguments":[${nested(40_000)}]}${RS}`);
    await socket.waitForClose();
    expect(socket.records.at(-1)).toEqual({ type: 7, error: 'Message is nested deeper than 64 levels' });
    expect(socket.closed?.code).toBe(1000);
  });

  it('takes 64 levels of nesting, the message object included, and refuses 65', async () => {
    const socket = await raw.readySocket(token);
    // The message object and its arguments array are two levels of the 64.
    socket.ws.send(`{"type":1,"invocationId":"64","target":"Echo","arguments":[${nested(62)}]}${RS}`);
    await socket.waitFor((s) => s.records.length >= 2);
    expect(socket.records[1]).toEqual({ type: 3, invocationId: '64', result: JSON.parse(nested(62)) });
    // Brackets inside strings are text, not nesting.
    socket.ws.send(`{"type":1,"invocationId":"s","target":"Echo","arguments":["${'['.repeat(500)}\\"{"]}${RS}`);
    await socket.waitFor((s) => s.records.length >= 3);
    expect(socket.records[2]).toEqual({ type: 3, invocationId: 's', result: `${'['.repeat(500)}"{` });
    socket.ws.send(`{"type":1,"invocationId":"65","target":"Echo","arguments":[${nested(63)}]}${RS}`);
    await socket.waitForClose();
    expect(socket.records.at(-1)).toEqual({ type: 7, error: 'Message is nested deeper than 64 levels' });
  });

  it('closes a connection whose message type nests deeply, without echoing it', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":${nested(40_000)}}${RS}`);
    await socket.waitForClose();
    expect(socket.records.at(-1)).toEqual({ type: 7, error: 'Message is nested deeper than 64 levels' });

    const shallow = await raw.readySocket(token);
    shallow.ws.send(`{"type":{"a":[1,2,3]}}${RS}`);
    await shallow.waitForClose();
    expect(shallow.records.at(-1)).toEqual({ type: 7, error: 'Unknown message type: an object' });
  });

  it('closes a connection whose message holds a NUL character, in a string or a key, as HTTP refuses it', async () => {
    const nul = 'Message must not contain a NUL character (\\u0000)';
    for (const message of [
      `{"type":1,"invocationId":"n","target":"Echo","arguments":["a\\u0000b"]}`,
      `{"type":1,"invocationId":"n","target":"Echo","arguments":[{"k\\u0000":1}]}`,
      `{"type":1,"invocationId":"n\\u0000","target":"Echo","arguments":[]}`,
    ]) {
      const socket = await raw.readySocket(token);
      socket.ws.send(`${message}${RS}`);
      await socket.waitForClose();
      expect(socket.records.at(-1)).toEqual({ type: 7, error: nul });
    }
    // A backslash before "u0000" is text, not a NUL.
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":1,"invocationId":"t","target":"Echo","arguments":["\\\\u0000"]}${RS}`);
    await socket.waitFor((s) => s.records.length >= 2);
    expect(socket.records[1]).toEqual({ type: 3, invocationId: 't', result: '\\u0000' });
    socket.ws.close();
  });

  it('answers a deeply nested handshake with a handshake error', async () => {
    const socket = raw.socket(await raw.connectionToken(token), token);
    expect(await socket.opened).toBe(true);
    socket.ws.send(`{"protocol":"json","version":1,"x":${nested(40_000)}}${RS}`);
    await socket.waitForClose();
    expect(socket.records).toEqual([{ error: 'Message is nested deeper than 64 levels' }]);
  });

  it('closes a long-polling connection whose POST nests deeply, with the Close in the next poll', async () => {
    const id = await raw.connectionToken(token);
    await raw.poll(id, token);
    await raw.send(id, HANDSHAKE, token);
    expect(await (await raw.poll(id, token)).text()).toBe(`{}${RS}`);
    const body = `{"type":1,"invocationId":"1","target":"Echo","arguments":[${nested(40_000)}]}${RS}`;
    expect((await raw.send(id, body, token)).status).toBe(200);
    expect(await (await raw.poll(id, token)).text()).toBe(
      `{"type":7,"error":"Message is nested deeper than 64 levels"}${RS}`,
    );
  });

  it('answers a result it cannot serialize with an error completion, and the connection goes on', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":1,"invocationId":"big","target":"BigNumber","arguments":[]}${RS}`);
    await socket.waitFor((s) => s.records.length >= 2);
    expect(socket.records[1]).toEqual({
      type: 3,
      invocationId: 'big',
      error: "An unexpected error occurred invoking 'BigNumber' on the server.",
    });
    socket.ws.send(`{"type":1,"invocationId":"next","target":"Echo","arguments":["on"]}${RS}`);
    await socket.waitFor((s) => s.records.length >= 3);
    expect(socket.records[2]).toEqual({ type: 3, invocationId: 'next', result: 'on' });
    // Without an invocation id nobody waits for the answer; it still must not escape.
    socket.ws.send(`{"type":1,"target":"BigNumber","arguments":[]}${RS}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.closed).toBeNull();
    socket.ws.close();
  });

  it('ends a stream whose item it cannot serialize with an error completion, and stops the stream', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":4,"invocationId":"items","target":"BadItems","arguments":[]}${RS}`);
    await socket.waitFor((s) => s.records.some((r) => r.type === 3));
    expect(socket.records.slice(1)).toEqual([
      { type: 2, invocationId: 'items', item: 1 },
      { type: 3, invocationId: 'items', error: "An unexpected error occurred invoking 'BadItems' on the server." },
    ]);
    expect(streamClosed).toBe(true);
    socket.ws.close();
  });
});

describe('hub methods in production', () => {
  let server: HubServer;
  afterAll(() => server.close());

  it('registers none: the diagnostics are for tests only', async () => {
    server = await startHubServer({ diagnostics: false });
    const { token } = await server.member([(await server.factories.tenant()).id]);
    const connection = hubClient(server.hubUrl, HttpTransportType.WebSockets, () => token);
    await connection.start();
    await expect(connection.invoke('Echo', 1)).rejects.toThrow(/Unknown hub method 'Echo'/);
    await expect(connection.invoke('Count', 1, 0)).rejects.toThrow(/Unknown hub method 'Count'/);
    await connection.stop();
  });
});

describe('hub connections and the life of their access token', () => {
  let server: HubServer;
  let raw: ReturnType<typeof rawHub>;
  let tenant: string;
  const clients = trackedClients();

  beforeAll(async () => {
    server = await startHubServer({ hub: { sweepMs: 50, pollHoldMs: 300 } });
    raw = rawHub(server.origin);
    tenant = (await server.factories.tenant()).id;
  });
  afterAll(async () => {
    await clients.stopAll();
    await server.close();
  });

  it('closes a WebSocket with allowReconnect when the token it connected with expires', async () => {
    const { token } = await server.member([tenant]);
    const short = await reissue(token, 2);
    const socket = raw.socket(await raw.connectionToken(short), short);
    expect(await socket.opened).toBe(true);
    socket.ws.send(HANDSHAKE);
    await socket.waitFor((s) => s.text.startsWith(`{}${RS}`));
    const started = Date.now();
    await socket.waitForClose(4000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(socket.records.at(-1)).toEqual({ type: 7, error: 'The access token has expired', allowReconnect: true });
  });

  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ])('has the official client over %s reconnect with a fresh token from its factory', async (_name, transport) => {
    const { user, token } = await server.member([tenant]);
    let current = await reissue(token, 2);
    const connection = clients.client(server.hubUrl, transport, () => current);
    connection.onreconnecting(() => {
      current = token;
    });
    const reconnected = new Promise((resolve) => connection.onreconnected(resolve));
    await connection.start();
    const firstId = connection.connectionId;
    await within(reconnected, 5000, 'reconnect');
    expect(connection.connectionId).not.toBe(firstId);
    const got = nextCall(connection, HUB_EVENTS.ReloadNotifications);
    await server.app.hub.sendToUser(user.id, HUB_EVENTS.ReloadNotifications);
    await got;
  });

  it('keeps a long-polling connection whose polls bring a fresh token, and closes one whose do not', async () => {
    const { user, token } = await server.member([tenant]);
    const short = await reissue(token, 2);

    const renewed = await raw.connectionToken(short);
    await raw.poll(renewed, short);
    await raw.send(renewed, HANDSHAKE, short);
    expect(await (await raw.poll(renewed, short)).text()).toBe(`{}${RS}`);

    const stale = await raw.connectionToken(short);
    await raw.poll(stale, short);
    await raw.send(stale, HANDSHAKE, short);
    expect(await (await raw.poll(stale, short)).text()).toBe(`{}${RS}`);

    // The renewed connection polls on with the fresh token past the short one's expiry.
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      const res = await raw.poll(renewed, token);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
    const event = raw.poll(renewed, token);
    await new Promise((r) => setTimeout(r, 50));
    await server.app.hub.sendToUser(user.id, HUB_EVENTS.ReloadNotifications);
    expect(await (await event).text()).toBe(`{"type":1,"target":"ReloadNotifications","arguments":[]}${RS}`);

    // The stale one, silent meanwhile, was closed when its token expired.
    expect(await (await raw.poll(stale, token)).text()).toBe(
      `{"type":7,"error":"The access token has expired","allowReconnect":true}${RS}`,
    );
    await raw.remove(renewed, token);
  });
});

describe('hub and impersonation', () => {
  const fixture = hubWithTwoTenants(HttpTransportType.WebSockets);
  const { connect } = fixture;

  /** A user of tenants A and B signed in on their own device (tenant A), and a super administrator viewing as them. */
  async function impersonation() {
    const target = await fixture.server.factories.user({ tenantIds: [fixture.tenantA, fixture.tenantB] });
    const own = await fixture.server.activate((await fixture.server.signIn(target.email)).token, fixture.tenantA);
    const admin = await fixture.server.factories.user({ roles: ['Superadmin'] });
    const adminToken = (await fixture.server.signIn(admin.email)).token;
    return {
      target,
      own,
      adminToken,
      impersonating: await fixture.server.impersonate(adminToken, target.id, fixture.tenantA),
    };
  }

  it("sends TenantChanged of an impersonator's switch to the impersonation session only", async () => {
    const { own, impersonating } = await impersonation();
    const ownDevice = await connect(own);
    const viewing = await connect(impersonating);

    const toViewer = nextCall(viewing, HUB_EVENTS.TenantChanged);
    const toOwnDevice = receivesWithin(ownDevice, HUB_EVENTS.TenantChanged, 500);
    await fixture.server.activate(impersonating, fixture.tenantB);
    expect(await toViewer).toEqual([fixture.tenantB]);
    expect(await toOwnDevice).toBe(false);

    // The user's own device stays in its tenant; the viewer moved.
    const inA = nextCall(ownDevice, 'ReloadMessages');
    await fixture.server.app.hub.sendToTenant(fixture.tenantA, 'ReloadMessages');
    await inA;
    const inB = nextCall(viewing, 'ReloadNews');
    await fixture.server.app.hub.sendToTenant(fixture.tenantB, 'ReloadNews');
    await inB;
  });

  it("still sends a user's own switch to every connection of the user", async () => {
    const user = await fixture.server.factories.user({ tenantIds: [fixture.tenantA, fixture.tenantB] });
    const first = await fixture.server.activate((await fixture.server.signIn(user.email)).token, fixture.tenantA);
    const second = await fixture.server.activate((await fixture.server.signIn(user.email)).token, fixture.tenantA);
    const [a, b] = [await connect(first), await connect(second)];
    const both = [nextCall(a, HUB_EVENTS.TenantChanged), nextCall(b, HUB_EVENTS.TenantChanged)];
    await fixture.server.activate(first, fixture.tenantB);
    expect(await Promise.all(both)).toEqual([[fixture.tenantB], [fixture.tenantB]]);
  });

  it("keeps an impersonation session viewing as the user out of the user's own switch", async () => {
    const { own, impersonating } = await impersonation();
    const ownDevice = await connect(own);
    const viewing = await connect(impersonating);
    const toOwnDevice = nextCall(ownDevice, HUB_EVENTS.TenantChanged);
    const toViewer = receivesWithin(viewing, HUB_EVENTS.TenantChanged, 500);
    await fixture.server.activate(own, fixture.tenantB);
    expect(await toOwnDevice).toEqual([fixture.tenantB]);
    expect(await toViewer).toBe(false);
    // The viewer stays in the tenant the super administrator chose.
    const inA = nextCall(viewing, 'ReloadMessages');
    await fixture.server.app.hub.sendToTenant(fixture.tenantA, 'ReloadMessages');
    await inA;
  });

  it("closes the ended impersonation session's connections for good, after ImpersonateStoped", async () => {
    const { own, adminToken, impersonating } = await impersonation();
    const ownDevice = await connect(own);
    const admin = await connect(adminToken);
    const viewing = await connect(impersonating);
    let reconnecting = 0;
    viewing.onreconnecting(() => reconnecting++);
    const events: string[] = [];
    viewing.on(HUB_EVENTS.ImpersonateStoped, () => events.push('ImpersonateStoped'));
    const closed = new Promise<Error | undefined>((resolve) =>
      viewing.onclose((err) => {
        events.push('closed');
        resolve(err);
      }),
    );

    const res = await fixture.server.app.inject({
      method: 'POST',
      url: '/core/api/auth/unimpersonate',
      headers: bearer(impersonating),
    });
    expect(res.statusCode).toBe(200);
    expect((await within(closed, 3000, 'close'))?.message).toMatch(/impersonation has ended/);
    expect(events).toEqual(['ImpersonateStoped', 'closed']);
    await new Promise((r) => setTimeout(r, 300));
    expect(reconnecting).toBe(0);
    expect(viewing.state).toBe(HubConnectionState.Disconnected);
    // The administrator's own session and the user's own device are untouched.
    expect(admin.state).toBe(HubConnectionState.Connected);
    expect(ownDevice.state).toBe(HubConnectionState.Connected);
  });
});

describe('hub negotiate', () => {
  let server: HubServer;
  let raw: ReturnType<typeof rawHub>;

  beforeAll(async () => {
    server = await startHubServer({ hub: { negotiateTimeoutMs: 2000, sweepMs: 50 } });
    raw = rawHub(server.origin);
  });
  afterAll(() => server.close());

  it('caps a session at 20 negotiated connections that no transport picked up (429)', async () => {
    const tenant = (await server.factories.tenant()).id;
    const { user, token } = await server.member([tenant]);
    const ids = await Promise.all(Array.from({ length: 20 }, () => raw.connectionToken(token)));
    expect(new Set(ids).size).toBe(20);
    expect((await raw.negotiate(token)).status).toBe(429);
    const skipping = raw.socket(null, token);
    expect(await skipping.opened).toBe(false);
    expect(skipping.refused).toBe(429);

    // Other sessions of the same user are not affected.
    const other = await server.signIn(user.email);
    expect((await raw.negotiate(other.token)).status).toBe(200);

    // A transport picking one up frees its place.
    expect((await raw.poll(ids[0]!, token)).status).toBe(200);
    expect((await raw.negotiate(token)).status).toBe(200);
    expect((await raw.negotiate(token)).status).toBe(429);

    // So does the negotiate timeout.
    await new Promise((r) => setTimeout(r, 2300));
    expect((await raw.negotiate(token)).status).toBe(200);
    await raw.remove(ids[0]!, token);
  });
});

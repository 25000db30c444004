import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubServer, hubClient, startHubServer } from './hub-helpers.js';
import { HANDSHAKE, RS, rawHub } from './raw-client.js';

const LIMIT = 100_000;

/**
 * Bad input closes the one connection that sent it, cleanly (a handshake error or a Close
 * message, then a normal close), while the process goes on serving everyone else.
 */
describe('hub with bad input', () => {
  let server: HubServer;
  let raw: ReturnType<typeof rawHub>;
  let token: string;
  let bystander: ReturnType<typeof hubClient>;

  beforeAll(async () => {
    server = await startHubServer({ hub: { maxMessageBytes: LIMIT, maxPayloadBytes: 4 * LIMIT } });
    raw = rawHub(server.origin);
    ({ token } = await server.member([(await server.factories.tenant()).id]));
    bystander = hubClient(raw.hubUrl, HttpTransportType.WebSockets, () => token);
    await bystander.start();
  });
  afterAll(async () => {
    await bystander.stop();
    await server.close();
  });

  async function expectOthersServed() {
    expect(await bystander.invoke('Echo', 'still here')).toBe('still here');
  }

  it('answers a malformed handshake with a handshake error, then closes', async () => {
    for (const bad of ['{"protocol":', '[1,2]', '{"protocol":"json"}', 'garbage']) {
      const socket = raw.socket(await raw.connectionToken(token), token);
      expect(await socket.opened).toBe(true);
      socket.ws.send(`${bad}${RS}`);
      await socket.waitForClose();
      expect(socket.records).toEqual([{ error: expect.any(String) }]);
      expect(socket.closed?.code).toBe(1000);
    }
    await expectOthersServed();
  });

  it('refuses a protocol or version it does not speak', async () => {
    for (const [request, error] of [
      ['{"protocol":"messagepack","version":1}', "The protocol 'messagepack' is not supported."],
      ['{"protocol":"json","version":2}', "The server does not support version 2 of the 'json' protocol."],
    ]) {
      const socket = raw.socket(await raw.connectionToken(token), token);
      await socket.opened;
      socket.ws.send(`${request}${RS}`);
      await socket.waitForClose();
      expect(socket.records).toEqual([{ error }]);
    }
  });

  it('closes on an unknown message type with a Close carrying the error', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":99}${RS}`);
    await socket.waitForClose();
    expect(socket.records.at(-1)).toEqual({ type: 7, error: 'Unknown message type: 99' });
    expect(socket.closed?.code).toBe(1000);
    await expectOthersServed();
  });

  it('closes on garbage frames, text or binary', async () => {
    const text = await raw.readySocket(token);
    text.ws.send(`not json at all${RS}`);
    await text.waitForClose();
    expect(text.records.at(-1)).toMatchObject({ type: 7, error: 'Message is not valid JSON' });

    const binary = await raw.readySocket(token);
    binary.ws.send(Buffer.from([0xff, 0x00, 0x1e, 0x80, 0x1e]));
    await binary.waitForClose();
    expect(binary.records.at(-1)).toMatchObject({ type: 7 });

    const invalid = await raw.readySocket(token);
    invalid.ws.send(`{"type":1,"target":42,"arguments":"no"}${RS}`);
    await invalid.waitForClose();
    expect(invalid.records.at(-1)).toEqual({ type: 7, error: 'Invalid invocation message' });
    await expectOthersServed();
  });

  it('closes on a message over the limit, whole or still unterminated', async () => {
    const big = `{"type":1,"target":"Echo","arguments":["${'x'.repeat(LIMIT)}"]}`;
    const whole = await raw.readySocket(token);
    whole.ws.send(`${big}${RS}`);
    await whole.waitForClose();
    expect(whole.records.at(-1)).toEqual({ type: 7, error: `Message exceeds the limit of ${LIMIT} bytes` });

    const partial = await raw.readySocket(token);
    partial.ws.send(big.slice(0, LIMIT / 2));
    partial.ws.send(big.slice(LIMIT / 2));
    await partial.waitForClose();
    expect(partial.records.at(-1)).toEqual({ type: 7, error: `Message exceeds the limit of ${LIMIT} bytes` });

    // A frame over the transport's own cap is refused by the WebSocket layer (1009).
    const huge = await raw.readySocket(token);
    huge.ws.send('y'.repeat(4 * LIMIT + 1));
    await huge.waitForClose();
    expect(huge.closed?.code).toBe(1009);
    await expectOthersServed();
  });

  it('takes a message just under the limit', async () => {
    const value = 'z'.repeat(LIMIT - 100);
    expect(await bystander.invoke('Echo', value)).toBe(value);
  });

  it('closes a long-polling connection whose POST holds garbage, with the Close in the next poll', async () => {
    const id = await raw.connectionToken(token);
    await raw.poll(id, token);
    await raw.send(id, HANDSHAKE, token);
    expect(await (await raw.poll(id, token)).text()).toBe(`{}${RS}`);
    expect((await raw.send(id, `{{{${RS}`, token)).status).toBe(200);
    expect(await (await raw.poll(id, token)).text()).toBe(`{"type":7,"error":"Message is not valid JSON"}${RS}`);
    expect((await raw.poll(id, token)).status).toBe(404);
    await expectOthersServed();
  });

  it('answers records that arrive together, handshake included, in order', async () => {
    const socket = raw.socket(await raw.connectionToken(token), token);
    await socket.opened;
    socket.ws.send(
      `${HANDSHAKE}{"type":6}${RS}{"type":1,"invocationId":"1","target":"Echo","arguments":[1]}${RS}{"type":1,"target":"Echo","arguments":[2]}${RS}{"type":4,"invocationId":"2","target":"Count","arguments":[2,0]}${RS}`,
    );
    await socket.waitFor((s) => s.records.length >= 5);
    expect(socket.records).toEqual([
      {},
      { type: 3, invocationId: '1', result: 1 },
      { type: 2, invocationId: '2', item: 1 },
      { type: 2, invocationId: '2', item: 2 },
      { type: 3, invocationId: '2' },
    ]);
    socket.ws.close();
  });

  it('answers a stream invocation of a plain method, and the reverse, with an error completion', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(
      `{"type":4,"invocationId":"a","target":"Echo","arguments":[1]}${RS}{"type":1,"invocationId":"b","target":"Count","arguments":[1,0]}${RS}`,
    );
    await socket.waitFor((s) => s.records.length >= 3);
    expect(socket.records.slice(1)).toEqual([
      { type: 3, invocationId: 'a', error: expect.stringContaining("non-streaming 'Echo'") },
      { type: 3, invocationId: 'b', error: expect.stringContaining("streaming 'Count' method with a non-streaming") },
    ]);
    socket.ws.close();
  });

  it('stops a stream when the caller cancels it', async () => {
    const socket = await raw.readySocket(token);
    socket.ws.send(`{"type":4,"invocationId":"s","target":"Count","arguments":[100,50]}${RS}`);
    await socket.waitFor((s) => s.records.length >= 3);
    socket.ws.send(`{"type":5,"invocationId":"s"}${RS}`);
    await socket.waitFor((s) => s.records.some((r) => r.type === 3));
    const items = socket.records.filter((r) => r.type === 2).length;
    expect(items).toBeLessThan(10);
    expect(socket.records.at(-1)).toEqual({ type: 3, invocationId: 's' });
    socket.ws.close();
  });
});

describe('hub timeouts', () => {
  let server: HubServer;
  let raw: ReturnType<typeof rawHub>;
  let token: string;

  beforeAll(async () => {
    server = await startHubServer({
      hub: {
        keepAliveMs: 150,
        clientTimeoutMs: 600,
        handshakeTimeoutMs: 300,
        negotiateTimeoutMs: 300,
        pollHoldMs: 300,
        pollDisconnectMs: 400,
        sweepMs: 50,
      },
    });
    raw = rawHub(server.origin);
    ({ token } = await server.member([(await server.factories.tenant()).id]));
  });
  afterAll(() => server.close());

  it('pings an idle WebSocket, then closes it with allowReconnect when the client stays silent', async () => {
    const socket = raw.socket(await raw.connectionToken(token), token);
    await socket.opened;
    socket.ws.send(HANDSHAKE);
    await socket.waitFor((s) => s.records.some((r) => r.type === 6));
    await socket.waitForClose();
    expect(socket.records.at(-1)).toEqual({ type: 7, error: expect.any(String), allowReconnect: true });
  });

  it('keeps a client that pings alive past the timeout', async () => {
    const socket = raw.socket(await raw.connectionToken(token), token);
    await socket.opened;
    socket.ws.send(HANDSHAKE);
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 150));
      socket.ws.send(`{"type":6}${RS}`);
    }
    expect(socket.closed).toBeNull();
    socket.ws.close();
  });

  it('pings an event stream too', async () => {
    const id = await raw.connectionToken(token);
    const stream = await raw.events(id, token);
    await raw.send(id, HANDSHAKE, token);
    await stream.readUntil(`data: {"type":6}${RS}\r\n\r\n`);
    stream.close();
  });

  it('answers the handshake timeout with an error and closes', async () => {
    const socket = raw.socket(await raw.connectionToken(token), token);
    await socket.opened;
    await socket.waitForClose();
    expect(socket.records).toEqual([{ error: 'Handshake was not received in time' }]);
  });

  it('drops a negotiated connection that no transport picked up', async () => {
    const id = await raw.connectionToken(token);
    await new Promise((r) => setTimeout(r, 500));
    expect((await raw.poll(id, token)).status).toBe(404);
  });

  it('answers a held poll with 200 and no body when the hold ends, and forgets a client that stops polling', async () => {
    const id = await raw.connectionToken(token);
    await raw.poll(id, token);
    await raw.send(id, HANDSHAKE, token);
    await raw.poll(id, token);
    const started = Date.now();
    const held = await raw.poll(id, token);
    expect(held.status).toBe(200);
    expect(await held.text()).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await new Promise((r) => setTimeout(r, 600));
    expect((await raw.poll(id, token)).status).toBe(404);
  });
});

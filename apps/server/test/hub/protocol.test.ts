import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, TEST_JWT_SECRET } from '../harness.js';
import { type HubServer, startHubServer } from './hub-helpers.js';
import { HANDSHAKE, RawSocket, RS, rawHub } from './raw-client.js';

/** Status codes and framing of the transport protocol, checked with plain HTTP and WebSockets. */
describe('hub transport protocol', () => {
  let server: HubServer;
  let raw: ReturnType<typeof rawHub>;
  let token: string;

  beforeAll(async () => {
    server = await startHubServer();
    raw = rawHub(server.origin);
    const tenant = await server.factories.tenant();
    ({ token } = await server.member([tenant.id]));
  });
  afterAll(() => server.close());

  describe('POST /core/tenantHub/negotiate', () => {
    it('answers version 1 with a public id and a distinct secret token, for an empty body without content type', async () => {
      const { status, body } = await raw.negotiate(token);
      expect(status).toBe(200);
      expect(body).toEqual({
        negotiateVersion: 1,
        connectionId: expect.stringMatching(/^[\w-]+$/),
        connectionToken: expect.stringMatching(/^[\w-]{40,}$/),
        availableTransports: [
          { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
          { transport: 'ServerSentEvents', transferFormats: ['Text'] },
          { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
        ],
      });
      expect(body?.connectionToken).not.toBe(body?.connectionId);
    });

    it('accepts an empty body declared as JSON or text', async () => {
      for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
        const { status } = await raw.negotiate(token, '?negotiateVersion=1', { headers: { 'content-type': type } });
        expect(status).toBe(200);
      }
    });

    it('answers version 0 without a token when no version is asked, and its id then names the connection', async () => {
      const { status, body } = await raw.negotiate(token, '');
      expect(status).toBe(200);
      expect(body?.negotiateVersion).toBe(0);
      expect(body?.connectionToken).toBeUndefined();
      expect((await raw.poll(body!.connectionId, token)).status).toBe(200);
    });

    it('refuses other methods with 405', async () => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await fetch(`${raw.hubUrl}/negotiate`, { method, headers: bearer(token) });
        expect(res.status).toBe(405);
      }
    });

    it('answers 401 without a token, with a forged or expired one, and for a revoked session', async () => {
      expect((await raw.negotiate()).status).toBe(401);
      expect((await raw.negotiate('forged.token.value')).status).toBe(401);
      const claims = decodeJwt(token);
      const expired = await new SignJWT({ sid: claims.sid, tid: claims.tid, roles: claims.roles })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub!)
        .setIssuer('atrium')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      expect((await raw.negotiate(expired)).status).toBe(401);

      const user = await server.factories.user();
      const session = await server.signIn(user.email);
      expect((await raw.negotiate(session.token)).status).toBe(200);
      const out = await server.app.inject({
        method: 'POST',
        url: '/core/api/auth/logout',
        headers: bearer(session.token),
      });
      expect(out.statusCode).toBe(204);
      expect((await raw.negotiate(session.token)).status).toBe(401);
    });
  });

  describe('GET, POST and DELETE /core/tenantHub', () => {
    it('answers 400 when the id is missing', async () => {
      expect((await raw.poll(null, token)).status).toBe(400);
      expect((await raw.send(null, HANDSHAKE, token)).status).toBe(400);
      expect((await raw.remove(null, token)).status).toBe(400);
    });

    it('answers 404 for an unknown id, on every method and on a WebSocket upgrade', async () => {
      expect((await raw.poll('unknown', token)).status).toBe(404);
      expect((await raw.send('unknown', HANDSHAKE, token)).status).toBe(404);
      expect((await raw.remove('unknown', token)).status).toBe(404);
      const events = await raw.events('unknown', token);
      expect(events.res.status).toBe(404);
      const socket = raw.socket('unknown', token);
      expect(await socket.opened).toBe(false);
      expect(socket.refused).toBe(404);
    });

    it('answers 401 at connect without a token, and 403 for a token of another session', async () => {
      const id = await raw.connectionToken(token);
      expect((await raw.poll(id)).status).toBe(401);
      expect((await raw.events(id)).res.status).toBe(401);
      const socket = raw.socket(id);
      expect(await socket.opened).toBe(false);
      expect(socket.refused).toBe(401);
      const other = await server.signIn((await server.factories.user()).email);
      expect((await raw.poll(id, other.token)).status).toBe(403);
      // None of that used the connection up.
      expect((await raw.poll(id, token)).status).toBe(200);
    });

    it('answers the first poll at once with 200 and an empty body, replaces a held poll with 204, and ends on DELETE with 202', async () => {
      const id = await raw.connectionToken(token);
      const first = await raw.poll(id, token);
      expect(first.status).toBe(200);
      expect(await first.text()).toBe('');
      expect((await raw.send(id, HANDSHAKE, token)).status).toBe(200);
      const answer = await raw.poll(id, token);
      expect(await answer.text()).toBe(`{}${RS}`);

      const held = raw.poll(id, token);
      await new Promise((r) => setTimeout(r, 100));
      const replacing = raw.poll(id, token);
      expect((await held).status).toBe(204);
      await new Promise((r) => setTimeout(r, 100));
      expect((await raw.remove(id, token)).status).toBe(202);
      expect((await replacing).status).toBe(204);
      expect((await raw.poll(id, token)).status).toBe(404);
    });

    it('delivers what is sent while no poll is held to the next poll, several records in one body', async () => {
      const id = await raw.connectionToken(token);
      await raw.poll(id, token);
      // Handshake and two invocations in one POST, as the client batches them.
      const body = `${HANDSHAKE}{"type":1,"invocationId":"1","target":"Echo","arguments":["a"]}${RS}{"type":1,"invocationId":"2","target":"Echo","arguments":["b"]}${RS}`;
      expect((await raw.send(id, body, token)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      const text = await (await raw.poll(id, token)).text();
      expect(text).toBe(
        `{}${RS}{"type":3,"invocationId":"1","result":"a"}${RS}{"type":3,"invocationId":"2","result":"b"}${RS}`,
      );
      await raw.remove(id, token);
    });

    it('refuses a change of transport with 400', async () => {
      const id = await raw.connectionToken(token);
      expect((await raw.poll(id, token)).status).toBe(200);
      expect((await raw.events(id, token)).res.status).toBe(400);
      const socket = raw.socket(id, token);
      expect(await socket.opened).toBe(false);
      expect(socket.refused).toBe(400);
      await raw.remove(id, token);

      const wsId = await raw.connectionToken(token);
      const ws = raw.socket(wsId, token);
      expect(await ws.opened).toBe(true);
      expect((await raw.poll(wsId, token)).status).toBe(400);
      expect((await raw.send(wsId, HANDSHAKE, token)).status).toBe(405);
      ws.ws.close();
    });

    it('refuses a second WebSocket and a second event stream of one connection with 409', async () => {
      const wsId = await raw.connectionToken(token);
      const first = raw.socket(wsId, token);
      expect(await first.opened).toBe(true);
      const second = raw.socket(wsId, token);
      expect(await second.opened).toBe(false);
      expect(second.refused).toBe(409);
      first.ws.close();

      const sseId = await raw.connectionToken(token);
      const stream = await raw.events(sseId, token);
      expect(stream.res.status).toBe(200);
      expect((await raw.events(sseId, token)).res.status).toBe(409);
      stream.close();
    });

    it('streams events with the SSE framing: a comment at once, then one data line per message', async () => {
      const id = await raw.connectionToken(token);
      const stream = await raw.events(id, token);
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream');
      expect(stream.res.headers.get('cache-control')).toBe('no-cache');
      expect(await stream.readUntil(':\r\n')).toBe(':\r\n');
      expect((await raw.send(id, HANDSHAKE, token)).status).toBe(200);
      await stream.readUntil(`data: {}${RS}\r\n\r\n`);
      await raw.send(id, `{"type":1,"invocationId":"7","target":"Echo","arguments":["x"]}${RS}`, token);
      await stream.readUntil(`data: {"type":3,"invocationId":"7","result":"x"}${RS}\r\n\r\n`);
      stream.close();
      // The stream's end ends the connection: SSE has no DELETE.
      await new Promise((r) => setTimeout(r, 100));
      expect((await raw.send(id, `{"type":6}${RS}`, token)).status).toBe(404);
    });

    it('takes a WebSocket that skipped negotiate, with the token in the header or in the query', async () => {
      const socket = raw.socket(null, token);
      expect(await socket.opened).toBe(true);
      socket.ws.send(HANDSHAKE);
      await socket.waitFor((s) => s.text === `{}${RS}`);
      socket.ws.close();

      const inQuery = new RawSocket(new WebSocket(`${raw.hubUrl.replace(/^http/, 'ws')}?access_token=${token}`));
      expect(await inQuery.opened).toBe(true);
      inQuery.ws.close();

      const skipping = new HubConnectionBuilder()
        .withUrl(raw.hubUrl, {
          transport: HttpTransportType.WebSockets,
          skipNegotiation: true,
          accessTokenFactory: () => token,
        })
        .configureLogging(LogLevel.None)
        .build();
      await skipping.start();
      expect(await skipping.invoke('Echo', 5)).toBe(5);
      await skipping.stop();
    });
  });
});

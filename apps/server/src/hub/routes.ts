import { AUTHENTICATED, PUBLIC } from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Authenticator, principalOfToken } from '../http/access-policy.js';
import { principalOf } from '../http/tenant-context.js';
import { bearerToken } from '../http/tokens.js';
import { type Connection, tokenExpiry } from './connection.js';
import type { Hub } from './hub.js';
import { LongPollingSink, ServerSentEventsSink } from './transports.js';

export type HubRouteDeps = { hub: Hub; authenticator: Authenticator };

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];

type Query = Record<string, string | undefined>;

const text = (reply: FastifyReply, status: number, body = '') =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(body);

/**
 * The HTTP side of the hub: negotiate, Server-Sent Events, long polling, and the POST and DELETE
 * of the half-duplex transports. Registered in its own context: bodies are read raw, whatever
 * their content type (an empty negotiate body carries none).
 */
export async function hubRoutes(app: FastifyInstance, { hub, authenticator }: HubRouteDeps) {
  const { path, maxPayloadBytes, pollHoldMs } = hub.options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxPayloadBytes }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    `${path}/negotiate`,
    { config: { policy: AUTHENTICATED, tokenInQuery: true }, schema: { hide: true } },
    async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      if (!hub.accepting) return text(reply, 503, 'The server is shutting down');
      const version = Number(request.query.negotiateVersion) >= 1 ? 1 : 0;
      // The access policy verified this token: the connection lives until it expires.
      const expiresAt = tokenExpiry(bearerToken(request.headers, request.query) ?? '');
      const connection = await hub.open(principalOf(request), version, expiresAt);
      if (!connection) return text(reply, 429, 'Too many connections of this session are waiting for a transport');
      reply.header('cache-control', 'no-store');
      return {
        negotiateVersion: version,
        connectionId: connection.id,
        ...(version >= 1 && { connectionToken: connection.token }),
        availableTransports: AVAILABLE_TRANSPORTS,
      };
    },
  );

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: `${path}/negotiate`,
    config: { policy: PUBLIC },
    schema: { hide: true },
    handler: (_request, reply) => text(reply.header('allow', 'POST'), 405, 'Negotiate takes POST only'),
  });

  /**
   * The connection a transport request names with `id`, once its caller is checked. Public
   * routes below check for themselves: the request that opens a transport needs a live
   * session, the later ones (polls, sends) a valid token of the same session, so that a
   * revoked session still takes its LogOut and Close. A valid token extends the connection's
   * life to its expiry (long polling renews its token with every poll).
   */
  async function connectionOf(
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
  ): Promise<Connection | null> {
    const refuse = (status: number, body: string) => {
      text(reply, status, body);
      return null;
    };
    const id = request.query.id;
    if (!id) return refuse(400, 'Connection ID required');
    const token = bearerToken(request.headers, request.query);
    if (!token) return refuse(401, 'Unauthorized');
    const found = hub.find(id);
    if (!found) return refuse(404, 'No Connection with that ID');
    const principal =
      found.transport === null ? await principalOfToken(authenticator, token) : authenticator.tokens.verify(token);
    if (!principal) return refuse(401, 'Unauthorized');
    if (principal.sessionId !== found.sessionId) return refuse(403, 'Forbidden');
    found.authenticated(tokenExpiry(token));
    // The connection may have ended while the caller was checked.
    return hub.find(id) ?? refuse(404, 'No Connection with that ID');
  }

  app.get(
    path,
    { config: { policy: PUBLIC }, schema: { hide: true }, exposeHeadRoute: false },
    async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const connection = await connectionOf(request, reply);
      if (!connection) return reply;
      const sse = request.headers.accept?.includes('text/event-stream') ?? false;
      const kind = sse ? 'ServerSentEvents' : 'LongPolling';
      if (connection.transport && connection.transport !== kind)
        return text(reply, 400, 'Cannot change transports mid-connection');
      if (connection.transport === 'ServerSentEvents')
        return text(reply, 409, 'An event stream is already open for this connection');

      reply.hijack();
      const res = reply.raw;
      if (sse) {
        const sink = new ServerSentEventsSink(res);
        connection.attach('ServerSentEvents', sink);
        res.on('close', () => connection.transportClosed());
        sink.open();
        return reply;
      }
      if (connection.transport === null) {
        // The first poll only finishes setting the connection up.
        connection.attach('LongPolling', new LongPollingSink(connection, pollHoldMs));
        res.writeHead(200, { 'content-length': 0, 'cache-control': 'no-store' }).end();
        return reply;
      }
      if (connection.sink instanceof LongPollingSink) connection.sink.take(res);
      else res.writeHead(204).end();
      return reply;
    },
  );

  app.post(
    path,
    { config: { policy: PUBLIC }, schema: { hide: true } },
    async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const connection = await connectionOf(request, reply);
      if (!connection) return reply;
      if (connection.transport === 'WebSockets')
        return text(reply, 405, 'POST requests are not allowed for WebSocket connections');
      if (connection.transport === null) return text(reply, 400, 'The connection has no transport yet');
      if (!connection.isOpen) return text(reply, 404, 'No Connection with that ID');
      const body = request.body;
      if (Buffer.isBuffer(body) && body.length) connection.receive(body.toString('utf8'));
      return text(reply, 200);
    },
  );

  app.delete(
    path,
    { config: { policy: PUBLIC }, schema: { hide: true } },
    async (request: FastifyRequest<{ Querystring: Query }>, reply) => {
      const connection = await connectionOf(request, reply);
      if (!connection) return reply;
      if (connection.transport !== 'LongPolling') {
        return text(reply, 400, 'Cannot terminate this connection using the DELETE endpoint');
      }
      connection.abort();
      return text(reply, 202, 'Accepted');
    },
  );
}

import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { type Authenticator, principalOfToken } from '../http/access-policy.js';
import { bearerToken } from '../http/tokens.js';
import { type Connection, tokenExpiry } from './connection.js';
import type { Hub } from './hub.js';
import { WebSocketSink } from './transports.js';

function refuse(socket: Duplex, status: number, body: string) {
  if (!socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * WebSockets on the Fastify server's 'upgrade' event, for the hub path only. Everything is
 * checked before upgrading: unknown ids get 404, a second socket 409, no valid token 401.
 */
export function attachWebSockets(server: Server, deps: { hub: Hub; authenticator: Authenticator }) {
  const { hub, authenticator } = deps;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: hub.options.maxPayloadBytes,
    perMessageDeflate: false,
  });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    if (!hub.accepting) return refuse(socket, 503, 'The server is shutting down');
    // The hub's path: browsers' WebSockets cannot send headers, so the query may carry the token.
    const token = bearerToken(req.headers, Object.fromEntries(url.searchParams));
    if (!token) return refuse(socket, 401, 'Unauthorized');
    const id = url.searchParams.get('id');
    if (id && !hub.find(id)) return refuse(socket, 404, 'No Connection with that ID');
    const principal = await principalOfToken(authenticator, token);
    if (!principal) return refuse(socket, 401, 'Unauthorized');
    const expiresAt = tokenExpiry(token);

    let connection: Connection;
    if (id) {
      const found = hub.find(id);
      if (!found) return refuse(socket, 404, 'No Connection with that ID');
      if (found.sessionId !== principal.sessionId) return refuse(socket, 403, 'Forbidden');
      if (found.transport === 'WebSockets')
        return refuse(socket, 409, 'A WebSocket is already open for this connection');
      if (found.transport) return refuse(socket, 400, 'Cannot change transports mid-connection');
      connection = found;
      connection.authenticated(expiresAt);
    } else {
      // A client that skipped negotiate (WebSockets only) gets a connection on the spot.
      const opened = await hub.open(principal, 1, expiresAt);
      if (!opened) return refuse(socket, 429, 'Too many connections of this session are waiting for a transport');
      connection = opened;
    }

    // Claimed before the upgrade completes, so that a racing second socket gets 409.
    const sink = new WebSocketSink();
    connection.attach('WebSockets', sink);
    const dropIfNotUpgraded = () => sink.socket || connection.transportClosed();
    socket.once('close', dropIfNotUpgraded);
    wss.handleUpgrade(req, socket, head, (ws) => {
      socket.off('close', dropIfNotUpgraded);
      sink.socket = ws;
      // Text or binary frames alike carry UTF-8 JSON records (binaryType is 'nodebuffer').
      ws.on('message', (data) => connection.receive((data as Buffer).toString('utf8')));
      ws.on('error', (err) => hub.log.info({ connectionId: connection.id, error: err.message }, 'hub WebSocket error'));
      ws.on('close', () => connection.transportClosed());
      if (!connection.isOpen) ws.close(1000);
    });
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== hub.options.path) {
      // Other upgrade handlers may own other paths; alone, refuse what nobody serves.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    upgrade(req, socket, head, url).catch((err) => {
      hub.log.error({ err }, 'hub WebSocket upgrade failed');
      refuse(socket, 500, 'Internal Server Error');
    });
  });
  return wss;
}

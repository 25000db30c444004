import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Lets a graceful close finish. Node's server.close() waits for every socket, but keeps those
 * that a client opened ahead and never used (HTTP clients pool them): after the hub has told its
 * clients to reconnect, idle sockets are closed at once and busy ones after the grace period.
 */
export function trackSockets(server: Server, graceMs: number) {
  const busy = new Map<Socket, boolean>();
  server.on('connection', (socket: Socket) => {
    busy.set(socket, false);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (req, res) => {
    busy.set(req.socket, true);
    res.once('close', () => busy.has(req.socket) && busy.set(req.socket, false));
  });
  return {
    closeIdle() {
      for (const [socket, inUse] of busy) if (!inUse) socket.destroy();
      setTimeout(() => {
        for (const socket of busy.keys()) socket.destroy();
      }, graceMs).unref();
    },
  };
}

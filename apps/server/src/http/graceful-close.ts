import type { FastifyInstance } from 'fastify';

/**
 * A graceful close in the order a rolling restart needs (README "Deployment"). Fastify's own order
 * runs the preClose hooks (the hub's tells its clients to reconnect) while the server still
 * accepts connections, so a client's reconnect could land on the stopping process again. Here the
 * server stops listening first; after the other preClose hooks, the close waits until every
 * request in flight is answered, and only then do the onClose hooks close the services.
 *
 * `beforeOthers` must be called before the hub registers, `afterOthers` after everything else.
 */
export function gracefulClose(app: FastifyInstance) {
  let drained: Promise<void> | null = null;
  return {
    beforeOthers() {
      app.addHook('preClose', async () => {
        if (!app.server.listening) return;
        drained = new Promise<void>((resolve) => app.server.close(() => resolve()));
      });
      // An answer sent while closing ends its connection, or a keep-alive client would hold the
      // close open until the sockets are cut.
      app.addHook('onSend', (_request, reply, payload, done) => {
        if (drained) reply.header('connection', 'close');
        done(null, payload);
      });
    },
    afterOthers() {
      app.addHook('preClose', async () => {
        await drained;
      });
    },
  };
}

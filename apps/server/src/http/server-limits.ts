import fp from 'fastify-plugin';

/**
 * How long a request may take to arrive. Without these a client that sends a body a byte at a time,
 * or a head and then nothing, holds a connection (and its parser and buffers) for as long as it likes.
 */
export type HttpLimits = {
  /** The whole request, head and body, must have arrived within this; otherwise 408 and the connection closes. */
  requestTimeoutMs: number;
  /** The head alone (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A body that sends nothing for this long is cut off. */
  bodyIdleMs: number;
  /** How often Node looks for requests past requestTimeoutMs. */
  checkEveryMs: number;
};

/**
 * Two minutes for a whole request: the largest upload (a 50 MiB document by default) then needs
 * 3.5 Mbit/s; a body silent for 30 s is gone. docs/security.md, 5.2.1.
 */
export const defaultHttpLimits: HttpLimits = {
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 30_000,
  bodyIdleMs: 30_000,
  checkEveryMs: 5_000,
};

/**
 * The longest path parameter the router matches, counted percent-encoded as it arrives: the longest
 * parameter a schema allows is 200 characters (a client search), and a character may take 12 bytes
 * encoded (4 UTF-8 bytes, 3 each). Beyond it the router answers 414.
 */
export const MAX_PARAM_LENGTH = 200 * 12;

/** Fastify's server options for the limits. */
export const serverLimitOptions = (limits: HttpLimits) => ({
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  requestTimeout: limits.requestTimeoutMs,
  http: {
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    connectionsCheckingInterval: limits.checkEveryMs,
  },
});

/**
 * While a request's body comes in, its socket closes after bodyIdleMs without a byte; once the body is
 * complete, the socket has no idle limit again (answers may take their time, hub polls are held open).
 */
export const bodyIdlePlugin = fp<{ limits: HttpLimits }>(
  async (app, { limits }) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.raw;
      const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
      // Injected requests (tests) have no real socket.
      if (hasBody && !raw.complete && typeof raw.socket?.setTimeout === 'function') {
        // No 'timeout' listener: Node's server then destroys the socket.
        raw.socket.setTimeout(limits.bodyIdleMs);
        raw.once('end', () => raw.socket?.setTimeout(0));
      }
      done();
    });
  },
  { name: 'body-idle' },
);

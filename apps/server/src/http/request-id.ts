import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a caller's own X-Request-Id may look like to be kept: short, and nothing a log could misread. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the one a proxy or caller sent in X-Request-Id when it is sane, otherwise a new
 * UUID. Fastify puts it on every log line of the request (reqId).
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Every answer names its request's id, so a user's report can be matched with the log. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);

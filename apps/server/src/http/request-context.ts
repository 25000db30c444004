import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Who is behind the running request and from where: what the audit log records with every
 * administrative write (modules/audit), without each service being handed the request.
 */
export type RequestContext = {
  /** The signed-in user (the impersonated one while a super administrator impersonates). */
  actorId: string | null;
  /** The super administrator behind an impersonation; null otherwise. */
  realActorId: string | null;
  /** The caller's address (Fastify's request.ip, which honours trustProxy). */
  ip: string | null;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** The running request's context; null outside any request (start-up, timers, workers). */
export const requestContext = (): RequestContext | null => storage.getStore() ?? null;

/** Runs fn with a context of its own (tests, or work done on behalf of a named user). */
export const runWithRequestContext = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

/** Opens the context on every request, and fills in the caller once the access policy knows them. */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      storage.run({ actorId: null, realActorId: null, ip: request.ip ?? null }, done);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const store = storage.getStore();
      const principal = request.principal;
      if (store && principal) {
        store.actorId = principal.userId;
        store.realActorId = principal.impersonatorId ?? null;
      }
      done();
    });
  },
  { name: 'request-context' },
);

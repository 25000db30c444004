import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enterTenant, runInScope } from '../db/tenant-scope.js';

const resumeScope = Symbol('tenantScope');

declare module 'fastify' {
  interface FastifyRequest {
    [resumeScope]: AsyncResource | null;
  }
}

/**
 * Runs every request in a tenant scope of its own (db/tenant-scope.ts): none at first, then, once the
 * access-policy hook has authenticated the caller, the principal's active tenant. Every query the
 * request sends runs with that tenant set on its connection, so row-level security shows it only
 * its tenant's rows. Register it before the access-policy plugin.
 */
export const tenantScopePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(resumeScope, null);

    // Callback style, so that the rest of the request's hooks run inside the store.
    app.addHook('onRequest', (request, _reply, done) => {
      runInScope({ tenantId: null, crossTenant: null, log: request.log }, () => {
        request[resumeScope] = new AsyncResource('atrium-tenant-scope');
        done();
      });
    });

    // After onRequest (authentication) and body parsing, whose stream events run outside the store:
    // enter it again, now with the caller's tenant.
    app.addHook('preValidation', (request, _reply, done) => {
      const resource = request[resumeScope];
      if (!resource) return done();
      resource.runInAsyncScope(() => {
        enterTenant(request.principal?.tenantId ?? null);
        done();
      });
    });
  },
  { name: 'tenant-scope' },
);

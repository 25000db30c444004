import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enterTenant, runInScope } from '../db/tenant-scope.js';

/**
 * Runs every request in a tenant scope of its own (db/tenant-scope.ts): none at first, then, once the
 * access-policy hook has authenticated the caller, the principal's active tenant. Every query the
 * request sends runs with that tenant set on its connection, so row-level security shows it only
 * its tenant's rows. Register it before the access-policy plugin.
 */
export const tenantScopePlugin = fp(
  async (app: FastifyInstance) => {
    // Callback style, so that the rest of the request (Fastify carries the async context through
    // body parsing) runs inside the store.
    app.addHook('onRequest', (request, _reply, done) => {
      runInScope({ tenantId: null, crossTenant: null, log: request.log }, done);
    });
    // After every onRequest hook, the access policy's authentication included.
    app.addHook('preValidation', (request, _reply, done) => {
      enterTenant(request.principal?.tenantId ?? null);
      done();
    });
  },
  { name: 'tenant-scope' },
);

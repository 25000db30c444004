import { Readable } from 'node:stream';
import { auditActorsSchema, auditPageSchema, auditQuerySchema, POLICIES } from '@atrium/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';

// Super administrators, partner managers and tenant administrators; the service narrows each to their scope.
const policy = POLICIES.groupReaders;
const route = routeOptions(['audit']);

/** The audit log, read-only: there is no route that edits or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;

  app.get(
    '/audit',
    route(
      policy,
      'The audit log of administrative writes, newest first: every tenant for a super administrator, the partner’s tenants for a partner manager, the active tenant for a tenant administrator',
      { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    ),
    async (request) => audit.list(activeTenantOf(request), principalOf(request), request.query),
  );

  app.get(
    '/audit/actors',
    route(policy, 'Everyone who appears as an actor in the caller’s audit log (the actor filter)', {
      response: { 200: auditActorsSchema },
    }),
    async (request) => audit.actors(activeTenantOf(request), principalOf(request)),
  );

  // api-contract.md names it GET /audit/export; the web app calls /audit/export.csv. Both answer.
  for (const url of ['/audit/export.csv', '/audit/export']) {
    app.get(
      url,
      route(policy, 'The filtered audit log as CSV (streamed; cells cannot start a spreadsheet formula)', {
        querystring: auditQuerySchema.omit({ page: true, take: true }),
        produces: ['text/csv'],
      }),
      async (request, reply) => {
        const lines = await audit.exportCsv(activeTenantOf(request), principalOf(request), {
          ...request.query,
          page: 1,
          take: 1,
        });
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(`audit-log-${date}.csv`))
          .send(Readable.from(lines));
      },
    );
  }
};

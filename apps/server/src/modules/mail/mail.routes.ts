import { outboxItemSchema, POLICIES, pageOf, pageQuerySchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../http/route-options.js';

const route = routeOptions(['mail']);

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail } = app.services;

  app.get(
    '/mail/outbox',
    route(POLICIES.superadmins, 'Mail the platform sent or queued, newest first (super administrators)', {
      querystring: pageQuerySchema,
      response: { 200: pageOf(outboxItemSchema) },
    }),
    async (request) => mail.outbox(request.query),
  );
};

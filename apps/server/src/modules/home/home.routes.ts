import { AUTHENTICATED, homeContentSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';

const route = routeOptions(['home']);

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { home } = app.services;

  app.get(
    '/home/content',
    route(AUTHENTICATED, 'The active tenant’s home content: headline, logo and copies, rich text (sanitized), video', {
      response: { 200: homeContentSchema },
    }),
    async (request) => home.content(tenantOf(request)),
  );
};

import { PUBLIC } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../http/route-options.js';

const downPart = z.object({ part: z.enum(['process', 'database', 'redis', 'storage']), reason: z.string() });

const route = routeOptions(['health']);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app.services;

  app.get(
    '/health',
    route(PUBLIC, 'Liveness: the process answers', {
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
    }),
    async () => health.check(),
  );

  app.get(
    '/health/ready',
    route(PUBLIC, 'Readiness: database reachable and migrated, Redis (when configured) and storage reachable', {
      response: {
        200: z.object({ status: z.literal('ready') }),
        503: z.object({
          type: z.string(),
          title: z.string(),
          status: z.literal(503),
          detail: z.string(),
          down: z.array(downPart),
        }),
      },
    }),
    async (_request, reply) => {
      const readiness = await health.readiness();
      if (readiness.ready) return { status: 'ready' as const };
      return reply
        .code(503)
        .type('application/problem+json')
        .header('cache-control', 'no-store')
        .send({
          type: 'about:blank',
          title: 'Not ready',
          status: 503 as const,
          detail: `Down: ${readiness.down.map((d) => d.part).join(', ')}`,
          down: readiness.down,
        });
    },
  );
};

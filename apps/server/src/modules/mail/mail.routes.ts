import { POLICIES, pageOf, pageQuerySchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const outboxItem = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'stored', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
});

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mail } = app.services;

  app.get(
    '/mail/outbox',
    {
      config: { policy: POLICIES.superadmins },
      schema: {
        tags: ['mail'],
        summary: 'Mail the platform sent or queued, newest first (super administrators)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(outboxItem) },
      },
    },
    async (request) => mail.outbox(request.query),
  );
};

import { pageOf, pageQuerySchema, roles } from '@atrium/contracts';
import { count, desc, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app.js';
import { containsPattern } from '../../db/like.js';
import { mailOutbox } from './mail.schema.js';

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

export const mailRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/mail/outbox',
    {
      config: { policy: roles(['Superadmin']) },
      schema: {
        tags: ['mail'],
        summary: 'Mail the platform sent or queued, newest first (super administrators)',
        querystring: pageQuerySchema,
        response: { 200: pageOf(outboxItem) },
      },
    },
    async (request) => {
      const { page, take, search } = request.query;
      const where = search
        ? or(ilike(mailOutbox.to, containsPattern(search)), ilike(mailOutbox.subject, containsPattern(search)))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt))
          .limit(take)
          .offset((page - 1) * take),
        db.select({ n: count() }).from(mailOutbox).where(where),
      ]);
      return { data: rows, total: total?.n ?? 0, page, take };
    },
  );
};

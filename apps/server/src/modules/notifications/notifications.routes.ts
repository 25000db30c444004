import { AUTHENTICATED, notificationCountSchema, POLICIES, sendDailyMailsResultSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, tenantOf } from '../../http/tenant-context.js';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    '/notifications/count',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags,
        summary: "The menu's unread notification counts in the active tenant (400 noActiveTenant without one)",
        response: { 200: z.array(notificationCountSchema) },
      },
    },
    async (request) => notifications.counts(tenantOf(request), principalOf(request)),
  );

  app.post(
    '/notifications/senddailymails',
    {
      // Super administrators only, and of those only the accounts in DAILY_MAIL_SENDERS (the service checks).
      config: { policy: POLICIES.superadmins },
      schema: {
        tags,
        summary:
          'Mail every user with a daily subscription their unmailed notifications, one digest each (DAILY_MAIL_SENDERS only)',
        response: { 200: sendDailyMailsResultSchema },
      },
    },
    async (request) => notifications.sendDailyMails(principalOf(request)),
  );
};

import { roles, sendDailyMailsResultSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../app.js';
import { principalOf } from '../../http/tenant-context.js';
import { createNotificationsService } from './notifications.service.js';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, db, hub, mailer }) => {
  const notifications = createNotificationsService({ db, hub, mailer, config });

  app.post(
    '/notifications/senddailymails',
    {
      // Super administrators only, and of those only the accounts in DAILY_MAIL_SENDERS (the service checks).
      config: { policy: roles(['Superadmin']) },
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

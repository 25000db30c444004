import {
  changeNotificationIntervalSchema,
  inboxPageSchema,
  inboxQuerySchema,
  notificationCountSchema,
  notificationTypesPageSchema,
  notificationTypesQuerySchema,
  POLICIES,
  sendDailyMailsResultSchema,
  subscribableUserSchema,
  userSubscriptionSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';

const route = routeOptions(['notifications']);
const member = POLICIES.tenantMembers;

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    '/notifications/count',
    route(member, "The menu's unread notification counts in the active tenant (400 noActiveTenant without one)", {
      response: { 200: z.array(notificationCountSchema) },
    }),
    async (request) => notifications.counts(tenantOf(request), principalOf(request)),
  );

  // The caller's own notifications in the active tenant (their inbox), newest first.
  app.get(
    '/notifications',
    route(member, "A page of the caller's notifications in the active tenant, newest first, with the unread count", {
      querystring: inboxQuerySchema,
      response: { 200: inboxPageSchema },
    }),
    async (request) => notifications.inbox(tenantOf(request), principalOf(request), request.query),
  );

  app.post(
    '/notifications/:id/read',
    route(member, "Marks one of the caller's notifications read (404 when it is not theirs in the active tenant)", {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await notifications.markRead(tenantOf(request), principalOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notifications/readall',
    route(member, "Marks all the caller's notifications in the active tenant read", {
      response: { 200: z.object({ marked: z.number().int().nonnegative() }) },
    }),
    async (request) => notifications.markAllRead(tenantOf(request), principalOf(request)),
  );

  app.get(
    '/notification/getNotificationsTypes',
    route(member, "A page of the active tenant's notification event types (name, note), searched in both", {
      querystring: notificationTypesQuerySchema,
      response: { 200: notificationTypesPageSchema },
    }),
    async (request) => notifications.eventTypes(tenantOf(request), request.query),
  );

  app.get(
    '/notification/getUserSubscriptions',
    route(
      member,
      "The caller's subscription intervals in the active tenant (an event type without one is -1 Disabled)",
      { response: { 200: z.array(userSubscriptionSchema) } },
    ),
    async (request) => notifications.userSubscriptions(tenantOf(request), principalOf(request)),
  );

  app.get(
    '/notification/getUsersForSubscriptions',
    route(member, 'The users of the active tenant (userId, userName)', {
      response: { 200: z.array(subscribableUserSchema) },
    }),
    async (request) => notifications.usersForSubscriptions(tenantOf(request)),
  );

  app.put(
    '/notification/changeNotificationInterval',
    route(
      member,
      "Sets how often the caller hears about one of the active tenant's event types (-1, 1, 2, 3, 4); 404 for another tenant's",
      {
        body: changeNotificationIntervalSchema,
        response: { 200: userSubscriptionSchema },
      },
    ),
    async (request) => notifications.changeInterval(tenantOf(request), principalOf(request), request.body),
  );

  app.post(
    '/notifications/senddailymails',
    // Super administrators only, and of those only the accounts in DAILY_MAIL_SENDERS (the service checks).
    route(
      POLICIES.superadmins,
      'Mail every user with a daily subscription their unmailed notifications, one digest each (DAILY_MAIL_SENDERS only)',
      { response: { 200: sendDailyMailsResultSchema } },
    ),
    async (request) => notifications.sendDailyMails(principalOf(request)),
  );
};

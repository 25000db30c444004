import { AUTHENTICATED, pushPublicKeySchema, pushTokenBodySchema, pushTokenDeleteSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { principalOf } from '../../http/tenant-context.js';

/** Web push registration: the browser's subscription per signed-in user (spec part 1 §7, push token). */
const route = routeOptions(['push']);

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { push } = app.services;

  app.get(
    '/auth/pushtoken/key',
    route(AUTHENTICATED, "The server's VAPID public key, which the browser subscribes with", {
      response: { 200: pushPublicKeySchema },
    }),
    async () => ({ publicKey: push.publicKey() }),
  );

  app.post(
    '/auth/pushtoken',
    route(
      AUTHENTICATED,
      "Register this browser's Web Push subscription ({token: PushSubscription JSON}, or the subscription itself)",
      {
        body: pushTokenBodySchema,
        response: noContent,
      },
    ),
    async (request, reply) => {
      const body = request.body;
      await push.register(principalOf(request), 'token' in body ? body.token : body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/auth/pushtoken',
    route(AUTHENTICATED, "Forget this browser's subscription (notifications turned off, or signing out)", {
      body: pushTokenDeleteSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await push.unregister(principalOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};

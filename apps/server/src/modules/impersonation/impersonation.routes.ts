import { AUTHENTICATED, authResultSchema, impersonateBodySchema, POLICIES } from '@atrium/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '../../http/route-options.js';
import { principalOf } from '../../http/tenant-context.js';
import { clearRefreshCookie, sendIssued } from '../auth/refresh-cookie.js';

const route = routeOptions(['auth']);

/** Runs `task` once the answer has been handed to the network, or the client has gone. */
function afterResponse(reply: FastifyReply, task: () => Promise<void>) {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    void task();
  };
  reply.raw.once('finish', run);
  reply.raw.once('close', run);
}

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { impersonation } = app.services;

  app.post(
    '/auth/impersonate',
    route(
      POLICIES.superadmins,
      'View the product as another user in one of their tenants (super administrators; 15 minutes)',
      { body: impersonateBodySchema, response: { 200: authResultSchema } },
    ),
    async (request, reply) => {
      const { userId, tenantId } = request.body;
      const actor = principalOf(request);
      const issued = await impersonation.start(actor, userId, tenantId ?? null, request.headers['user-agent']);
      // The refresh cookie now names the impersonation session, so a reload stays in it. The super
      // administrator's tabs hear of it only once that cookie is on its way (they refresh to follow).
      afterResponse(reply, () => impersonation.announceStarted(actor.userId, userId, tenantId ?? null));
      return sendIssued(reply, issued, config.cookieSecure);
    },
  );

  app.post(
    '/auth/unimpersonate',
    route(AUTHENTICATED, 'End impersonation: back to the super administrator’s own session', {
      response: { 200: authResultSchema },
    }),
    async (request, reply) => {
      try {
        return sendIssued(reply, await impersonation.end(principalOf(request)), config.cookieSecure);
      } catch (err) {
        // The impersonation is over either way; without a session to go back to, sign in again.
        if ((err as { code?: string }).code === 'sessionExpired') clearRefreshCookie(reply);
        throw err;
      }
    },
  );
};

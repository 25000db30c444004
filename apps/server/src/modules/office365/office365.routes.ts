import { authResultSchema, officeSettingsSchema, PUBLIC } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../http/route-options.js';
import { AUTH_COOKIE_PATH, sendIssued } from '../auth/refresh-cookie.js';

const FLOW_COOKIE = 'atrium_office365';

const route = routeOptions(['auth']);

export const office365Routes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { office365: office } = app.services;

  app.get(
    '/auth/office',
    route(
      PUBLIC,
      'Microsoft 365 sign-in settings, with a fresh authorization URL (enabled is false when not configured)',
      {
        response: {
          200: officeSettingsSchema,
        },
      },
    ),
    async (_request, reply) => {
      const { settings, flowCookie } = await office.start();
      if (flowCookie) {
        reply.setCookie(FLOW_COOKIE, flowCookie, {
          httpOnly: true,
          sameSite: 'lax',
          secure: config.cookieSecure,
          path: AUTH_COOKIE_PATH,
          maxAge: 600,
        });
      }
      reply.header('cache-control', 'no-store');
      return settings;
    },
  );

  app.post(
    '/auth/office',
    route(
      PUBLIC,
      'Finish Microsoft 365 sign-in with the code, state (and iss, when present) from the callback',
      {
        body: z.object({
          code: z.string().min(1).max(4096),
          state: z.string().min(1).max(512),
          iss: z.string().max(512).optional(),
          rememberMe: z.boolean().default(false),
        }),
        response: { 200: authResultSchema },
      },
      // Not configured (404); a code Microsoft refuses or no account here (401); an Entra tenant that is
      // not allowed (403); another Microsoft account already linked to the user (409).
      { errors: [401, 403, 404, 409] },
    ),
    async (request, reply) => {
      const issued = await office.finish({
        ...request.body,
        flowCookie: request.cookies[FLOW_COOKIE],
        userAgent: request.headers['user-agent'],
      });
      reply.clearCookie(FLOW_COOKIE, { path: AUTH_COOKIE_PATH });
      return sendIssued(reply, issued, config.cookieSecure);
    },
  );
};

import {
  AUTHENTICATED,
  activeTenantBodySchema,
  authResultSchema,
  loginBodySchema,
  loginResultSchema,
  PUBLIC,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { principalOf } from '../../http/tenant-context.js';
import { bearerToken } from '../../http/tokens.js';
import { deviceTokenOf } from '../twofactor/device-cookie.js';
import { clearRefreshCookie, REFRESH_COOKIE, sendIssued } from './refresh-cookie.js';

const route = routeOptions(['auth']);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { auth, twofactor } = app.services;

  const refreshCookieOf = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

  app.post(
    '/auth/login',
    route(
      PUBLIC,
      'Sign in with email and password',
      {
        description:
          'Answers the session, or, when two-factor sign-in comes first, a challenge: `code` (send the ' +
          "authenticator app's code to /auth/login/2fa) or `setup` (the active tenant requires " +
          'two-factor: /auth/twofactor/setup). A remembered device (its cookie) skips the code.',
        body: loginBodySchema,
        response: { 200: loginResultSchema },
      },
      { errors: [401, 403, 429] },
    ),
    async (request, reply) => {
      const { rememberMe } = request.body;
      const user = await auth.checkLogin({ ...request.body, ip: request.ip });
      const step = await twofactor.afterPassword(user, { rememberMe, deviceToken: deviceTokenOf(request) });
      if (step) return step;
      const issued = await auth.startSession(user, rememberMe, request.headers['user-agent']);
      return sendIssued(reply, issued, config.cookieSecure);
    },
  );

  app.post(
    '/auth/refresh',
    route(
      PUBLIC,
      'Exchange the refresh cookie for a new access token (rotates the cookie)',
      {
        description:
          '204 when the request carries no refresh cookie at all: there is no session to renew (a page load ' +
          'of someone signed out), which is not an error. 401 when the cookie is not (or no longer) valid.',
        response: { 200: authResultSchema, 204: z.null() },
      },
      { errors: [401] },
    ),
    async (request, reply) => {
      if (!refreshCookieOf(request)) return reply.status(204).send(null);
      try {
        return sendIssued(reply, await auth.refresh(refreshCookieOf(request)), config.cookieSecure);
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    route(PUBLIC, 'Revoke the current session', { response: noContent }),
    async (request, reply) => {
      // Works with an expired access token too: the refresh cookie names the session.
      await auth.logout(bearerToken(request.headers), refreshCookieOf(request));
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/activetenant',
    route(AUTHENTICATED, 'Set the active tenant of this session (none when tenantId is absent)', {
      body: activeTenantBodySchema,
      response: { 200: authResultSchema },
    }),
    async (request) => {
      const tenantId = request.body.tenantId ?? null;
      await app.services.twofactor.assertMayEnter(principalOf(request), tenantId);
      const { user, token } = await auth.setActiveTenant(principalOf(request), tenantId);
      return { user, token };
    },
  );
};

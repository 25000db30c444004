import {
  AUTHENTICATED,
  authResultSchema,
  POLICIES,
  PUBLIC,
  twoFactorChallengeConfirmBodySchema,
  twoFactorChallengeSetupBodySchema,
  twoFactorConfirmBodySchema,
  twoFactorDisableBodySchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupDoneSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyBodySchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { principalOf } from '../../http/tenant-context.js';
import { sendIssued } from '../auth/refresh-cookie.js';
import { setDeviceCookie } from './device-cookie.js';

const route = routeOptions(['twofactor']);

/** Two-factor sign-in at the paths api-contract.md names (`/me/2fa/*`, `/auth/login/2fa`, `/users/{id}/2fa/reset`). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { twofactor } = app.services;

  // The second step of sign-in (after POST /auth/login answered a challenge): public, the challenge
  // stands for the password. Under /auth, so the refresh and device cookies are theirs to set.
  app.post(
    '/auth/login/2fa',
    route(
      PUBLIC,
      'Sign in: the code from the authenticator app (or a recovery code) after the password',
      { body: twoFactorVerifyBodySchema, response: { 200: authResultSchema } },
      // A wrong or used code, or a challenge that expired (401); too many wrong codes (429).
      { errors: [401, 429] },
    ),
    async (request, reply) => {
      const { issued, deviceToken } = await twofactor.verifySignIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      if (deviceToken) setDeviceCookie(reply, deviceToken, config.cookieSecure);
      return sendIssued(reply, issued, config.cookieSecure);
    },
  );

  app.post(
    '/auth/twofactor/setup',
    route(
      PUBLIC,
      'Sign in, when the tenant requires two-factor: a new authenticator secret and its QR code',
      { body: twoFactorChallengeSetupBodySchema, response: { 200: twoFactorSetupSchema } },
      // A challenge that is not (or no longer) valid.
      { errors: [401] },
    ),
    async (request) => twofactor.startSetupAtSignIn(request.body.challenge),
  );

  app.post(
    '/auth/twofactor/setup/confirm',
    route(
      PUBLIC,
      'Sign in, when the tenant requires two-factor: a first code turns it on; answers the session',
      { body: twoFactorChallengeConfirmBodySchema, response: { 200: twoFactorSetupDoneSchema } },
      // A challenge that is not (or no longer) valid, or a wrong code (401); too many wrong codes (429).
      { errors: [401, 429] },
    ),
    async (request, reply) => {
      const { recoveryCodes, issued } = await twofactor.confirmSetupAtSignIn({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { ...sendIssued(reply, issued, config.cookieSecure), recoveryCodes };
    },
  );

  app.get(
    '/me/2fa',
    route(AUTHENTICATED, "The caller's two-factor sign-in", { response: { 200: twoFactorStatusSchema } }),
    async (request) => twofactor.status(principalOf(request)),
  );

  app.post(
    '/me/2fa/setup',
    route(AUTHENTICATED, 'Start turning two-factor on: a new secret and its QR code (shown once)', {
      response: { 200: twoFactorSetupSchema },
    }),
    async (request) => twofactor.startSetup(principalOf(request)),
  );

  app.post(
    '/me/2fa/confirm',
    route(AUTHENTICATED, 'Turn two-factor on with a first code; answers the recovery codes (shown once)', {
      body: twoFactorConfirmBodySchema,
      response: { 200: twoFactorRecoveryCodesSchema },
    }),
    async (request) => ({ recoveryCodes: await twofactor.confirmSetup(principalOf(request), request.body.code) }),
  );

  app.post(
    '/me/2fa/disable',
    route(AUTHENTICATED, 'Turn two-factor off (the password and a code); remembered devices are forgotten', {
      body: twoFactorDisableBodySchema,
      response: noContent,
    }),
    async (request, reply) => {
      await twofactor.disable(principalOf(request), request.body.password, request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/:id/2fa/reset',
    route(POLICIES.superadmins, "Reset a user's two-factor sign-in (super administrators; audited)", {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await twofactor.reset(request.params.id);
      return reply.status(204).send(null);
    },
  );
};

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
import { z } from 'zod';
import { principalOf } from '../../http/tenant-context.js';
import { sendIssued } from '../auth/refresh-cookie.js';
import { setDeviceCookie } from './device-cookie.js';

const tags = ['twofactor'];

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { twofactor } = app.services;

  // The second step of sign-in (after POST /auth/login answered a challenge): public, the challenge
  // stands for the password. Under /auth, so the refresh and device cookies are theirs to set.
  for (const url of ['/auth/twofactor/verify', '/auth/login/2fa']) {
    app.post(
      url,
      {
        config: { policy: PUBLIC },
        schema: {
          tags,
          summary: 'Sign in: the code from the authenticator app (or a recovery code) after the password',
          body: twoFactorVerifyBodySchema,
          response: { 200: authResultSchema },
        },
      },
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
  }

  app.post(
    '/auth/twofactor/setup',
    {
      config: { policy: PUBLIC },
      schema: {
        tags,
        summary: 'Sign in, when the tenant requires two-factor: a new authenticator secret and its QR code',
        body: twoFactorChallengeSetupBodySchema,
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request) => twofactor.startSetupAtSignIn(request.body.challenge),
  );

  app.post(
    '/auth/twofactor/setup/confirm',
    {
      config: { policy: PUBLIC },
      schema: {
        tags,
        summary: 'Sign in, when the tenant requires two-factor: a first code turns it on; answers the session',
        body: twoFactorChallengeConfirmBodySchema,
        response: { 200: twoFactorSetupDoneSchema },
      },
    },
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
    '/me/twofactor',
    {
      config: { policy: AUTHENTICATED },
      schema: { tags, summary: "The caller's two-factor sign-in", response: { 200: twoFactorStatusSchema } },
    },
    async (request) => twofactor.status(principalOf(request)),
  );

  for (const url of ['/me/twofactor/setup', '/me/2fa/setup']) {
    app.post(
      url,
      {
        config: { policy: AUTHENTICATED },
        schema: {
          tags,
          summary: 'Start turning two-factor on: a new secret and its QR code (shown once)',
          response: { 200: twoFactorSetupSchema },
        },
      },
      async (request) => twofactor.startSetup(principalOf(request)),
    );
  }

  for (const url of ['/me/twofactor/enable', '/me/2fa/confirm']) {
    app.post(
      url,
      {
        config: { policy: AUTHENTICATED },
        schema: {
          tags,
          summary: 'Turn two-factor on with a first code; answers the recovery codes (shown once)',
          body: twoFactorConfirmBodySchema,
          response: { 200: twoFactorRecoveryCodesSchema },
        },
      },
      async (request) => ({ recoveryCodes: await twofactor.confirmSetup(principalOf(request), request.body.code) }),
    );
  }

  for (const url of ['/me/twofactor/disable', '/me/2fa/disable']) {
    app.post(
      url,
      {
        config: { policy: AUTHENTICATED },
        schema: {
          tags,
          summary: 'Turn two-factor off (the password and a code); remembered devices are forgotten',
          body: twoFactorDisableBodySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await twofactor.disable(principalOf(request), request.body.password, request.body.code);
        return reply.status(204).send(null);
      },
    );
  }

  // api-contract.md names it POST /users/{id}/2fa/reset; the web app calls DELETE /users/{id}/twofactor.
  for (const [method, url] of [
    ['DELETE', '/users/:id/twofactor'],
    ['POST', '/users/:id/2fa/reset'],
  ] as const) {
    app.route({
      method,
      url,
      config: { policy: POLICIES.superadmins },
      schema: {
        tags,
        summary: "Reset a user's two-factor sign-in (super administrators; audited)",
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        await twofactor.reset(request.params.id);
        return reply.status(204).send(null);
      },
    });
  }
};

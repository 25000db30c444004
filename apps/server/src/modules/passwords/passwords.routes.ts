import {
  AUTHENTICATED,
  adminResetPasswordBodySchema,
  emailSchema,
  POLICIES,
  PUBLIC,
  passwordSchema,
} from '@atrium/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';

export const passwordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwords } = app.services;
  // Per address, on top of the per-account limit in the service: keeps the endpoint from being a mail cannon.
  await app.register(rateLimit, { global: false });

  app.post(
    '/auth/forgotpassword',
    {
      config: { policy: PUBLIC, rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['passwords'],
        summary: 'Mail a password-reset link (answers 204 whether or not the account exists)',
        body: z.object({ email: emailSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      passwords.forgot(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/resetpassword',
    {
      config: { policy: PUBLIC, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['passwords'],
        summary: 'Choose a new password with the id and token from the reset mail; ends every session',
        body: z.object({
          id: z.uuid('invalidOrExpiredResetLink'),
          token: z.string().min(1).max(200),
          password: passwordSchema,
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id, token, password } = request.body;
      await passwords.reset(id, token, password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/changepassword',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['passwords'],
        summary:
          'Change your own password; your other sessions end. Wrong current passwords count against the sign-in limit (429)',
        body: z.object({ password: passwordSchema, currentPassword: z.string().min(1, 'required').max(128) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { password, currentPassword } = request.body;
      await passwords.change(principalOf(request), password, currentPassword);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/auth/resetpassword/:id',
    {
      config: { policy: POLICIES.tenantAdmins },
      schema: {
        tags: ['auth'],
        summary:
          'Set another user’s password (super administrators: anyone; tenant administrators: their tenant’s users)',
        params: z.object({ id: z.uuid() }),
        body: adminResetPasswordBodySchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) =>
      passwords.setForUser(activeTenantOf(request), principalOf(request), request.params.id, request.body.password),
  );
};

import {
  AUTHENTICATED,
  adminResetPasswordBodySchema,
  emailSchema,
  POLICIES,
  PUBLIC,
  passwordSchema,
  resetPasswordBodySchema,
} from '@atrium/contracts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';

const route = routeOptions(['passwords']);
// Setting another user's password is an administrator's account work, listed with sign-in.
const authRoute = routeOptions(['auth']);

export const passwordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwords } = app.services;
  // Per address, on top of the per-account limit in the service: keeps the endpoint from being a mail cannon.
  await app.register(rateLimit, { global: false });

  app.post(
    '/auth/forgotpassword',
    route(
      PUBLIC,
      'Mail a password-reset link (answers 204 whether or not the account exists)',
      {
        body: z.object({ email: emailSchema }),
        response: noContent,
      },
      { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    ),
    async (request, reply) => {
      passwords.forgot(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/resetpassword',
    route(
      PUBLIC,
      'Choose a new password with the id and token from the reset mail; ends every session',
      {
        body: resetPasswordBodySchema,
        response: noContent,
      },
      { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    ),
    async (request, reply) => {
      const { id, token, password } = request.body;
      await passwords.reset(id, token, password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/changepassword',
    route(
      AUTHENTICATED,
      'Change your own password; your other sessions end. Wrong current passwords count against the sign-in limit (429)',
      {
        body: z.object({ password: passwordSchema, currentPassword: z.string().min(1, 'required').max(128) }),
        response: noContent,
      },
      { errors: [429] },
    ),
    async (request, reply) => {
      const { password, currentPassword } = request.body;
      await passwords.change(principalOf(request), password, currentPassword);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/auth/resetpassword/:id',
    authRoute(
      POLICIES.tenantAdmins,
      'Set another user’s password (super administrators: anyone; tenant administrators: their tenant’s users)',
      {
        params: idParams,
        body: adminResetPasswordBodySchema,
        response: { 200: z.literal(true) },
      },
    ),
    async (request) =>
      passwords.setForUser(activeTenantOf(request), principalOf(request), request.params.id, request.body.password),
  );
};

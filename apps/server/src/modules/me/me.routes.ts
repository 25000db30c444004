import {
  AUTHENTICATED,
  authUserSchema,
  generalDataSchema,
  mediaUploadResultSchema,
  PROFILE_LIMITS,
  profileBodySchema,
  userInfoSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';
import { readUploadedFile, uploadRoutes } from '../../storage/uploads.js';

const route = routeOptions(['me']);

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { me } = app.services;
  app.get(
    '/me/generaldata',
    route(AUTHENTICATED, 'Everything the shell needs: tenants, user, features and menu titles, logos, theme', {
      response: { 200: generalDataSchema },
    }),
    async (request) => me.generalData(activeTenantOf(request), principalOf(request)),
  );

  app.get(
    '/me/info',
    route(AUTHENTICATED, 'GDPR state, language and tenants of the user', { response: { 200: userInfoSchema } }),
    async (request) => me.info(principalOf(request)),
  );

  app.post(
    '/me/gdpr',
    route(AUTHENTICATED, 'Confirm the data-protection notice', { response: noContent }),
    async (request, reply) => {
      await me.confirmGdpr(principalOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/me',
    route(
      AUTHENTICATED,
      'Update your own name, surname, language and picture; answers the user as sign-in does',
      { body: profileBodySchema, response: { 200: authUserSchema } },
      // The signed-in account no longer exists.
      { errors: [404] },
    ),
    async (request) => me.updateProfile(activeTenantOf(request), principalOf(request), request.body),
  );

  await app.register(
    uploadRoutes(PROFILE_LIMITS.avatarMaxBytes, async (uploads) => {
      uploads.post(
        '/me/avatar',
        route(
          AUTHENTICATED,
          'Upload a profile picture (multipart field `file`: PNG, JPEG, SVG or ICO, at most 1 MiB); save its path with PATCH /me',
          { consumes: ['multipart/form-data'], response: { 201: mediaUploadResultSchema } },
        ),
        async (request, reply) => {
          const stored = await me.storeAvatar(principalOf(request), () => readUploadedFile(request));
          return reply.status(201).send(stored);
        },
      );
    }),
  );
};

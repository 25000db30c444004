import { join } from 'node:path';
import {
  AUTHENTICATED,
  authUserSchema,
  CANNOT_IDENTIFY_CURRENT_USER,
  FEATURES,
  generalDataSchema,
  mediaUploadResultSchema,
  PROFILE_LIMITS,
  profileBodySchema,
  userInfoSchema,
} from '@atrium/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app.js';
import { AppError } from '../../http/errors.js';
import { principalOf, refuseWhileImpersonating } from '../../http/tenant-context.js';
import { localFolderStorage } from '../../storage/storage.js';
import { MEDIA_PREFIX, readUploadedFile, storeImage } from '../../storage/uploads.js';
import { selectableTenants, toAuthUser } from '../auth/auth.service.js';
import { canSendDailyMails } from '../notifications/notifications.service.js';
import * as repo from './me.repository.js';

const featureOrder = (name: string) => FEATURES.indexOf(name as (typeof FEATURES)[number]);

export const meRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  // The same media folder as tenant logos: GET /media/{file} serves both.
  const storage = localFolderStorage(join(config.dataDir, 'media'));
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_LIMITS.avatarMaxBytes, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/me/generaldata',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['me'],
        summary: 'Everything the shell needs: tenants, user, features and menu titles, logos, theme',
        response: { 200: generalDataSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await repo.findUser(db, principal.userId);
      if (!user) throw new AppError('sessionExpired');
      const tenantList = await selectableTenants(db, user.id, principal.roles.includes('Superadmin'));
      const tenant = principal.tenantId ? await repo.findTenant(db, principal.tenantId) : undefined;
      const menu = tenant ? await repo.tenantMenu(db, tenant.id) : [];
      menu.sort((a, b) => featureOrder(a.name) - featureOrder(b.name));
      return {
        imageLogosrc: tenant?.logoMediaFile ?? null,
        imageMobileLogosrc: tenant?.mobileLogoMediaFile ?? null,
        features: menu.map((m) => m.name),
        tenantMenuItemsData: menu,
        activeUserData: {
          email: user.email,
          imagePath: user.imagePath,
          userName: user.name,
          surname: user.surname,
          tenantSet: !!tenant,
        },
        tenants: tenantList,
        customTenantProperties: tenant?.customTenantProperties ?? null,
      };
    },
  );

  app.get(
    '/me/info',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['me'],
        summary: 'GDPR state, language and tenants of the user',
        response: { 200: userInfoSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await repo.findUser(db, principal.userId);
      if (!user) throw new AppError('sessionExpired');
      const isSuperadmin = principal.roles.includes('Superadmin');
      return {
        gdprConfirmed: user.gdprConfirmed,
        language: user.language,
        isSuperadmin,
        tenants: await selectableTenants(db, user.id, isSuperadmin),
        canSendDailyMails: canSendDailyMails(config.dailyMailSenders, {
          email: user.email,
          roles: principal.roles,
          impersonatorId: principal.impersonatorId,
        }),
      };
    },
  );

  app.post(
    '/me/gdpr',
    {
      config: { policy: AUTHENTICATED },
      schema: { tags: ['me'], summary: 'Confirm the data-protection notice', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // Viewing as someone else must not consent on their behalf.
      refuseWhileImpersonating(principal, 'Consent');
      await repo.confirmGdpr(db, principal.userId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/me',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['me'],
        summary: 'Update your own name, surname, language and picture; answers the user as sign-in does',
        body: profileBodySchema,
        response: { 200: authUserSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      refuseWhileImpersonating(principal, 'Your profile');
      const { name, surname, language, imagePath } = request.body;
      const current = await repo.findUser(db, principal.userId);
      if (!current || current.deletedAt) throw new AppError('notFound', CANNOT_IDENTIFY_CURRENT_USER);
      if (
        imagePath &&
        imagePath !== current.imagePath &&
        !(await storage.exists(imagePath.slice(MEDIA_PREFIX.length)))
      ) {
        throw new AppError('validation', 'No such picture was uploaded', [
          { field: 'imagePath', message: 'unknownMediaFile' },
        ]);
      }
      const updated = await repo.updateProfile(db, current.id, {
        ...(name !== undefined && { name }),
        ...(surname !== undefined && { surname }),
        ...(language !== undefined && { language }),
        ...(imagePath !== undefined && { imagePath }),
      });
      if (!updated) throw new AppError('notFound', CANNOT_IDENTIFY_CURRENT_USER);
      return toAuthUser(updated, principal.roles, {
        activeTenantId: principal.tenantId,
        impersonatorId: principal.impersonatorId ?? null,
      });
    },
  );

  app.post(
    '/me/avatar',
    {
      config: { policy: AUTHENTICATED },
      schema: {
        tags: ['me'],
        summary:
          'Upload a profile picture (multipart field `file`: PNG, JPEG, SVG or ICO, at most 1 MiB); save its path with PATCH /me',
        consumes: ['multipart/form-data'],
        response: { 201: mediaUploadResultSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      refuseWhileImpersonating(principal, 'Your profile');
      const { path } = await storeImage(storage, await readUploadedFile(request));
      return reply.status(201).send({ path });
    },
  );
};

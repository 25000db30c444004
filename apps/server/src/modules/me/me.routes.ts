import { join } from 'node:path';
import {
  AUTHENTICATED,
  type AuthUser,
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
import { principalOf } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import { detectImage, ImageRejected } from '../../storage/images.js';
import { localFolderStorage } from '../../storage/storage.js';
import { selectableTenants } from '../auth/auth.service.js';
import { MEDIA_PREFIX } from '../tenants/tenants.service.js';
import * as repo from './me.repository.js';

/** The user as the auth answers carry it, for the session the caller is in. */
function toSessionUser(user: NonNullable<Awaited<ReturnType<typeof repo.findUser>>>, principal: Principal): AuthUser {
  return {
    id: user.id,
    email: user.email,
    userName: user.name,
    surname: user.surname,
    displayName: [user.name, user.surname].filter(Boolean).join(' '),
    imagePath: user.imagePath,
    language: user.language,
    roles: principal.roles,
    isSuperadmin: principal.roles.includes('Superadmin'),
    activeTenantId: principal.tenantId,
    ...(principal.impersonatorId && { impersonatorId: principal.impersonatorId }),
  };
}

/** A super administrator viewing the product as someone else must not change that person's own settings. */
function refuseWhileImpersonating(principal: Principal) {
  if (principal.impersonatorId) {
    throw new AppError('forbidden', 'Your profile cannot be changed while impersonating');
  }
}

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
      if (principal.impersonatorId) throw new AppError('forbidden', 'Not while impersonating');
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
      refuseWhileImpersonating(principal);
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
      return toSessionUser(updated, principal);
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
      refuseWhileImpersonating(principal);
      if (!request.isMultipart())
        throw new AppError('validation', 'Send the file as multipart/form-data', [
          { field: 'file', message: 'required' },
        ]);
      const file = await request.file();
      if (!file) throw new AppError('validation', 'No file was sent', [{ field: 'file', message: 'required' }]);
      const data = await file.toBuffer();
      let kind: ReturnType<typeof detectImage>;
      try {
        kind = detectImage(data);
      } catch (err) {
        if (err instanceof ImageRejected)
          throw new AppError('validation', err.message, [{ field: 'file', message: 'unsupportedImage' }]);
        throw err;
      }
      const key = `${crypto.randomUUID()}.${kind.ext}`;
      await storage.put(key, kind.data);
      return reply.status(201).send({ path: `${MEDIA_PREFIX}${key}` });
    },
  );
};

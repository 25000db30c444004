import { AUTHENTICATED, FEATURES, generalDataSchema, userInfoSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app.js';
import { AppError } from '../../http/errors.js';
import { principalOf } from '../../http/tenant-context.js';
import { selectableTenants } from '../auth/auth.service.js';
import * as repo from './me.repository.js';

const featureOrder = (name: string) => FEATURES.indexOf(name as (typeof FEATURES)[number]);

export const meRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
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
};

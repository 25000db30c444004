import { roles } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app.js';
import { AppError } from '../../http/errors.js';
import { activeTenantOf } from '../../http/tenant-context.js';
import * as repo from './usergroups.repository.js';

const groupSchema = z.object({ id: z.uuid(), name: z.string(), createdAt: z.date() });
const policy = roles(['Superadmin', 'PartnerManager', 'TenantAdmin']);

export const userGroupsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/usergroups',
    {
      config: { policy },
      schema: {
        tags: ['usergroups'],
        summary: 'User groups of the active tenant',
        response: { 200: z.array(groupSchema) },
      },
    },
    async (request) => repo.listGroups(db, activeTenantOf(request)),
  );

  app.get(
    '/usergroups/:id',
    {
      config: { policy },
      schema: {
        tags: ['usergroups'],
        summary: 'One user group of the active tenant',
        params: z.object({ id: z.uuid() }),
        response: { 200: groupSchema },
      },
    },
    async (request) => {
      const group = await repo.findGroup(db, activeTenantOf(request), request.params.id);
      if (!group) throw new AppError('notFound');
      return group;
    },
  );
};

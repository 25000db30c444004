import { POLICIES, userGroupSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, routeOptions } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';

const policy = POLICIES.groupReaders;
const route = routeOptions(['usergroups']);

export const userGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { usergroups } = app.services;

  app.get(
    '/usergroups',
    route(policy, 'User groups of the active tenant', { response: { 200: z.array(userGroupSchema) } }),
    async (request) => usergroups.list(tenantOf(request)),
  );

  app.get(
    '/usergroups/:id',
    route(policy, 'One user group of the active tenant', { params: idParams, response: { 200: userGroupSchema } }),
    async (request) => usergroups.get(tenantOf(request), request.params.id),
  );
};

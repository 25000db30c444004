import {
  AUTHENTICATED,
  cloneTenantBodySchema,
  logoUploadQuerySchema,
  mediaUploadResultSchema,
  POLICIES,
  TENANT_LIMITS,
  tenantBodySchemaFor,
  tenantDatalistItemSchema,
  tenantFeatureSchema,
  tenantListQuerySchema,
  tenantOptionSchema,
  tenantPageSchema,
  tenantSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '../../db/paging.js';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';
import { readUploadedFile, uploadRoutes } from '../../storage/uploads.js';

const policy = POLICIES.tenantManagers;
const route = routeOptions(['tenants']);

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tenants } = app.services;
  // A preferedUrl may start with the host users reach Atrium at, as well as with http(s)://.
  const tenantBody = tenantBodySchemaFor(new URL(app.config.publicUrl).host);
  app.get(
    '/tenants',
    route(policy, 'Tenants in the caller’s scope, searched on name and created date', {
      querystring: tenantListQuerySchema,
      response: { 200: tenantPageSchema },
    }),
    async (request) => {
      const { sort, direction, search, tz } = request.query;
      return paged(request.query, (window) =>
        tenants.list(activeTenantOf(request), principalOf(request), {
          search,
          timeZone: tz,
          sort,
          direction,
          ...window,
        }),
      );
    },
  );

  app.get(
    '/tenants/datalist',
    route(policy, 'Tenants in scope as select options', { response: { 200: z.array(tenantDatalistItemSchema) } }),
    async (request) =>
      (await tenants.inScope(activeTenantOf(request), principalOf(request))).map((t) => ({
        value: t.id,
        label: t.name,
      })),
  );

  app.get(
    '/tenants/all',
    route(policy, 'Every tenant in scope, unpaged', {
      response: { 200: z.array(tenantOptionSchema.extend({ createdAt: z.date(), countOfUsers: z.number().int() })) },
    }),
    async (request) => tenants.inScope(activeTenantOf(request), principalOf(request)),
  );

  app.get(
    '/tenants/forimpersonator/:userId',
    route(POLICIES.superadmins, 'The tenants a user belongs to, to choose one to view the product as them', {
      params: z.object({ userId: z.uuid() }),
      response: { 200: z.array(tenantOptionSchema) },
    }),
    async (request) => tenants.tenantsOfUser(request.params.userId),
  );

  app.get(
    '/tenants/:id/features',
    route(AUTHENTICATED, 'The feature catalogue with what the tenant has switched on; id `empty` for a new tenant', {
      params: z.object({ id: z.union([z.uuid(), z.literal('empty')]) }),
      response: { 200: z.array(tenantFeatureSchema) },
    }),
    async (request) => tenants.features(activeTenantOf(request), principalOf(request), request.params.id),
  );

  app.get(
    '/tenants/:id',
    route(policy, 'One tenant with its users and features', { params: idParams, response: { 200: tenantSchema } }),
    async (request) => tenants.get(activeTenantOf(request), principalOf(request), request.params.id),
  );

  app.post(
    '/tenants',
    route(policy, 'Create a tenant (a partner manager’s tenant is run by their partner tenant)', {
      body: tenantBody,
      response: { 201: tenantSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await tenants.create(activeTenantOf(request), principalOf(request), request.body)),
  );

  app.put(
    '/tenants/:id',
    route(policy, 'Update a tenant', { params: idParams, body: tenantBody, response: { 200: tenantSchema } }),
    async (request) => tenants.update(activeTenantOf(request), principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/tenants/:id',
    route(policy, 'Delete a tenant', { params: idParams, response: noContent }),
    async (request, reply) => {
      await tenants.remove(activeTenantOf(request), principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tenants/:id/clone',
    route(policy, 'Copy a tenant’s settings, features and users under a new title (user groups are not copied)', {
      params: idParams,
      body: cloneTenantBodySchema,
      response: { 201: tenantSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await tenants.clone(activeTenantOf(request), principalOf(request), request.params.id, request.body.title),
        ),
  );

  await app.register(
    uploadRoutes(TENANT_LIMITS.logoMaxBytes, async (uploads) => {
      uploads.post(
        '/tenants/media',
        route(
          policy,
          'Upload a logo or mobile logo (multipart field `file`: PNG, JPEG, SVG or ICO, at most 1 MiB; 429 past the hourly upload volume)',
          {
            consumes: ['multipart/form-data'],
            querystring: logoUploadQuerySchema,
            response: { 201: mediaUploadResultSchema },
          },
        ),
        async (request, reply) => {
          const stored = await tenants.storeLogo(principalOf(request), request.query.field, () =>
            readUploadedFile(request),
          );
          return reply.status(201).send(stored);
        },
      );
    }),
  );
};

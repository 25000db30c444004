import {
  featureItemSchema,
  featureItemsBodySchema,
  homeLogoUploadSchema,
  POLICIES,
  TENANT_LIMITS,
  tenantContentBodySchemaFor,
  tenantContentSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';
import { readUploadedFile, uploadRoutes } from '../../storage/uploads.js';
import { tenantListsRoutes } from './tenant-lists.routes.js';

const policy = POLICIES.tenantManagers;
const route = routeOptions(['tenant-settings']);

export const tenantSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tenantSettings } = app.services;
  const contentBody = tenantContentBodySchemaFor(app.config.videoHosts);
  // Info, tags, tenant folders, teams, departments and standard checklists.
  await app.register(tenantListsRoutes);

  app.get(
    '/tenants/:id/content',
    route(policy, 'A tenant’s landing content for editing, with the hosts a video may be embedded from', {
      params: idParams,
      response: { 200: tenantContentSchema },
    }),
    async (request) => tenantSettings.content(activeTenantOf(request), principalOf(request), request.params.id),
  );

  app.put(
    '/tenants/:id/content',
    route(
      policy,
      'Save a tenant’s landing content; rich text is sanitized (the editor’s tags only), videoUrl must be on an allowed host (‘unsafeUrl’)',
      { params: idParams, body: contentBody, response: { 200: tenantContentSchema } },
    ),
    async (request) =>
      tenantSettings.saveContent(activeTenantOf(request), principalOf(request), request.params.id, request.body),
  );

  await app.register(
    uploadRoutes(TENANT_LIMITS.logoMaxBytes, async (uploads) => {
      uploads.post(
        '/tenants/:id/content/logo',
        route(
          policy,
          'Upload a landing-page logo (multipart field `file`: PNG, JPEG, SVG or ICO, at most 1 MiB); answers it and its copies 320 and 800 px wide',
          { consumes: ['multipart/form-data'], params: idParams, response: { 201: homeLogoUploadSchema } },
        ),
        async (request, reply) => {
          const stored = await tenantSettings.storeLogo(
            activeTenantOf(request),
            principalOf(request),
            request.params.id,
            () => readUploadedFile(request),
          );
          return reply.status(201).send(stored);
        },
      );
    }),
  );

  app.get(
    '/tenants/:id/featureitems',
    route(policy, 'The tenant’s renamable feature items with their custom titles and descriptions', {
      params: idParams,
      response: { 200: z.array(featureItemSchema) },
    }),
    async (request) => tenantSettings.featureItems(activeTenantOf(request), principalOf(request), request.params.id),
  );

  app.put(
    '/tenants/:id/featureitems',
    route(policy, 'Set custom titles and descriptions of the tenant’s feature items (descriptions sanitized)', {
      params: idParams,
      body: featureItemsBodySchema,
      response: { 200: z.array(featureItemSchema) },
    }),
    async (request) =>
      tenantSettings.saveFeatureItems(activeTenantOf(request), principalOf(request), request.params.id, request.body),
  );
};

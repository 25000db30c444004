import {
  emailTemplateBodySchema,
  emailTemplateSchema,
  mailSettingsBodySchema,
  mailSettingsListQuerySchema,
  mailSettingsPageSchema,
  mailSettingsSchema,
  mailSettingsTestResultSchema,
  POLICIES,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';

const policy = POLICIES.tenantManagers;
const tenantParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), settingsId: z.uuid() });
const route = routeOptions(['tenant-settings']);

/**
 * A tenant's mail-sending settings and email template (design/api-contract.md, "Tenant sub-pages"):
 * for super administrators, and partner managers for the tenants of their partner tenant.
 */
export const mailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mailSettings } = app.services;

  app.get(
    '/tenants/:id/mailsettings',
    route(policy, 'A page of the tenant’s mail-sending settings, searched on the title (never the client secret)', {
      params: tenantParams,
      querystring: mailSettingsListQuerySchema,
      response: { 200: mailSettingsPageSchema },
    }),
    async (request) =>
      mailSettings.list(activeTenantOf(request), principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/tenants/:id/mailsettings',
    route(
      policy,
      'Create mail-sending settings (Microsoft Graph); msGraphClientSecret is required here and stored encrypted',
      { params: tenantParams, body: mailSettingsBodySchema, response: { 201: mailSettingsSchema } },
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await mailSettings.create(activeTenantOf(request), principalOf(request), request.params.id, request.body),
        ),
  );

  app.get(
    '/tenants/:id/mailsettings/:settingsId',
    route(policy, 'One mail-sending settings item (hasClientSecret says whether a secret is stored)', {
      params: itemParams,
      response: { 200: mailSettingsSchema },
    }),
    async (request) =>
      mailSettings.get(activeTenantOf(request), principalOf(request), request.params.id, request.params.settingsId),
  );

  app.put(
    '/tenants/:id/mailsettings/:settingsId',
    route(policy, 'Update mail-sending settings; an empty or absent msGraphClientSecret keeps the stored one', {
      params: itemParams,
      body: mailSettingsBodySchema,
      response: { 200: mailSettingsSchema },
    }),
    async (request) =>
      mailSettings.update(
        activeTenantOf(request),
        principalOf(request),
        request.params.id,
        request.params.settingsId,
        request.body,
      ),
  );

  app.delete(
    '/tenants/:id/mailsettings/:settingsId',
    route(policy, 'Delete mail-sending settings', { params: itemParams, response: noContent }),
    async (request, reply) => {
      await mailSettings.remove(
        activeTenantOf(request),
        principalOf(request),
        request.params.id,
        request.params.settingsId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/tenants/:id/mailsettings/:settingsId/test',
    route(
      policy,
      'Send a test mail through Microsoft Graph with these settings to the caller; answers ok, or the provider’s reason',
      { params: itemParams, response: { 200: mailSettingsTestResultSchema } },
    ),
    async (request) =>
      mailSettings.test(activeTenantOf(request), principalOf(request), request.params.id, request.params.settingsId),
  );

  app.get(
    '/tenants/:id/emailtemplate',
    route(policy, 'The tenant’s email template (a default one until saved)', {
      params: tenantParams,
      response: { 200: emailTemplateSchema },
    }),
    async (request) => mailSettings.template(activeTenantOf(request), principalOf(request), request.params.id),
  );

  app.put(
    '/tenants/:id/emailtemplate',
    route(
      policy,
      'Save the tenant’s email template ({{content}} marks the mail’s body, {{footer}} the footer); HTML sanitized for mail',
      { params: tenantParams, body: emailTemplateBodySchema, response: { 200: emailTemplateSchema } },
    ),
    async (request) =>
      mailSettings.saveTemplate(activeTenantOf(request), principalOf(request), request.params.id, request.body),
  );
};

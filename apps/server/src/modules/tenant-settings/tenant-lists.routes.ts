import {
  checklistBodySchema,
  checklistExportName,
  checklistListQuerySchema,
  checklistPageSchema,
  checklistSchema,
  namedItemBodySchema,
  namedItemPageSchema,
  namedItemSchema,
  POLICIES,
  TENANT_LIST_FIELD,
  type TenantListKind,
  tagBodySchema,
  tagPageSchema,
  tagSchema,
  tenantFolderBodySchema,
  tenantFolderPageSchema,
  tenantFolderSchema,
  tenantInfoSchema,
  tenantItemsQuerySchema,
} from '@atrium/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf } from '../../http/tenant-context.js';

const policy = POLICIES.tenantManagers;
const route = routeOptions(['tenant-settings']);
const idParams = z.object({ id: z.uuid().describe('The tenant') });
const itemParams = idParams.extend({ itemId: z.uuid() });

/** Each simple list's body, entry and page schema, and how the spec names an entry. */
const LIST_SCHEMAS = {
  tags: { body: tagBodySchema, item: tagSchema, page: tagPageSchema, noun: 'tag' },
  folders: {
    body: tenantFolderBodySchema,
    item: tenantFolderSchema,
    page: tenantFolderPageSchema,
    noun: 'tenant folder',
  },
  teams: { body: namedItemBodySchema, item: namedItemSchema, page: namedItemPageSchema, noun: 'team' },
  departments: { body: namedItemBodySchema, item: namedItemSchema, page: namedItemPageSchema, noun: 'department' },
} as const;

const textOf = (kind: TenantListKind, body: object) => (body as Record<string, string>)[TENANT_LIST_FIELD[kind]]!;

/**
 * A tenant's lists (spec part 2 §7 "Tenant sub-pages"; paths from api-contract.md): the collaboration
 * info, tags, tenant folders, teams, departments and standard checklists. Super administrators and
 * partner managers (for their partner's tenants) only; another partner's tenant is 404.
 */
export const tenantListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tenantLists } = app.services;

  app.get(
    '/tenants/:id/info',
    route(policy, 'The tenant’s name and, per collaboration (Sprints), its numbers of users, ideas and comments', {
      params: idParams,
      response: { 200: tenantInfoSchema },
    }),
    async (request) => tenantLists.info(activeTenantOf(request), principalOf(request), request.params.id),
  );

  for (const kind of Object.keys(LIST_SCHEMAS) as TenantListKind[]) {
    const s = LIST_SCHEMAS[kind];
    const field = TENANT_LIST_FIELD[kind];
    app.get(
      `/tenants/:id/${kind}`,
      route(
        policy,
        `A page of the tenant’s ${s.noun}s; search in ${field}, sort by \`text\` (${field}) or \`createdAt\``,
        { params: idParams, querystring: tenantItemsQuerySchema, response: { 200: s.page } },
      ),
      async (request) =>
        tenantLists.list(
          activeTenantOf(request),
          principalOf(request),
          request.params.id,
          kind,
          request.query,
        ) as never,
    );

    app.post(
      `/tenants/:id/${kind}`,
      route(
        policy,
        `Add a ${s.noun} (${field} trimmed; 409 with \`${field}: alreadyListed\` when the tenant has it already, ignoring case)`,
        { params: idParams, body: s.body, response: { 201: s.item } },
      ),
      async (request, reply) => {
        const entry = await tenantLists.add(
          activeTenantOf(request),
          principalOf(request),
          request.params.id,
          kind,
          textOf(kind, request.body),
        );
        return reply.status(201).send(entry as never);
      },
    );

    app.delete(
      `/tenants/:id/${kind}/:itemId`,
      route(policy, `Delete a ${s.noun}`, { params: itemParams, response: noContent }),
      async (request, reply) => {
        await tenantLists.remove(
          activeTenantOf(request),
          principalOf(request),
          request.params.id,
          kind,
          request.params.itemId,
        );
        return reply.status(204).send(null);
      },
    );
  }

  app.put(
    '/tenants/:id/tags/:itemId',
    route(policy, 'Rename a tag (the whole tag is sent; only its title changes; 409 on a duplicate title)', {
      params: itemParams,
      body: tagBodySchema,
      response: { 200: tagSchema },
    }),
    async (request) =>
      tenantLists.updateTag(
        activeTenantOf(request),
        principalOf(request),
        request.params.id,
        request.params.itemId,
        request.body.title,
      ) as never,
  );

  app.get(
    '/tenants/:id/checklists',
    route(
      policy,
      'A page of the tenant’s standard checklists with their items and the counts of active and completed copies handed to users',
      { params: idParams, querystring: checklistListQuerySchema, response: { 200: checklistPageSchema } },
    ),
    async (request) =>
      tenantLists.checklists(activeTenantOf(request), principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/tenants/:id/checklists',
    route(policy, 'Create a standard checklist; its items keep the order they are sent in', {
      params: idParams,
      body: checklistBodySchema,
      response: { 201: checklistSchema },
    }),
    async (request, reply) => {
      const checklist = await tenantLists.createChecklist(
        activeTenantOf(request),
        principalOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(checklist);
    },
  );

  app.delete(
    '/tenants/:id/checklists/:itemId',
    route(policy, 'Delete a standard checklist, its items and the copies handed out', {
      params: itemParams,
      response: noContent,
    }),
    async (request, reply) => {
      await tenantLists.deleteChecklist(
        activeTenantOf(request),
        principalOf(request),
        request.params.id,
        request.params.itemId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tenants/:id/checklists/export',
    route(policy, 'Every standard checklist of the tenant and its items as an xlsx workbook, Checklists_{id}.xlsx', {
      params: idParams,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    }),
    async (request, reply) => {
      const stream = await tenantLists.exportChecklists(
        activeTenantOf(request),
        principalOf(request),
        request.params.id,
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(checklistExportName(request.params.id)))
        .send(stream);
    },
  );
};

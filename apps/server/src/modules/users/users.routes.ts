import {
  AUTHENTICATED,
  deleteManyBodySchema,
  groupAssignmentBodySchema,
  importConfirmBodySchema,
  importPreviewSchema,
  importProgressParamsSchema,
  importProgressSchema,
  importResultSchema,
  POLICIES,
  teamOptionsSchema,
  USER_LIMITS,
  userBodySchema,
  userListQuerySchema,
  userOptionSchema,
  userPageSchema,
  userSchema,
  userSelectQuerySchema,
} from '@atrium/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { activeTenantOf, principalOf, tenantOf } from '../../http/tenant-context.js';
import { readUploadedFile, uploadRoutes } from '../../storage/uploads.js';

const policy = POLICIES.tenantAdmins;
const superOnly = POLICIES.superadmins;
const route = routeOptions(['users']);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;
  app.get(
    '/users',
    route(
      policy,
      'Users: search on name, email and full name; role filter (user, admin, super, partner); group filter',
      { querystring: userListQuerySchema, response: { 200: userPageSchema } },
    ),
    async (request) => users.list(activeTenantOf(request), principalOf(request), request.query),
  );

  app.get(
    '/users/dataselect',
    route(
      AUTHENTICATED,
      'Live users for a searched select: those matching `search`, or exactly the users `ids` names',
      {
        description:
          'Users of one tenant (`tenantId`) or of every tenant the caller sees, ordered by name and surname: the first `take` (default 50, at most 100) whose name, surname, full name or email contains `search`, or the users named by `ids` (comma-separated or repeated, at most 100; those outside the caller’s scope are left out), which labels users already chosen.',
        querystring: userSelectQuerySchema,
        response: { 200: z.array(userOptionSchema) },
      },
    ),
    async (request) => users.dataselect(activeTenantOf(request), principalOf(request), request.query),
  );

  app.get(
    '/users/coaches',
    route(AUTHENTICATED, 'Coaches of the active tenant (its tenant administrators)', {
      response: { 200: z.array(userOptionSchema) },
    }),
    async (request) => users.coaches(tenantOf(request)),
  );

  app.get(
    '/users/teams',
    route(policy, 'The active tenant’s teams and departments by name, for the user form', {
      response: { 200: teamOptionsSchema },
    }),
    async (request) => users.teams(tenantOf(request)),
  );

  app.get(
    '/users/export',
    route(policy, 'The active tenant’s users as an xlsx workbook (the import’s columns)', { produces: [XLSX] }),
    async (request, reply) => {
      const data = await users.exportXlsx(activeTenantOf(request), principalOf(request));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition(`users-${date}.xlsx`))
        .send(data);
    },
  );

  await app.register(
    uploadRoutes(USER_LIMITS.importMaxBytes, async (uploads) => {
      uploads.post(
        '/users/import',
        route(
          policy,
          'Preview an import (multipart field `file`: xlsx or CSV): every row with its problems; writes nothing',
          { consumes: ['multipart/form-data'], response: { 200: importPreviewSchema } },
        ),
        async (request) =>
          users.importPreview(activeTenantOf(request), principalOf(request), await readUploadedFile(request)),
      );
    }),
  );

  app.post(
    '/users/import/confirm',
    {
      ...route(policy, 'Create the previewed users in the active tenant: all of them, or none when any row is wrong', {
        body: importConfirmBodySchema,
        response: { 200: importResultSchema },
      }),
      bodyLimit: 16 * 1024 * 1024,
    },
    async (request) => users.importConfirm(activeTenantOf(request), principalOf(request), request.body),
  );

  app.get(
    '/users/import/progress/:importId',
    route(policy, 'How far the caller’s running import (its confirm’s importId) is; 404 when none runs', {
      params: importProgressParamsSchema,
      response: { 200: importProgressSchema },
    }),
    async (request) => users.importProgress(activeTenantOf(request), principalOf(request), request.params.importId),
  );

  app.post(
    '/users/deletemany',
    route(superOnly, 'Delete several users (super administrators)', {
      body: deleteManyBodySchema,
      response: noContent,
    }),
    async (request, reply) => {
      await users.remove(activeTenantOf(request), principalOf(request), request.body.ids);
      return reply.status(204).send(null);
    },
  );

  for (const [path, assign] of [
    ['/users/assigngroups', true],
    ['/users/unassigngroups', false],
  ] as const) {
    app.post(
      path,
      route(policy, `${assign ? 'Add' : 'Remove'} users ${assign ? 'to' : 'from'} groups of the active tenant`, {
        body: groupAssignmentBodySchema,
        response: noContent,
      }),
      async (request, reply) => {
        await users.setGroups(
          activeTenantOf(request),
          principalOf(request),
          request.body.userIds,
          request.body.groupIds,
          assign,
        );
        return reply.status(204).send(null);
      },
    );
  }

  app.get(
    '/users/:id',
    route(policy, 'One user', { params: idParams, response: { 200: userSchema } }),
    async (request) => users.get(activeTenantOf(request), principalOf(request), request.params.id),
  );

  app.post(
    '/users',
    route(policy, 'Create a user', { body: userBodySchema, response: { 201: userSchema } }),
    async (request, reply) =>
      reply.status(201).send(await users.create(activeTenantOf(request), principalOf(request), request.body)),
  );

  app.put(
    '/users/:id',
    route(policy, 'Update a user', { params: idParams, body: userBodySchema, response: { 200: userSchema } }),
    async (request) => users.update(activeTenantOf(request), principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    route(superOnly, 'Delete a user (super administrators); their sessions end', {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await users.remove(activeTenantOf(request), principalOf(request), [request.params.id]);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/:id/restore',
    // Only super administrators delete users, so only they may undo a deletion.
    route(superOnly, 'Restore a deleted user (super administrators)', {
      params: idParams,
      response: { 200: userSchema },
    }),
    async (request) => users.restore(activeTenantOf(request), principalOf(request), request.params.id),
  );
};

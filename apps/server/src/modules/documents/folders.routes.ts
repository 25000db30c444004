import { folderBodySchema, folderSchema, folderUpdateSchema } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';
import { admins, created } from './documents.route-options.js';

const route = routeOptions(['folders']);

/** Folders (spec part 2 §7, under /api/folders). */
export const foldersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents } = app.services;

  app.get(
    '/folders/getfolders',
    route(admins, 'Folders of the active tenant, by name', { response: { 200: z.array(folderSchema) } }),
    async (request) => documents.listFolders(tenantOf(request)),
  );

  app.get(
    '/folders/getfoldersExcept/:id',
    route(admins, 'Folders a folder may move into: every folder except itself and those below it', {
      params: idParams,
      response: { 200: z.array(folderSchema) },
    }),
    async (request) => documents.foldersExcept(tenantOf(request), request.params.id),
  );

  app.get(
    '/folders/loadOneFolder/:id',
    route(admins, 'One folder', { params: idParams, response: { 200: folderSchema } }),
    async (request) => documents.getFolder(tenantOf(request), request.params.id),
  );

  app.post(
    '/folders/postfolder',
    route(admins, 'Create a folder', { body: folderBodySchema, response: { 201: created } }),
    async (request, reply) => reply.status(201).send(await documents.createFolder(tenantOf(request), request.body)),
  );

  app.patch(
    '/folders/updateFolder',
    route(admins, 'Rename or move a folder (parentFolder); 400 folderCycle when it would end up inside itself', {
      body: folderUpdateSchema,
      response: { 200: folderSchema },
    }),
    async (request) => documents.updateFolder(tenantOf(request), request.body),
  );

  app.delete(
    '/folders/deleteFolder/:id',
    route(admins, 'Delete a folder; its subfolders move to the top level', {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await documents.deleteFolder(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

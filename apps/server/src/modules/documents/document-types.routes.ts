import {
  documentSchema,
  documentTypeBodySchema,
  documentTypeListQuerySchema,
  documentTypeListSchema,
  documentTypePageSchema,
  documentTypeSchema,
  documentTypeUpdateSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';
import { admins, members, route } from './documents.route-options.js';

/** Document types (paths of the API contract, part 2), and the documents of one type. */
export const documentTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents } = app.services;

  app.get(
    '/documenttypes',
    route(admins, 'Document types of the active tenant: search on the name, sort by name or createdAt, paged', {
      querystring: documentTypeListQuerySchema,
      response: { 200: documentTypePageSchema },
    }),
    async (request) => documents.listTypes(tenantOf(request), request.query),
  );

  app.get(
    '/documenttypes/nonsystem',
    route(admins, 'Document types the tenant made (not the system ones)', {
      response: { 200: documentTypeListSchema },
    }),
    async (request) => documents.nonSystemTypes(tenantOf(request)),
  );

  app.get(
    '/documenttypes/all',
    route(members, 'Every document type, system ones included: the choices of the document form', {
      response: { 200: documentTypeListSchema },
    }),
    async (request) => documents.allTypes(tenantOf(request)),
  );

  app.get(
    '/documenttypes/:id',
    route(admins, 'One document type', { params: idParams, response: { 200: documentTypeSchema } }),
    async (request) => documents.getType(tenantOf(request), request.params.id),
  );

  app.post(
    '/documenttypes',
    route(admins, 'Create a document type', { body: documentTypeBodySchema, response: { 201: documentTypeSchema } }),
    async (request, reply) => reply.status(201).send(await documents.createType(tenantOf(request), request.body)),
  );

  app.put(
    '/documenttypes/:id',
    route(admins, 'Update a document type (its name and whether the side menu shows it)', {
      params: idParams,
      body: documentTypeUpdateSchema,
      response: { 200: documentTypeSchema },
    }),
    async (request) => documents.updateType(tenantOf(request), request.params.id, request.body),
  );

  app.delete(
    '/documenttypes/:id',
    route(admins, 'Delete a document type; 409 for a system type or one that documents still use', {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await documents.deleteType(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/documenttypes/:id/documents',
    route(members, 'Documents of one type, by title (the side list)', {
      params: idParams,
      response: { 200: z.array(documentSchema) },
    }),
    async (request) => documents.documentsOfType(tenantOf(request), request.params.id),
  );
};

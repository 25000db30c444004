import {
  contactBodySchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
  contactUpdateBodySchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noContent } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';
import { policy, route } from './clients.route-options.js';

/** A client's contacts (spec part 2 §7). */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.services;

  app.get(
    '/contacts/customLoadPage/',
    route(policy, 'One page of a client’s contacts, searched on name, email and phone, sorted by name or email', {
      querystring: contactListQuerySchema,
      response: { 200: contactPageSchema },
    }),
    async (request) => clients.contacts(tenantOf(request), request.query),
  );

  app.get(
    '/contacts/loadOneContact/:id',
    route(policy, 'One contact', { params: idParams, response: { 200: contactSchema } }),
    async (request) => clients.contact(tenantOf(request), request.params.id),
  );

  app.post(
    '/contacts/postContact',
    route(policy, 'Add a contact to a client (name and email required, no format check)', {
      body: contactBodySchema,
      response: { 201: contactSchema },
    }),
    async (request, reply) => reply.status(201).send(await clients.createContact(tenantOf(request), request.body)),
  );

  app.put(
    '/contacts/updateContact',
    route(policy, 'Update a contact', { body: contactUpdateBodySchema, response: { 200: contactSchema } }),
    async (request) => clients.updateContact(tenantOf(request), request.body),
  );

  app.delete(
    '/contacts/:id',
    route(policy, 'Delete a contact', { params: idParams, response: noContent }),
    async (request, reply) => {
      await clients.removeContact(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

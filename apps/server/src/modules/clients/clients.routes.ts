import {
  companyBodySchema,
  companyDeletedSchema,
  companyListItemSchema,
  companyListQuerySchema,
  companyOptionSchema,
  companySchema,
  companySearchParamsSchema,
  companyUpdateBodySchema,
  contactBodySchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
  contactUpdateBodySchema,
  locationBodySchema,
  locationListQuerySchema,
  locationPageSchema,
  locationRadiusBodySchema,
  locationSchema,
  locationUpdateBodySchema,
  mapInfoBodySchema,
  mapInfoSchema,
  POLICIES,
  pageOf,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';

// Superadmin and TenantAdmin (spec part 2 §6), always within the active tenant.
const policy = POLICIES.tenantAdmins;
const route = routeOptions(['clients']);
/**
 * GET /companies as it is written: the contract's page, with updatedAt as the ISO 8601 text that SQL
 * gives (the same text a Date's toJSON writes), so the 50 rows need no Date parsed and formatted back.
 */
const companyListPageSchema = pageOf(companyListItemSchema.extend({ updatedAt: z.iso.datetime() }));

/**
 * Spec part 2 §7 at its exact paths under /core/api (companies, companyLocations, contacts), plus the
 * "base service" list and deletes of design/api-contract.md and the map info switch of ours.
 */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.services;

  // Clients

  app.get(
    '/companies',
    route(policy, 'Clients of the active tenant: one page, searched on the title, sorted by title or updatedAt', {
      querystring: companyListQuerySchema,
      response: { 200: companyListPageSchema },
    }),
    async (request) => clients.list(tenantOf(request), request.query),
  );

  app.get(
    '/companies/search/:text',
    route(policy, 'The first 20 clients whose title contains the text (ignoring case), by title', {
      params: companySearchParamsSchema,
      response: { 200: z.array(companyOptionSchema) },
    }),
    async (request) => clients.search(tenantOf(request), request.params.text),
  );

  app.get(
    '/companies/loadAll',
    route(policy, 'Every client of the active tenant, by title', { response: { 200: z.array(companyOptionSchema) } }),
    async (request) => clients.all(tenantOf(request)),
  );

  app.get(
    '/companies/loadOneCompany/:id',
    route(policy, 'One client, with how many contacts and locations it has (what a delete takes with it)', {
      params: idParams,
      response: { 200: companySchema },
    }),
    async (request) => clients.get(tenantOf(request), request.params.id),
  );

  app.post(
    '/companies/postCompany',
    route(policy, 'Create a client', {
      description: 'clientSince is a calendar date (YYYY-MM-DD), absent when empty.',
      body: companyBodySchema,
      response: { 201: companySchema },
    }),
    async (request, reply) => reply.status(201).send(await clients.create(tenantOf(request), request.body)),
  );

  app.patch(
    '/companies/updateCompany',
    route(policy, 'Update a client (every field)', { body: companyUpdateBodySchema, response: { 200: companySchema } }),
    async (request) => clients.update(tenantOf(request), request.body),
  );

  app.delete(
    '/companies/:id',
    route(policy, 'Delete a client with its contacts and locations, in one transaction', {
      params: idParams,
      response: { 200: companyDeletedSchema },
    }),
    async (request) => clients.remove(tenantOf(request), request.params.id),
  );

  app.patch(
    '/companies/UpdateLocationRadius',
    route(policy, 'Change a location’s radius (metres, one of the radius options of spec part 2 §9)', {
      body: locationRadiusBodySchema,
      response: { 200: locationSchema },
    }),
    async (request) => clients.updateLocationRadius(tenantOf(request), request.body.id, request.body.radius),
  );

  app.get(
    '/companies/loadMapInfo',
    route(
      policy,
      'Map info of the active tenant: radius options in km (useKmAsValues, default true) or miles, and the tile URL',
      { response: { 200: mapInfoSchema } },
    ),
    async (request) => clients.mapInfo(tenantOf(request)),
  );

  app.patch(
    '/companies/updateMapInfo',
    route(policy, 'Switch the active tenant’s radius options between kilometres and miles', {
      body: mapInfoBodySchema,
      response: { 200: mapInfoSchema },
    }),
    async (request) => clients.setMapInfo(tenantOf(request), request.body.useKmAsValues),
  );

  // Locations

  app.get(
    '/companyLocations/customLoadPage/',
    route(policy, 'One page of a client’s locations, searched on title and address, sorted by title or address', {
      querystring: locationListQuerySchema,
      response: { 200: locationPageSchema },
    }),
    async (request) => clients.locations(tenantOf(request), request.query),
  );

  app.get(
    '/companyLocations/loadOneLocation/:id',
    route(policy, 'One location', { params: idParams, response: { 200: locationSchema } }),
    async (request) => clients.location(tenantOf(request), request.params.id),
  );

  app.post(
    '/companyLocations/postLocation',
    route(policy, 'Add a location to a client', { body: locationBodySchema, response: { 201: locationSchema } }),
    async (request, reply) => reply.status(201).send(await clients.createLocation(tenantOf(request), request.body)),
  );

  app.put(
    '/companyLocations/updateLocation',
    route(policy, 'Update a location', { body: locationUpdateBodySchema, response: { 200: locationSchema } }),
    async (request) => clients.updateLocation(tenantOf(request), request.body),
  );

  app.delete(
    '/companyLocations/:id',
    route(policy, 'Delete a location', { params: idParams, response: noContent }),
    async (request, reply) => {
      await clients.removeLocation(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Contacts

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

import {
  companyBodySchema,
  companyDeletedSchema,
  companyListItemSchema,
  companyListQuerySchema,
  companyOptionSchema,
  companySchema,
  companySearchParamsSchema,
  companyUpdateBodySchema,
  mapInfoBodySchema,
  mapInfoSchema,
  pageOf,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';
import { policy, route } from './clients.route-options.js';

/**
 * GET /companies as it is written: the contract's page, with updatedAt as the ISO 8601 text that SQL
 * gives (the same text a Date's toJSON writes), so the 50 rows need no Date parsed and formatted back.
 */
const companyListPageSchema = pageOf(companyListItemSchema.extend({ updatedAt: z.iso.datetime() }));

/** Clients (companies, spec part 2 §7), with the base service's list and delete, and the map info switch of ours. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.services;

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
};

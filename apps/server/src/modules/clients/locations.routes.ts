import {
  locationBodySchema,
  locationListQuerySchema,
  locationPageSchema,
  locationRadiusBodySchema,
  locationSchema,
  locationUpdateBodySchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noContent } from '../../http/route-options.js';
import { tenantOf } from '../../http/tenant-context.js';
import { policy, route } from './clients.route-options.js';

/** A client's locations (companyLocations, spec part 2 §7), and the radius the clients map draws around one. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.services;

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

  app.patch(
    '/companies/UpdateLocationRadius',
    route(policy, 'Change a location’s radius (metres, one of the radius options of spec part 2 §9)', {
      body: locationRadiusBodySchema,
      response: { 200: locationSchema },
    }),
    async (request) => clients.updateLocationRadius(tenantOf(request), request.body.id, request.body.radius),
  );
};

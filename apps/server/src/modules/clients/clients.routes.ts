import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesRoutes } from './companies.routes.js';
import { contactsRoutes } from './contacts.routes.js';
import { locationsRoutes } from './locations.routes.js';

/**
 * Spec part 2 §7 at its exact paths under /core/api (companies, companyLocations, contacts), plus the
 * "base service" list and deletes of design/api-contract.md and the map info switch of ours.
 */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(companiesRoutes);
  await app.register(locationsRoutes);
  await app.register(contactsRoutes);
};

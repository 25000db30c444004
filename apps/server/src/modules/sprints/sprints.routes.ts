import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The Sprints pages (and so their routes) are not built yet. The module exists for its tables and demo
 * content, whose statistics /tenants/{id}/info shows (tenant-settings, through the sprints service).
 */
export const sprintsRoutes: FastifyPluginAsyncZod = async () => {};

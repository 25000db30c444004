import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentRecordsRoutes } from './document-records.routes.js';
import { documentTypesRoutes } from './document-types.routes.js';
import { foldersRoutes } from './folders.routes.js';

/** Documents (spec part 2 §7): document types, documents with their files, and folders. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(documentTypesRoutes);
  await app.register(documentRecordsRoutes);
  await app.register(foldersRoutes);
};

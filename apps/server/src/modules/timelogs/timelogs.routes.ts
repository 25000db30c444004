import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timelogMarksRoutes } from './timelogs-marks.routes.js';
import { timelogOverviewRoutes } from './timelogs-overview.routes.js';
import { timelogProjectsRoutes } from './timelogs-projects.routes.js';

/** Time logging (spec part 2 §7, /api/timelogs): projects and tasks, hours, and the overview. */
export const timelogsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(timelogProjectsRoutes);
  await app.register(timelogMarksRoutes);
  await app.register(timelogOverviewRoutes);
};

import { EXPORT_FORMATS, OVERVIEW_KINDS, overviewSchema, periodSchema } from '@atrium/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantOf } from '../../http/tenant-context.js';
import { admin, allOr, from, period, route, to } from './timelogs.route-options.js';

/** The administrators' overview: hours per user, project or task over a period, its periods and its export. */
export const timelogOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timelogs } = app.services;

  app.get(
    '/timelogs/LoadProjectsWithTotalHours/:userId/:from/:to',
    route(admin, 'Projects with their hours from `from` to `to`: everyone’s, or one user’s', {
      params: z.object({ userId: allOr('user'), from, to }),
      response: { 200: overviewSchema },
    }),
    async (request) => {
      const { userId, from: start, to: end } = request.params;
      return timelogs.projectsWithTotalHours(tenantOf(request), userId === 'all' ? undefined : userId, start, end);
    },
  );

  app.get(
    '/timelogs/getTimeLogsOverviewUsers/:projectId/:from/:to',
    route(admin, 'Hours per user from `from` to `to`: on every project, or on one', {
      params: z.object({ projectId: allOr('project'), from, to }),
      response: { 200: overviewSchema },
    }),
    async (request) => {
      const { projectId, from: start, to: end } = request.params;
      return timelogs.overview(tenantOf(request), 'users', start, end, projectId === 'all' ? undefined : projectId);
    },
  );

  app.get(
    '/timelogs/getTimeLogsOverviewTasks/:from/:to',
    route(admin, 'Hours per task from `from` to `to`', { params: period, response: { 200: overviewSchema } }),
    async (request) => timelogs.overview(tenantOf(request), 'tasks', request.params.from, request.params.to),
  );

  app.get(
    '/timelogs/getTimeLogsOverviewProjects/:from/:to',
    route(admin, 'Hours per project from `from` to `to`', { params: period, response: { 200: overviewSchema } }),
    async (request) => timelogs.overview(tenantOf(request), 'projects', request.params.from, request.params.to),
  );

  app.get(
    '/timelogs/getWeeks',
    route(admin, 'The weeks (Monday to Sunday) of the active tenant that have hours, newest first', {
      response: { 200: z.array(periodSchema) },
    }),
    async (request) => timelogs.periods(tenantOf(request), 'week'),
  );

  app.get(
    '/timelogs/getMonths',
    route(admin, 'The calendar months of the active tenant that have hours, newest first', {
      response: { 200: z.array(periodSchema) },
    }),
    async (request) => timelogs.periods(tenantOf(request), 'month'),
  );

  app.get(
    '/timelogs/exportOverview/:kind/:from/:to',
    route(admin, 'The overview table (hours per user, project or task) from `from` to `to` as xlsx or CSV', {
      params: z.object({ kind: z.enum(OVERVIEW_KINDS).describe('What each row is'), from, to }),
      querystring: z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') }),
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    }),
    async (request, reply) => {
      const { kind, from: start, to: end } = request.params;
      const { format } = request.query;
      const data = await timelogs.exportOverview(tenantOf(request), kind, start, end, format);
      const type =
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      return reply
        .type(type)
        .header('content-disposition', contentDisposition(`hours-${kind}-${start}-${end}.${format}`))
        .send(data);
    },
  );
};

import {
  copyLastWeekResultSchema,
  copyLastWeekSchema,
  dateStringSchema,
  dayTotalSchema,
  markInputSchema,
  markResultSchema,
  markRowSchema,
  mondaySchema,
  weekGridSchema,
  weekRowInputSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';
import { admin, from, member, period, route, to } from './timelogs.route-options.js';

/** Hours (marks): the caller's week grid and its rows, one user's or a team's marks, the caller's day totals. */
export const timelogMarksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timelogs } = app.services;

  app.get(
    '/timelogs/getPersonalProjectsWithMarksForWeek/:start/:end',
    route(
      member,
      "The caller's week grid: projects with the tasks shown that week (with hours, or kept as rows), each with seven marks Monday to Sunday",
      {
        params: z.object({
          start: mondaySchema.describe('The Monday the week starts on, YYYY-MM-DD'),
          end: dateStringSchema.describe('The Sunday it ends on (start + 6 days), YYYY-MM-DD'),
        }),
        response: { 200: weekGridSchema },
      },
    ),
    async (request) =>
      timelogs.weekGrid(tenantOf(request), principalOf(request), request.params.start, request.params.end),
  );

  app.post(
    '/timelogs/mark',
    route(
      member,
      "Save one cell of the caller's grid: hours on a task of a project they work on, on a day (0 removes it). 400 when the day would pass 24 hours",
      { body: markInputSchema, response: { 200: markResultSchema } },
    ),
    async (request) => timelogs.saveMark(tenantOf(request), principalOf(request), request.body),
  );

  app.get(
    '/timelogs/getMarksForweek/:userId/:from/:to',
    route(
      member,
      "A user's marks from `from` to `to` (a week, or any period): one's own, or anyone's in the tenant for a tenant administrator",
      {
        params: z.object({ userId: z.uuid().describe('The user whose marks to read'), from, to }),
        response: { 200: z.array(markRowSchema) },
      },
    ),
    async (request) => {
      const { userId, from: start, to: end } = request.params;
      return timelogs.marksOfUser(tenantOf(request), principalOf(request), userId, start, end);
    },
  );

  app.get(
    '/timelogs/loadTaskMarksForTeam/:projectId/:taskId/:from/:to',
    route(admin, "Every user's marks on one task of a project from `from` to `to`", {
      params: z.object({
        projectId: z.uuid().describe('The project the task belongs to'),
        taskId: z.uuid().describe('The task'),
        from,
        to,
      }),
      response: { 200: z.array(markRowSchema) },
    }),
    async (request) => {
      const { projectId, taskId, from: start, to: end } = request.params;
      return timelogs.teamMarksOfTask(tenantOf(request), projectId, taskId, start, end);
    },
  );

  app.get(
    '/timelogs/totalByDayForPersonalProjects/:from/:to',
    route(member, "The caller's hours per day from `from` to `to` (days without hours left out)", {
      params: period,
      response: { 200: z.array(dayTotalSchema) },
    }),
    async (request) =>
      timelogs.dayTotals(tenantOf(request), principalOf(request), request.params.from, request.params.to),
  );

  app.post(
    '/timelogs/copyLastWeek',
    route(
      member,
      "Show last week's rows (its tasks, not its hours) in the given week, for projects the caller still works on; answers how many rows were added",
      { body: copyLastWeekSchema, response: { 200: copyLastWeekResultSchema } },
    ),
    async (request) => timelogs.copyLastWeek(tenantOf(request), principalOf(request), request.body.week),
  );

  app.post(
    '/timelogs/weekRow',
    route(member, "Show a task of a project the caller works on as a row of a week's grid, without hours", {
      body: weekRowInputSchema,
      response: noContent,
    }),
    async (request, reply) => {
      await timelogs.addWeekRow(tenantOf(request), principalOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
};

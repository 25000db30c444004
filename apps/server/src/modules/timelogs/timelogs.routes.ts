import {
  copyLastWeekResultSchema,
  copyLastWeekSchema,
  dateStringSchema,
  dayTotalSchema,
  markInputSchema,
  markResultSchema,
  markRowSchema,
  mondaySchema,
  OVERVIEW_KINDS,
  overviewSchema,
  POLICIES,
  periodSchema,
  personalProjectSchema,
  projectDetailSchema,
  projectInputSchema,
  projectSchema,
  projectUpdateSchema,
  taskInputSchema,
  taskSchema,
  taskUpdateSchema,
  taskWithHoursSchema,
  weekGridSchema,
  weekRowInputSchema,
  withFeature,
} from '@atrium/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';

// Spec part 2 §7, base /api/timelogs, at exactly its paths (their case included). The spec leaves the
// generic parameters a, b, c, d unnamed; each route below names and describes them (issue 14).

/** Everyone working in the tenant logs their own hours, while the tenant has TimeLogs. */
const member = withFeature(POLICIES.tenantMembers, 'TimeLogs');
/** Projects, tasks and other users' hours are the tenant administrators'. */
const admin = withFeature(POLICIES.tenantAdmins, 'TimeLogs');
const route = routeOptions(['timelogs']);

const from = dateStringSchema.describe('First day of the period, YYYY-MM-DD (included)');
const to = dateStringSchema.describe('Last day of the period, YYYY-MM-DD (included)');
const period = z.object({ from, to });
const idParams = (what: string) => z.object({ id: z.uuid().describe(`The ${what}'s id`) });
const allOr = (what: string) =>
  z.union([z.literal('all'), z.uuid()]).describe(`A ${what}'s id, or 'all' for every ${what}`);
const created = z.object({ id: z.uuid() });

export const timelogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timelogs } = app.services;

  app.get(
    '/timelogs/getprojects',
    route(admin, 'Every project of the active tenant, with its task and member counts and all its hours', {
      response: { 200: z.array(projectSchema) },
    }),
    async (request) => timelogs.listProjects(tenantOf(request)),
  );

  app.get(
    '/timelogs/getpersonalprojects',
    route(member, 'The projects the caller works on, each with its tasks', {
      response: { 200: z.array(personalProjectSchema) },
    }),
    async (request) => timelogs.personalProjects(tenantOf(request), principalOf(request)),
  );

  app.get(
    '/timelogs/gettasks',
    route(admin, 'Every task of the active tenant, with its project and all its hours', {
      response: { 200: z.array(taskWithHoursSchema) },
    }),
    async (request) => timelogs.listTasks(tenantOf(request)),
  );

  app.get(
    '/timelogs/getpersonaltasks/:id',
    route(member, 'The tasks of a project the caller works on (404 for any other project)', {
      params: idParams('project'),
      response: { 200: z.array(taskSchema) },
    }),
    async (request) => timelogs.personalTasks(tenantOf(request), principalOf(request), request.params.id),
  );

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
    '/timelogs/project',
    route(admin, 'Create a project, with the users who work on it and its first tasks', {
      body: projectInputSchema,
      response: { 201: created },
    }),
    async (request, reply) => reply.status(201).send(await timelogs.createProject(tenantOf(request), request.body)),
  );

  app.post(
    '/timelogs/task',
    route(admin, 'Add a task to a project', { body: taskInputSchema, response: { 201: created } }),
    async (request, reply) => reply.status(201).send(await timelogs.createTask(tenantOf(request), request.body)),
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

  app.delete(
    '/timelogs/project/:id',
    route(admin, 'Delete a project with its tasks and every hour logged on it', {
      params: idParams('project'),
      response: noContent,
    }),
    async (request, reply) => {
      await timelogs.deleteProject(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/timelogs/task/:id',
    route(admin, 'Delete a task and every hour logged on it', { params: idParams('task'), response: noContent }),
    async (request, reply) => {
      await timelogs.deleteTask(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/timelogs/updateProject',
    route(admin, 'Rename a project, move its start date and set who works on it', {
      body: projectUpdateSchema,
      response: { 200: created },
    }),
    async (request) => timelogs.updateProject(tenantOf(request), request.body),
  );

  app.patch(
    '/timelogs/updateTask',
    route(admin, 'Rename a task', { body: taskUpdateSchema, response: { 200: created } }),
    async (request) => timelogs.updateTask(tenantOf(request), request.body),
  );

  app.get(
    '/timelogs/loadOneProject/:id',
    route(admin, 'One project with its tasks (and their hours) and the ids of the users who work on it', {
      params: idParams('project'),
      response: { 200: projectDetailSchema },
    }),
    async (request) => timelogs.loadProject(tenantOf(request), request.params.id),
  );

  app.get(
    '/timelogs/loadOneTask/:id',
    route(admin, 'One task with its project and all its hours', {
      params: idParams('task'),
      response: { 200: taskWithHoursSchema },
    }),
    async (request) => timelogs.loadTask(tenantOf(request), request.params.id),
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
    '/timelogs/totalByDayForPersonalProjects/:from/:to',
    route(member, "The caller's hours per day from `from` to `to` (days without hours left out)", {
      params: period,
      response: { 200: z.array(dayTotalSchema) },
    }),
    async (request) =>
      timelogs.dayTotals(tenantOf(request), principalOf(request), request.params.from, request.params.to),
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

  // Ours (issue 14): the grid's "copy last week's rows" and "add a row", and the overview's export.

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

  app.get(
    '/timelogs/exportOverview/:kind/:from/:to',
    route(admin, 'The overview table (hours per user, project or task) from `from` to `to` as xlsx or CSV', {
      params: z.object({ kind: z.enum(OVERVIEW_KINDS).describe('What each row is'), from, to }),
      querystring: z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
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

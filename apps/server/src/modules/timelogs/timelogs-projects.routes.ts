import {
  personalProjectSchema,
  projectDetailSchema,
  projectInputSchema,
  projectSchema,
  projectUpdateSchema,
  taskInputSchema,
  taskSchema,
  taskUpdateSchema,
  taskWithHoursSchema,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';
import { admin, created, idParams, member, route } from './timelogs.route-options.js';

/** Projects and their tasks: the administrators' lists and edits, and the caller's own projects and tasks. */
export const timelogProjectsRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

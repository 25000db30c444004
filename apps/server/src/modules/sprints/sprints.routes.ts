import {
  AUTHENTICATED,
  addMembersBodySchema,
  addMembersResultSchema,
  collaborationBodySchema,
  collaborationListQuerySchema,
  collaborationPageSchema,
  collaborationSchema,
  commentBodySchema,
  commentListQuerySchema,
  commentPageSchema,
  commentSchema,
  ideaBodySchema,
  ideaListQuerySchema,
  ideaPageSchema,
  ideaSchema,
  ideaStatusBodySchema,
  memberChoicesQuerySchema,
  memberChoicesSchema,
  POLICIES,
  sprintTagsSchema,
  voteSchema,
  withFeature,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent, routeOptions } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';

/**
 * Sprints (issue 42): anyone signed in whose active tenant has the feature; the service then admits a
 * collaboration's members and the tenant's administrators (404 for anyone else), and leaves managing
 * it to its owner and the administrators. Creating one is the administrators'.
 */
const sprinters = withFeature(AUTHENTICATED, 'Sprints');
const admins = withFeature(POLICIES.tenantAdmins, 'Sprints');
const route = routeOptions(['sprints']);
const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const sprintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sprints } = app.services;

  app.get(
    '/sprints/collaborations',
    route(
      sprinters,
      "The caller's collaborations (an administrator's: all of the tenant's), with search, status filter and each status's count",
      { querystring: collaborationListQuerySchema, response: { 200: collaborationPageSchema } },
    ),
    async (request) => sprints.list(tenantOf(request), principalOf(request), request.query),
  );

  app.post(
    '/sprints/collaborations',
    route(admins, 'Create a collaboration; its owner (the caller unless named) becomes its first member', {
      body: collaborationBodySchema,
      response: { 201: collaborationSchema },
    }),
    async (request, reply) =>
      reply.status(201).send(await sprints.create(tenantOf(request), principalOf(request), request.body)),
  );

  app.get(
    '/sprints/collaborations/:id',
    route(sprinters, 'A collaboration with its description and members (members and administrators)', {
      params: idParams,
      response: { 200: collaborationSchema },
    }),
    async (request) => sprints.get(tenantOf(request), principalOf(request), request.params.id),
  );

  app.put(
    '/sprints/collaborations/:id',
    route(sprinters, 'Edit or close a collaboration (its owner, administrators)', {
      params: idParams,
      body: collaborationBodySchema,
      response: { 200: collaborationSchema },
    }),
    async (request) => sprints.update(tenantOf(request), principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/sprints/collaborations/:id',
    route(admins, 'Delete a collaboration with its ideas and comments (audited)', {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await sprints.remove(tenantOf(request), principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sprints/collaborations/:id/member-choices',
    route(sprinters, 'People not in the collaboration yet and user groups, matching a search (owner, administrators)', {
      params: idParams,
      querystring: memberChoicesQuerySchema,
      response: { 200: memberChoicesSchema },
    }),
    async (request) =>
      sprints.memberChoices(tenantOf(request), principalOf(request), request.params.id, request.query.search),
  );

  app.post(
    '/sprints/collaborations/:id/members',
    route(sprinters, 'Add people, and every current member of user groups (owner, administrators)', {
      params: idParams,
      body: addMembersBodySchema,
      response: { 200: addMembersResultSchema },
    }),
    async (request) => sprints.addMembers(tenantOf(request), principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/sprints/collaborations/:id/members/:userId',
    route(sprinters, 'Remove a member (owner, administrators) or leave (oneself); the owner stays', {
      params: memberParams,
      response: noContent,
    }),
    async (request, reply) => {
      await sprints.removeMember(tenantOf(request), principalOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sprints/tags',
    route(sprinters, "The tags an idea may have: the tenant's tag list", { response: { 200: sprintTagsSchema } }),
    async (request) => sprints.tags(tenantOf(request)),
  );

  app.get(
    '/sprints/collaborations/:id/ideas',
    route(sprinters, "A page of a collaboration's ideas: sort, status and tag filters, keyset paging with `after`", {
      params: idParams,
      querystring: ideaListQuerySchema,
      response: { 200: ideaPageSchema },
    }),
    async (request) => sprints.ideas(tenantOf(request), principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/sprints/collaborations/:id/ideas',
    route(sprinters, 'Add an idea (members; not in a closed collaboration); the other members are told', {
      params: idParams,
      body: ideaBodySchema,
      response: { 201: ideaSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await sprints.addIdea(tenantOf(request), principalOf(request), request.params.id, request.body)),
  );

  app.put(
    '/sprints/ideas/:id',
    route(sprinters, 'Edit an idea (its author)', {
      params: idParams,
      body: ideaBodySchema,
      response: { 200: ideaSchema },
    }),
    async (request) => sprints.updateIdea(tenantOf(request), principalOf(request), request.params.id, request.body),
  );

  app.put(
    '/sprints/ideas/:id/status',
    route(sprinters, "Move an idea to another status (the collaboration's owner, administrators); its author is told", {
      params: idParams,
      body: ideaStatusBodySchema,
      response: { 200: ideaSchema },
    }),
    async (request) =>
      sprints.setIdeaStatus(tenantOf(request), principalOf(request), request.params.id, request.body.status),
  );

  app.delete(
    '/sprints/ideas/:id',
    route(sprinters, 'Delete an idea with its votes and comments (its author, the owner, administrators; audited)', {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await sprints.removeIdea(tenantOf(request), principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/sprints/ideas/:id/vote',
    route(sprinters, 'Vote for an idea (members, once: voting again changes nothing)', {
      params: idParams,
      response: { 200: voteSchema },
    }),
    async (request) => sprints.vote(tenantOf(request), principalOf(request), request.params.id, true),
  );

  app.delete(
    '/sprints/ideas/:id/vote',
    route(sprinters, 'Take back one’s vote for an idea', { params: idParams, response: { 200: voteSchema } }),
    async (request) => sprints.vote(tenantOf(request), principalOf(request), request.params.id, false),
  );

  app.get(
    '/sprints/ideas/:id/comments',
    route(sprinters, "A page of an idea's comments, oldest first; `after` is the page before's `next`", {
      params: idParams,
      querystring: commentListQuerySchema,
      response: { 200: commentPageSchema },
    }),
    async (request) => sprints.comments(tenantOf(request), principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/sprints/ideas/:id/comments',
    route(sprinters, 'Comment on an idea (members; plain text); its author is told', {
      params: idParams,
      body: commentBodySchema,
      response: { 201: commentSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await sprints.addComment(tenantOf(request), principalOf(request), request.params.id, request.body.text)),
  );

  app.put(
    '/sprints/comments/:id',
    route(sprinters, 'Edit a comment (its author)', {
      params: idParams,
      body: commentBodySchema,
      response: { 200: commentSchema },
    }),
    async (request) =>
      sprints.updateComment(tenantOf(request), principalOf(request), request.params.id, request.body.text),
  );

  app.delete(
    '/sprints/comments/:id',
    route(sprinters, 'Delete a comment (its author, the owner, administrators; audited)', {
      params: idParams,
      response: noContent,
    }),
    async (request, reply) => {
      await sprints.removeComment(tenantOf(request), principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

import {
  AUTHENTICATED,
  chatConversationSchema,
  chatConversationsQuerySchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageSchema,
  chatSendBodySchema,
  chatUnreadSchema,
  withFeature,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, routeOptions } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';

/**
 * Chat (api-contract.md, part 2): anyone signed in whose active tenant has Chat; the service then admits
 * only the tenant's members to direct conversations and a group's members to its conversation.
 */
const chatters = withFeature(AUTHENTICATED, 'Chat');
const userParams = z.object({ userId: z.uuid() });
const groupParams = z.object({ groupId: z.uuid() });
const route = routeOptions(['chat']);

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app.services;
  const direct = (request: { params: { userId: string } }) => ({
    kind: 'direct' as const,
    userId: request.params.userId,
  });
  const group = (request: { params: { groupId: string } }) => ({
    kind: 'group' as const,
    groupId: request.params.groupId,
  });

  app.get(
    '/chat/conversations',
    route(
      chatters,
      "The caller's conversations in the active tenant: every other member (direct) and every group they are in, with the last message and unread count; most recent first",
      { querystring: chatConversationsQuerySchema, response: { 200: z.array(chatConversationSchema) } },
    ),
    async (request) => chat.conversations(tenantOf(request), principalOf(request).userId, request.query.search),
  );

  app.get(
    '/chat/unread',
    route(chatters, "How many of others' messages the caller has not read in the active tenant (the menu's count)", {
      response: { 200: chatUnreadSchema },
    }),
    async (request) => chat.unread(tenantOf(request), principalOf(request).userId),
  );

  app.get(
    '/chat/users/:userId/messages',
    route(
      chatters,
      'A page of the direct conversation with a user, grouped per sender, oldest first; `before` pages upward',
      { params: userParams, querystring: chatHistoryQuerySchema, response: { 200: chatHistorySchema } },
    ),
    async (request) => chat.history(tenantOf(request), principalOf(request).userId, direct(request), request.query),
  );

  app.get(
    '/chat/groups/:groupId/messages',
    route(chatters, "A page of a user group's conversation (members only), grouped per sender; `before` pages upward", {
      params: groupParams,
      querystring: chatHistoryQuerySchema,
      response: { 200: chatHistorySchema },
    }),
    async (request) => chat.history(tenantOf(request), principalOf(request).userId, group(request), request.query),
  );

  app.post(
    '/chat/users/:userId/messages',
    route(chatters, 'Send a plain-text message to a user of the active tenant; they get ReloadMessages', {
      params: userParams,
      body: chatSendBodySchema,
      response: { 201: chatMessageSchema },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await chat.send(tenantOf(request), principalOf(request).userId, direct(request), request.body.text)),
  );

  app.post(
    '/chat/groups/:groupId/messages',
    route(
      chatters,
      "Send a plain-text message to a user group (members only); the group's members get ReloadGroupMessages",
      { params: groupParams, body: chatSendBodySchema, response: { 201: chatMessageSchema } },
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await chat.send(tenantOf(request), principalOf(request).userId, group(request), request.body.text)),
  );

  app.post(
    '/chat/users/:userId/read',
    route(chatters, 'Mark the direct conversation with a user read (opened)', {
      params: userParams,
      response: noContent,
    }),
    async (request, reply) => {
      await chat.markRead(tenantOf(request), principalOf(request).userId, direct(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/chat/groups/:groupId/read',
    route(chatters, "Mark a user group's conversation read (opened)", { params: groupParams, response: noContent }),
    async (request, reply) => {
      await chat.markRead(tenantOf(request), principalOf(request).userId, group(request));
      return reply.status(204).send(null);
    },
  );
};

import {
  AUTHENTICATED,
  chatConversationSchema,
  chatConversationsQuerySchema,
  chatHistoryQuerySchema,
  chatHistorySchema,
  chatMessageSchema,
  chatSendBodySchema,
  withFeature,
} from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, tenantOf } from '../../http/tenant-context.js';

/**
 * Chat (api-contract.md, part 2): anyone signed in whose active tenant has Chat; the service then admits
 * only the tenant's members to direct conversations and a group's members to its conversation.
 */
const chatters = withFeature(AUTHENTICATED, 'Chat');
const userParams = z.object({ userId: z.uuid() });
const groupParams = z.object({ groupId: z.uuid() });
const tags = ['chat'];

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app.services;

  app.get(
    '/chat/conversations',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary:
          "The caller's conversations in the active tenant: every other member (direct) and every group they are in, with the last message and unread count; most recent first",
        querystring: chatConversationsQuerySchema,
        response: { 200: z.array(chatConversationSchema) },
      },
    },
    async (request) => chat.conversations(tenantOf(request), principalOf(request).userId, request.query.search),
  );

  app.get(
    '/chat/users/:userId/messages',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary:
          'A page of the direct conversation with a user, grouped per sender, oldest first; `before` pages upward',
        params: userParams,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema },
      },
    },
    async (request) =>
      chat.history(
        tenantOf(request),
        principalOf(request).userId,
        { kind: 'direct', userId: request.params.userId },
        request.query,
      ),
  );

  app.get(
    '/chat/groups/:groupId/messages',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary: "A page of a user group's conversation (members only), grouped per sender; `before` pages upward",
        params: groupParams,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistorySchema },
      },
    },
    async (request) =>
      chat.history(
        tenantOf(request),
        principalOf(request).userId,
        { kind: 'group', groupId: request.params.groupId },
        request.query,
      ),
  );

  app.post(
    '/chat/users/:userId/messages',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary: 'Send a plain-text message to a user of the active tenant; they get ReloadMessages',
        params: userParams,
        body: chatSendBodySchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chat.send(
            tenantOf(request),
            principalOf(request).userId,
            { kind: 'direct', userId: request.params.userId },
            request.body.text,
          ),
        ),
  );

  app.post(
    '/chat/groups/:groupId/messages',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary:
          "Send a plain-text message to a user group (members only); the group's members get ReloadGroupMessages",
        params: groupParams,
        body: chatSendBodySchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chat.send(
            tenantOf(request),
            principalOf(request).userId,
            { kind: 'group', groupId: request.params.groupId },
            request.body.text,
          ),
        ),
  );

  app.post(
    '/chat/users/:userId/read',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary: 'Mark the direct conversation with a user read (opened)',
        params: userParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await chat.markRead(tenantOf(request), principalOf(request).userId, {
        kind: 'direct',
        userId: request.params.userId,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/chat/groups/:groupId/read',
    {
      config: { policy: chatters },
      schema: {
        tags,
        summary: "Mark a user group's conversation read (opened)",
        params: groupParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await chat.markRead(tenantOf(request), principalOf(request).userId, {
        kind: 'group',
        groupId: request.params.groupId,
      });
      return reply.status(204).send(null);
    },
  );
};

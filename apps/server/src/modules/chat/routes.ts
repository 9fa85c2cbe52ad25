import {
  chatSendSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationResponseSchema,
  historyQuerySchema,
  markReadResponseSchema,
  messagePageSchema,
  openConversationSchema,
  openedConversationSchema,
  reportCreatedSchema,
  reportSchema,
  sentMessageSchema,
  unreadTotalSchema,
} from '@lokal/shared/schemas/chat';
import { errorSchema } from '@lokal/shared/schemas/common';
import { blockBodySchema } from '@lokal/shared/schemas/trust';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import { bookingsServiceOf } from '../bookings/routes.ts';
import type { ModulePlugin } from '../context.ts';
import { type BookingsForBlock, type ChatService, chatServiceOf } from './service.ts';
import { chatSocketRoute } from './ws.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

export const chatModule: ModulePlugin = async (app, { ctx }) => {
  const service = chatServiceOf(ctx);
  // Blocking cancels the pair's upcoming bookings through the bookings module (docs/product.md#block-and-report).
  const bookings = bookingsServiceOf(ctx);
  await signedInScope(app, ['tourist', 'guide'], (scope) => chatRoutes(scope, service, bookings));
  chatSocketRoute(app, service, ctx.hub, ctx.config);
};

function chatRoutes(app: App, service: ChatService, bookings: BookingsForBlock) {
  app.get(
    '/chat/conversations',
    {
      schema: {
        tags: ['chat'],
        summary:
          "My conversations, newest first, a page at a time (nextCursor), with the other party, last message and unread count; a guide's response rate",
        querystring: conversationListQuerySchema,
        response: { 200: conversationListSchema, ...errors },
      },
    },
    async (request) => service.list(request.user, request.query),
  );

  app.post(
    '/chat/conversations',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Open (or find) the conversation with a guide (tourists) or a tourist (guides, under the contact rules)',
        body: openConversationSchema,
        response: { 200: openedConversationSchema, ...errors },
      },
    },
    async (request) => ({ id: (await service.open(request.user, request.body)).id }),
  );

  app.get(
    '/chat/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'One of my conversations, with the other party',
        params: conversationParamsSchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (request) => ({ conversation: await service.get(request.user, request.params.id) }),
  );

  app.get(
    '/chat/unread',
    {
      schema: {
        tags: ['chat'],
        summary: 'Unread messages across all my conversations (the bottom bar badge)',
        response: { 200: unreadTotalSchema, ...errors },
      },
    },
    async (request) => ({ total: await service.unreadTotal(request.user) }),
  );

  app.post(
    '/chat/conversations/:id/block',
    {
      schema: {
        tags: ['chat'],
        summary: 'Block the other party: neither side can send until it is lifted',
        description:
          'When the pair has upcoming bookings the answer is 409 upcoming-bookings until the body says ' +
          '{ "cancelBookings": true }; then they are cancelled with the blocker as the canceller.',
        params: conversationParamsSchema,
        body: blockBodySchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      conversation: await service.block(
        request.user,
        request.params.id,
        request.body?.cancelBookings === true,
        bookings,
      ),
    }),
  );

  app.post(
    '/chat/conversations/:id/unblock',
    {
      schema: {
        tags: ['chat'],
        summary: 'Lift my block on the other party',
        params: conversationParamsSchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      conversation: await service.setBlocked(request.user, request.params.id, false),
    }),
  );

  app.post(
    '/chat/conversations/:id/report',
    {
      schema: {
        tags: ['chat'],
        summary: 'Report the other party to staff',
        params: conversationParamsSchema,
        body: reportSchema,
        response: { 201: reportCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.report(request.user, request.params.id, request.body)),
  );

  app.get(
    '/chat/conversations/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Message history: `before` pages back, `after` resumes after the last id seen',
        params: conversationParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) => ({
      messages: await service.history(request.user, request.params.id, request.query),
    }),
  );

  app.post(
    '/chat/send',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a message; the same clientId never makes a second one',
        body: chatSendSchema,
        response: {
          200: sentMessageSchema,
          201: sentMessageSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { message, created } = await service.send(request.user, request.body);
      return reply.status(created ? 201 : 200).send({ message });
    },
  );

  app.post(
    '/chat/conversations/:id/read',
    {
      schema: {
        tags: ['chat'],
        summary: "Mark the other party's messages as read",
        params: conversationParamsSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => service.markRead(request.user, request.params.id),
  );
}

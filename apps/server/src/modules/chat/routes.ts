import {
  chatSendSchema,
  conversationSchema,
  historyQuerySchema,
  messageSchema,
  openConversationSchema,
} from '@lokal/shared/schemas/chat';
import { errorSchema } from '@lokal/shared/schemas/common';
import { z } from 'zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ChatService } from './service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};
const idParams = z.object({ id: z.uuid({ message: 'Unknown conversation' }) });

export function chatRoutes(app: App, service: ChatService) {
  app.get(
    '/api/chat/conversations',
    {
      preHandler: requireUser('tourist', 'guide'),
      schema: {
        tags: ['chat'],
        summary: 'My conversations, newest first, with the other party, last message and unread count',
        response: { 200: z.object({ conversations: z.array(conversationSchema) }), ...errors },
      },
    },
    async (request) => ({ conversations: await service.list(request.auth!.user) }),
  );

  app.post(
    '/api/chat/conversations',
    {
      preHandler: requireUser('tourist', 'guide'),
      schema: {
        tags: ['chat'],
        summary:
          'Open (or find) the conversation with a guide (tourists) or a tourist (guides, under the contact rules)',
        body: openConversationSchema,
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request) => ({ id: (await service.open(request.auth!.user, request.body)).id }),
  );

  app.get(
    '/api/chat/conversations/:id/messages',
    {
      preHandler: requireUser('tourist', 'guide'),
      schema: {
        tags: ['chat'],
        summary: 'Message history: `before` pages back, `after` resumes after the last id seen',
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: z.object({ messages: z.array(messageSchema) }), ...errors },
      },
    },
    async (request) => ({
      messages: await service.history(request.auth!.user, request.params.id, request.query),
    }),
  );

  app.post(
    '/api/chat/send',
    {
      preHandler: requireUser('tourist', 'guide'),
      schema: {
        tags: ['chat'],
        summary: 'Send a message; the same clientId never makes a second one',
        body: chatSendSchema,
        response: {
          200: z.object({ message: messageSchema }),
          201: z.object({ message: messageSchema }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { message, created } = await service.send(request.auth!.user, request.body);
      return reply.status(created ? 201 : 200).send({ message });
    },
  );

  app.post(
    '/api/chat/conversations/:id/read',
    {
      preHandler: requireUser('tourist', 'guide'),
      schema: {
        tags: ['chat'],
        summary: "Mark the other party's messages as read",
        params: idParams,
        response: { 200: z.object({ updated: z.number() }), ...errors },
      },
    },
    async (request) => service.markRead(request.auth!.user, request.params.id),
  );
}

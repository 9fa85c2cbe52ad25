import { errorSchema } from '@lokal/shared/schemas/common';
import {
  markNotificationsResponseSchema,
  markNotificationsSchema,
  notificationListQuerySchema,
  notificationListSchema,
} from '@lokal/shared/schemas/notifications';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { notificationsOf } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const notificationsModule: ModulePlugin = async (app, { ctx }) => {
  const service = notificationsOf(ctx);
  requireSession(app, 'tourist', 'guide');

  app.get(
    '',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, a page at a time (nextCursor), and how many are unread',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => service.list(request.user.id, request.query),
  );

  app.post(
    '/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark the given notifications (or all of them) read',
        body: markNotificationsSchema,
        response: { 200: markNotificationsResponseSchema, ...errors },
      },
    },
    async (request) => service.markRead(request.user.id, request.body.ids),
  );
};

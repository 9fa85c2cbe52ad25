import { errorSchema } from '@lokal/shared/schemas/common';
import {
  markNotificationsResponseSchema,
  markNotificationsSchema,
  notificationListSchema,
} from '@lokal/shared/schemas/notifications';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { NotificationsService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export function notificationsRoutes(app: App, service: NotificationsService) {
  app.get(
    '/api/notifications',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['notifications'],
        summary: 'My latest 50 notifications, newest first, and how many are unread',
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => service.list(request.auth!.user.id),
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['notifications'],
        summary: 'Mark the given notifications (or all of them) read',
        body: markNotificationsSchema,
        response: { 200: markNotificationsResponseSchema, ...errors },
      },
    },
    async (request) => service.markRead(request.auth!.user.id, request.body.ids),
  );
}

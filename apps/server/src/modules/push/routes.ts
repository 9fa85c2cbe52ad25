import { errorSchema } from '@lokal/shared/schemas/common';
import {
  pushKeySchema,
  pushSubscribeSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeSchema,
} from '@lokal/shared/schemas/push';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { createSettingsRepository } from '../settings/repository.ts';
import { pushOf } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

// This device's Web Push subscription (decision 098): the session says whose it is.
export const pushModule: ModulePlugin = async (app, { ctx }) => {
  const push = pushOf(ctx);
  const settings = createSettingsRepository(ctx.db);
  requireSession(app, 'tourist', 'guide');

  app.get(
    '/key',
    {
      schema: {
        tags: ['push'],
        summary: "The VAPID public key a browser subscribes with (PushManager's applicationServerKey)",
        response: { 200: pushKeySchema, ...errors },
      },
    },
    async () => ({ publicKey: push.publicKey() }),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary:
          "Subscribe this browser to my pushes (its PushSubscription.toJSON() and the device's time zone)",
        description:
          "The time zone becomes the account's, for quiet hours. A browser another member subscribed moves to me.",
        body: pushSubscribeSchema,
        response: { 200: pushSubscriptionStateSchema, ...errors },
      },
    },
    async (request) =>
      push.subscribe(request.user.id, request.body, (timeZone) =>
        settings.setTimeZone(request.user.id, timeZone),
      ),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['push'],
        summary: 'Stop pushes to this browser (its endpoint); another member’s subscription is left alone',
        body: pushUnsubscribeSchema,
        response: { 200: pushSubscriptionStateSchema, ...errors },
      },
    },
    async (request) => push.unsubscribe(request.user.id, request.body.endpoint),
  );
};

import { errorSchema } from '@lokal/shared/schemas/common';
import { settingsSchema, settingsUpdateSchema } from '@lokal/shared/schemas/settings';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { SettingsService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

// The account's settings: no id in the path, the session says whose they are.
export function settingsRoutes(app: App, service: SettingsService) {
  app.get(
    '/api/users/settings',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['settings'],
        summary: 'My name, notification preferences and (guides) auto-accept and social handle',
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => service.read(request.auth!.user),
  );

  app.patch(
    '/api/users/settings',
    {
      onRequest: requireUser('tourist', 'guide'),
      schema: {
        tags: ['settings'],
        summary: 'Change some of my settings; fields not sent keep their value',
        description:
          'autoAcceptBookings, socialMedia and hideSocialMedia are for guides; a tourist sending them gets 400 guide-only.',
        body: settingsUpdateSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => service.update(request.auth!.user, request.body),
  );
}

import { errorSchema } from '@lokal/shared/schemas/common';
import { settingsSchema, settingsUpdateSchema } from '@lokal/shared/schemas/settings';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { createSettingsRepository } from './repository.ts';
import { createSettingsService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

// The account's settings: no id in the path, the session says whose they are.
export const settingsModule: ModulePlugin = async (app, { ctx }) => {
  const service = createSettingsService(createSettingsRepository(ctx.db));
  requireSession(app, 'tourist', 'guide');

  app.get(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'My name, notification preferences and (guides) auto-accept and social handle',
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => service.read(request.user),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change some of my settings; fields not sent keep their value',
        description:
          'autoAcceptBookings, socialMedia and hideSocialMedia are for guides; a tourist sending them gets 400 guide-only.',
        body: settingsUpdateSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => service.update(request.user, request.body),
  );
};

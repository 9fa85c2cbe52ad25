import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import { settingsSchema, settingsUpdateSchema } from '@lokal/shared/schemas/settings';
import { clearSessionCookie, requireSession } from '../../plugins/sessions.ts';
import { authServiceOf } from '../auth/service.ts';
import type { ModulePlugin } from '../context.ts';
import { createSettingsRepository } from './repository.ts';
import { createSettingsService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

// The account's settings: no id in the path, the session says whose they are.
export const settingsModule: ModulePlugin = async (app, { ctx }) => {
  const service = createSettingsService(createSettingsRepository(ctx.db));
  // Sessions belong to auth: its one service of this app ends them.
  const auth = authServiceOf(ctx);
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

  app.post(
    '/sign-out-everywhere',
    {
      schema: {
        tags: ['settings'],
        summary: 'Sign out everywhere: end every session of my account, this one included',
        description:
          'Other browsers and devices are signed out on their next request (docs/product.md#settings).',
        response: { 200: successSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.signOutEverywhere(request.user.id);
      clearSessionCookie(reply, ctx.config);
      return { success: true as const };
    },
  );
};

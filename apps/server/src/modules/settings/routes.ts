import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import { settingsSchema, settingsUpdateSchema } from '@lokal/shared/schemas/settings';
import { dataExportSchema, deleteAccountBodySchema } from '@lokal/shared/schemas/trust';
import { clearSessionCookie, requireSession } from '../../plugins/sessions.ts';
import { authServiceOf } from '../auth/service.ts';
import { bookingsServiceOf } from '../bookings/routes.ts';
import { chatServiceOf } from '../chat/service.ts';
import type { ModulePlugin } from '../context.ts';
import { identityOf } from '../identity/service.ts';
import { createSettingsRepository } from './repository.ts';
import { createSettingsService } from './service.ts';
import { createYourDataService } from './your-data.ts';
import { createYourDataRepository } from './your-data-repository.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

// The account's settings: no id in the path, the session says whose they are.
export const settingsModule: ModulePlugin = async (app, { ctx }) => {
  const service = createSettingsService(createSettingsRepository(ctx.db));
  const yourData = createYourDataService({
    repo: createYourDataRepository(ctx.db),
    settings: service,
    bookings: bookingsServiceOf(ctx),
    identity: identityOf(ctx),
    files: ctx.files,
    now: ctx.now,
    signOutSockets: (userId) => ctx.hub.signOut(userId),
    forgetSendRules: () => chatServiceOf(ctx).forgetContexts(),
  });
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
      // Every other open tab hears it live (its socket closes); this one goes on to sign out.
      await ctx.hub.signOut(request.user.id, request.auth?.sessionId);
      clearSessionCookie(reply, ctx.config);
      return { success: true as const };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['settings'],
        summary: "Download all my data as JSON (no other person's private data); audited",
        response: { 200: dataExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await yourData.exportData(request.user);
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Content-Disposition', 'attachment; filename="lokal-my-data.json"');
      return data;
    },
  );

  app.post(
    '/delete-account',
    {
      schema: {
        tags: ['settings'],
        summary: 'Delete my account: signed out everywhere, gone from discovery, photos removed; audited',
        description:
          'Messages stay with the other party under "Deleted member"; bookings stay, anonymized, for the guide\'s ' +
          'records; upcoming ones are cancelled first. The e-mail address is freed (docs/product.md#your-data).',
        body: deleteAccountBodySchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request, reply) => {
      await yourData.deleteAccount(request.user);
      clearSessionCookie(reply, ctx.config);
      return { success: true as const };
    },
  );
};

import { errorSchema } from '@lokal/shared/schemas/common';
import {
  botCheckChallengeSchema,
  sendCodeBodySchema,
  sendCodeResponseSchema,
  verifyCodeBodySchema,
  verifyCodeResponseSchema,
} from '@lokal/shared/schemas/onboarding';
import { requireSession } from '../../plugins/sessions.ts';
import type { ModulePlugin } from '../context.ts';
import { phoneServiceOf } from './service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  429: errorSchema,
  502: errorSchema,
};

export const phoneModule: ModulePlugin = async (app, { ctx }) => {
  const service = phoneServiceOf(ctx);
  requireSession(app, 'tourist', 'guide');

  app.get(
    '/challenge',
    {
      schema: {
        tags: ['phone'],
        summary:
          'A proof-of-work challenge to solve before asking for a code (null while the bot check is off)',
        response: { 200: botCheckChallengeSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async () => service.botCheckChallenge(),
  );

  app.post(
    '/send-code',
    {
      schema: {
        tags: ['phone'],
        summary: 'Text a 6-digit code to a phone number',
        body: sendCodeBodySchema,
        response: { 200: sendCodeResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.sendCode(
        request.user.id,
        request.body.phone,
        request.ip,
        request.body.city,
        request.body.botCheck,
      ),
  );

  app.post(
    '/verify-code',
    {
      schema: {
        tags: ['phone'],
        summary: 'Check the code and link the phone to this account',
        body: verifyCodeBodySchema,
        response: { 200: verifyCodeResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.verifyCode(
        request.user.id,
        request.body.phone,
        request.body.code,
        request.ip,
        request.body.city,
      ),
  );
};

import { errorSchema } from '@lokal/shared/schemas/common';
import {
  assessmentSchema,
  guideOnboardingSchema,
  guidePreviewSchema,
  onboardingResponseSchema,
  personalityStatusSchema,
  touristOnboardingSchema,
} from '@lokal/shared/schemas/onboarding';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { localeOf } from '../locale/service.ts';
import { phoneServiceOf } from '../phone/service.ts';
import { createOnboardingRepository } from './repository.ts';
import { createOnboardingService, type OnboardingService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const onboardingModule: ModulePlugin = async (app, { ctx }) => {
  const service = createOnboardingService({
    repo: createOnboardingRepository(ctx.db),
    phone: phoneServiceOf(ctx),
    rates: () => localeOf(ctx).rates(),
  });
  await signedInScope(app, ['tourist'], (scope) => touristRoutes(scope, service));
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service));
};

function touristRoutes(app: App, service: OnboardingService) {
  app.post(
    '/tourists/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Complete a tourist's onboarding",
        body: touristOnboardingSchema,
        response: { 200: onboardingResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.completeTourist(request.user, request.body);
      return { success: true as const, onboardingCompleted: true as const };
    },
  );
}

function guideRoutes(app: App, service: OnboardingService) {
  app.post(
    '/guides/onboarding',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Complete a guide's onboarding",
        body: guideOnboardingSchema,
        response: { 200: onboardingResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.completeGuide(request.user, request.body);
      return { success: true as const, onboardingCompleted: true as const };
    },
  );

  app.get(
    '/guides/personality-status',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Whether the guide has completed the personality assessment',
        response: { 200: personalityStatusSchema, ...errors },
      },
    },
    async (request) => ({ personalityTestCompleted: request.user.personalityTestCompleted }),
  );

  app.post(
    '/guides/personality-assessment',
    {
      schema: {
        tags: ['onboarding'],
        summary: "Save the guide's personality assessment; the profile goes live",
        body: assessmentSchema,
        response: { 200: personalityStatusSchema, ...errors },
      },
    },
    async (request) => {
      await service.saveAssessment(request.user, request.body);
      return { personalityTestCompleted: true };
    },
  );

  app.get(
    '/guides/me',
    {
      schema: {
        tags: ['onboarding'],
        summary: "The guide's own profile as tourists will see it, with the saved answers",
        response: { 200: guidePreviewSchema, ...errors },
      },
    },
    async (request) => service.preview(request.user),
  );
}

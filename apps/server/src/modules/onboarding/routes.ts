import { errorSchema } from '@lokal/shared/schemas/common';
import {
  assessmentSchema,
  guideOnboardingSchema,
  guidePreviewSchema,
  onboardingResponseSchema,
  personalityStatusSchema,
  touristOnboardingSchema,
} from '@lokal/shared/schemas/onboarding';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { OnboardingService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export function onboardingRoutes(app: App, service: OnboardingService) {
  app.post(
    '/api/tourists/onboarding',
    {
      onRequest: requireUser('tourist'),
      schema: {
        tags: ['onboarding'],
        summary: "Complete a tourist's onboarding",
        body: touristOnboardingSchema,
        response: { 200: onboardingResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.completeTourist(request.auth!.user, request.body);
      return { success: true as const, onboardingCompleted: true as const };
    },
  );

  app.post(
    '/api/guides/onboarding',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['onboarding'],
        summary: "Complete a guide's onboarding",
        body: guideOnboardingSchema,
        response: { 200: onboardingResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.completeGuide(request.auth!.user, request.body);
      return { success: true as const, onboardingCompleted: true as const };
    },
  );

  app.get(
    '/api/guides/personality-status',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['onboarding'],
        summary: 'Whether the guide has completed the personality assessment',
        response: { 200: personalityStatusSchema, ...errors },
      },
    },
    async (request) => ({ personalityTestCompleted: request.auth!.user.personalityTestCompleted }),
  );

  app.post(
    '/api/guides/personality-assessment',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['onboarding'],
        summary: "Save the guide's personality assessment; the profile goes live",
        body: assessmentSchema,
        response: { 200: personalityStatusSchema, ...errors },
      },
    },
    async (request) => {
      await service.saveAssessment(request.auth!.user, request.body);
      return { personalityTestCompleted: true };
    },
  );

  app.get(
    '/api/guides/me',
    {
      onRequest: requireUser('guide'),
      schema: {
        tags: ['onboarding'],
        summary: "The guide's own profile as tourists will see it, with the saved answers",
        response: { 200: guidePreviewSchema, ...errors },
      },
    },
    async (request) => service.preview(request.auth!.user),
  );
}

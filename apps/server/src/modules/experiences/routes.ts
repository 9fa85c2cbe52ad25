import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import { errorSchema } from '@lokal/shared/schemas/common';
import {
  availabilityInputSchema,
  availabilityResponseSchema,
  experienceInputSchema,
  experienceListResponseSchema,
  experienceParamsSchema,
  experiencePhotoParamsSchema,
  experienceResponseSchema,
  experienceStatusBodySchema,
  guideExperiencesParamsSchema,
  photoOrderSchema,
  photoResponseSchema,
  slotsQuerySchema,
  slotsResponseSchema,
} from '@lokal/shared/schemas/experiences';
import { z } from 'zod';
import { readUploadedPicture } from '../../plugins/images.ts';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { type ExperiencesService, experiencesOf } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['experiences'];

export const experiencesModule: ModulePlugin = async (app, { ctx }) => {
  const service = experiencesOf(ctx);
  publicRoutes(app, service);
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service));
};

function publicRoutes(app: App, service: ExperiencesService) {
  app.get(
    '/experiences/:id',
    {
      config: { session: 'optional' },
      schema: {
        tags,
        summary:
          'A published experience with its guide, photos, policy in words and rating (its guide and staff see drafts too)',
        params: experienceParamsSchema,
        response: { 200: experienceResponseSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ experience: await service.get(request.params.id, request.auth?.user ?? null) }),
  );

  app.get(
    '/experiences/:id/slots',
    {
      config: { session: 'optional' },
      schema: {
        tags,
        summary:
          'Bookable start times between two local dates (at most 62 days), each as a UTC instant and as local date and time in the guide’s city',
        params: experienceParamsSchema,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) =>
      service.slots(request.params.id, request.query.from, request.query.to, request.auth?.user ?? null),
  );

  app.get(
    '/guides/:id/experiences',
    {
      config: { session: 'optional' },
      schema: {
        tags,
        summary: "A listed guide's published experiences",
        params: guideExperiencesParamsSchema,
        response: { 200: experienceListResponseSchema, 400: errorSchema },
      },
    },
    async (request) => ({
      experiences: await service.ofGuide(request.params.id, request.auth?.user ?? null),
    }),
  );
}

function guideRoutes(app: App, service: ExperiencesService) {
  app.get(
    '/experiences/mine',
    {
      schema: {
        tags,
        summary: 'My experiences, every status, newest first',
        response: { 200: experienceListResponseSchema, ...errors },
      },
    },
    async (request) => ({ experiences: await service.mine(request.user) }),
  );

  app.post(
    '/experiences',
    {
      schema: {
        tags,
        summary: 'Create an experience (a draft)',
        body: experienceInputSchema,
        response: { 201: experienceResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ experience: await service.create(request.user, request.body) }),
  );

  app.patch(
    '/experiences/:id',
    {
      schema: {
        tags,
        summary: 'Edit one of my experiences (every field; a published one must stay publishable)',
        params: experienceParamsSchema,
        body: experienceInputSchema,
        response: { 200: experienceResponseSchema, ...errors },
      },
    },
    async (request) => ({ experience: await service.update(request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/experiences/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my experiences (bookings made on it keep their copy)',
        params: experienceParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await service.remove(request.user, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/experiences/:id/status',
    {
      schema: {
        tags,
        summary:
          'Publish, pause or return to draft; publishing needs a title, a price, a duration, a meeting point and a weekly time range',
        params: experienceParamsSchema,
        body: experienceStatusBodySchema,
        response: { 200: experienceResponseSchema, ...errors },
      },
    },
    async (request) => ({
      experience: await service.setStatus(request.user, request.params.id, request.body.status),
    }),
  );

  app.post(
    '/experiences/:id/photos',
    {
      schema: {
        tags,
        summary:
          'Add a photo (multipart field "photo"; JPEG, PNG or WebP up to 5 MB; at most 8; uploads count against the hourly photo limit)',
        consumes: ['multipart/form-data'],
        params: experienceParamsSchema,
        response: {
          200: photoResponseSchema,
          ...errors,
          413: errorSchema,
          415: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      await service.countUpload(request.user.id);
      const data = await readUploadedPicture(request, 'photo', PHOTO_LIMITS.maxBytes);
      return { photos: await service.addPhoto(request.user, request.params.id, data) };
    },
  );

  app.delete(
    '/experiences/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Remove a photo',
        params: experiencePhotoParamsSchema,
        response: { 200: photoResponseSchema, ...errors },
      },
    },
    async (request) => ({
      photos: await service.removePhoto(request.user, request.params.id, request.params.photoId),
    }),
  );

  app.patch(
    '/experiences/:id/photos',
    {
      schema: {
        tags,
        summary: "Put the photos in this order (every one of the experience's photos, once)",
        params: experienceParamsSchema,
        body: photoOrderSchema,
        response: { 200: photoResponseSchema, ...errors },
      },
    },
    async (request) => ({
      photos: await service.reorderPhotos(request.user, request.params.id, request.body.photoIds),
    }),
  );

  app.get(
    '/availability',
    {
      schema: {
        tags,
        summary: 'My weekly schedule, date exceptions, notice, buffer and daily maximum, in my city time',
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    async (request) => ({ availability: await service.availability(request.user) }),
  );

  app.patch(
    '/availability',
    {
      schema: {
        tags,
        summary: 'Replace my availability (schedule, exceptions and settings at once)',
        body: availabilityInputSchema,
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    async (request) => ({ availability: await service.saveAvailability(request.user, request.body) }),
  );
}

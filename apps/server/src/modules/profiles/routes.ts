import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import {
  guideProfileUpdateSchema,
  ownTouristSchema,
  photoResponseSchema,
  photosResponseSchema,
  touristProfileUpdateSchema,
  uploadParamsSchema,
  uploadResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { HttpError } from '../../plugins/errors.ts';
import { readUploadedPicture } from '../../plugins/images.ts';
import { signedInScope } from '../../plugins/sessions.ts';
import { type FileStore, uploadKey } from '../../plugins/storage.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { createProfilesRepository } from './repository.ts';
import { createProfilesService, MAX_PHOTO_BYTES, type ProfilesService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

export const profilesModule: ModulePlugin = async (app, { ctx }) => {
  const service = createProfilesService({
    repo: createProfilesRepository(ctx.db),
    files: ctx.files,
    now: ctx.now,
    countHit: ctx.countHit,
    rateLimitScale: ctx.config.rateLimitScale,
  });
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service));
  await signedInScope(app, ['tourist'], (scope) => touristRoutes(scope, service));
  await signedInScope(app, ['tourist', 'guide'], (scope) => memberRoutes(scope, service));
  publicRoutes(app, ctx.files);
};

function guideRoutes(app: App, service: ProfilesService) {
  app.post(
    '/guides/me/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: "Edit the guide's public profile",
        body: guideProfileUpdateSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.updateGuide(request.user.id, request.body);
      return { success: true as const };
    },
  );
}

function touristRoutes(app: App, service: ProfilesService) {
  app.get(
    '/tourists/me',
    {
      schema: {
        tags: ['profiles'],
        summary: "The tourist's own profile",
        response: { 200: ownTouristSchema, ...errors },
      },
    },
    async (request) => service.tourist(request.user.id),
  );

  app.post(
    '/tourists/me/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Edit the profile guides see (budget, interests, availability, looking for …)',
        body: touristProfileUpdateSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.updateTourist(request.user.id, request.body);
      return { success: true as const };
    },
  );
}

function memberRoutes(app: App, service: ProfilesService) {
  app.post(
    '/users/me/photo',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Upload a profile photo (multipart field "photo"; JPEG, PNG or WebP up to 5 MB)',
        consumes: ['multipart/form-data'],
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
      const data = await readUploadedPicture(request, 'photo', MAX_PHOTO_BYTES);
      return { image: await service.savePhoto(request.user.id, data) };
    },
  );

  app.delete(
    '/users/me/photo/:file',
    {
      schema: {
        tags: ['profiles'],
        summary: "Remove one of the member's uploaded photos (its file is deleted)",
        params: uploadParamsSchema,
        response: { 200: photosResponseSchema, ...errors, 404: errorSchema },
      },
    },
    async (request) => service.removePhoto(request.user.id, request.params.file),
  );
}

function publicRoutes(app: App, files: FileStore) {
  app.get(
    '/uploads/:file',
    {
      schema: {
        tags: ['profiles'],
        summary: 'An uploaded photo (profile or experience): the same bytes from every server instance',
        params: uploadParamsSchema,
        response: {
          200: uploadResponseSchema,
          304: uploadResponseSchema,
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await files.get(uploadKey(request.params.file));
      if (!file) throw new HttpError(404, 'Photo not found', 'not-found');
      // Names are random and never reused: cache for a year. The ETag is the bytes' SHA-256, the same everywhere.
      const etag = `"${file.sha256}"`;
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
      const known = request.headers['if-none-match']?.split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (known?.includes(etag) || known?.includes('*')) return reply.code(304).send();
      return reply.type('image/webp').send(file.data);
    },
  );
}

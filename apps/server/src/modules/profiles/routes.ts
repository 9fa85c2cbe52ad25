import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import {
  guideProfileUpdateSchema,
  ownTouristSchema,
  photoResponseSchema,
  touristProfileUpdateSchema,
  uploadParamsSchema,
  uploadResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { HttpError } from '../../plugins/errors.ts';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { createProfilesRepository } from './repository.ts';
import { createProfilesService, MAX_PHOTO_BYTES, type ProfilesService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema };

export const profilesModule: ModulePlugin = async (app, { ctx }) => {
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  const service = createProfilesService({ repo: createProfilesRepository(ctx.db), uploadsDir });
  await signedInScope(app, ['guide'], (scope) => guideRoutes(scope, service));
  await signedInScope(app, ['tourist'], (scope) => touristRoutes(scope, service));
  await signedInScope(app, ['tourist', 'guide'], (scope) => memberRoutes(scope, service));
  publicRoutes(app, uploadsDir);
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
        response: { 200: photoResponseSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new HttpError(415, 'Send the photo as multipart/form-data', 'unsupported-media-type');
      // A body that is not well-formed multipart (no boundary, cut short) is the client's mistake: 400, not 500.
      const badMultipart = (err: { statusCode?: number }) => {
        if (err.statusCode && err.statusCode < 500) throw err;
        throw new HttpError(400, 'The upload is not valid multipart/form-data', 'bad-multipart');
      };
      const file = await request
        .file({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1 } })
        .catch(badMultipart);
      if (file?.fieldname !== 'photo')
        throw new HttpError(400, 'Attach the picture as the "photo" field', 'photo-missing');
      const data = await file.toBuffer().catch((err: { code?: string; statusCode?: number }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'The picture must be 5 MB or smaller', 'photo-too-large');
        return badMultipart(err);
      });
      if (file.file.truncated)
        throw new HttpError(413, 'The picture must be 5 MB or smaller', 'photo-too-large');
      return { image: await service.savePhoto(request.user.id, data) };
    },
  );
}

function publicRoutes(app: App, uploadsDir: string) {
  app.get(
    '/uploads/:file',
    {
      schema: {
        tags: ['profiles'],
        summary: 'An uploaded profile photo',
        params: uploadParamsSchema,
        response: { 200: uploadResponseSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const full = path.join(uploadsDir, request.params.file);
      if (!existsSync(full)) throw new HttpError(404, 'Photo not found', 'not-found');
      // Names are random and never reused: cache for a year.
      return reply
        .type('image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(createReadStream(full));
    },
  );
}

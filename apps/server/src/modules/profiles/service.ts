import { randomBytes } from 'node:crypto';
import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import { memberAvatarUrl } from '@lokal/shared/domain/avatar';
import {
  type GuideProfileUpdate,
  type TouristProfileUpdate,
  uploadParamsSchema,
} from '@lokal/shared/schemas/discovery';
import { HttpError } from '../../plugins/errors.ts';
import { toWebp } from '../../plugins/images.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import { type FileStore, uploadKey } from '../../plugins/storage.ts';
import type { ProfilesRepository } from './repository.ts';

// The same limit the settings form checks before uploading.
export const MAX_PHOTO_BYTES = PHOTO_LIMITS.maxBytes;
const SIDE = 640;

const noProfile = () =>
  new HttpError(409, 'Complete onboarding before editing your profile', 'onboarding-required');

const UPLOAD_PREFIX = '/api/uploads/';

export function createProfilesService(deps: {
  repo: ProfilesRepository;
  files: FileStore;
  now: () => number;
  countHit: HitCounter;
  rateLimitScale: number;
}) {
  const { repo, files } = deps;
  const consume = createRateLimiter(deps.countHit, deps.now);

  /** Deletes an uploaded picture's file; drawn portraits and other addresses have none. */
  async function removeFile(image: string | null) {
    const file = image?.startsWith(UPLOAD_PREFIX) ? image.slice(UPLOAD_PREFIX.length) : null;
    if (file && uploadParamsSchema.shape.file.safeParse(file).success) await files.delete(uploadKey(file));
  }

  return {
    async updateGuide(userId: string, body: GuideProfileUpdate): Promise<void> {
      const { tourTypes, ...rest } = body;
      const prices = tourTypes?.map((t) => t.price);
      const patch = {
        ...rest,
        ...(tourTypes && prices
          ? { tourTypes, priceMin: Math.min(...prices), priceMax: Math.max(...prices) }
          : {}),
      };
      if (!(await repo.updateGuide(userId, patch))) throw noProfile();
    },

    async updateTourist(userId: string, body: TouristProfileUpdate): Promise<void> {
      const { budget, ...rest } = body;
      const patch = {
        ...rest,
        ...(budget ? { budgetMin: budget.min, budgetMax: budget.max, currency: budget.currency } : {}),
      };
      if (!(await repo.updateTourist(userId, patch))) throw noProfile();
    },

    async tourist(userId: string) {
      const t = await repo.tourist(userId);
      if (!t) throw noProfile();
      return {
        name: `${t.firstName} ${t.lastName}`,
        bio: t.bio,
        city: t.city,
        country: t.country,
        age: t.age,
        image: t.image,
        profileImages: t.profileImages,
        status: t.status,
        budget: { min: t.budgetMin, max: t.budgetMax, currency: t.currency },
        interests: t.interests,
        languages: t.languages,
        lookingFor: t.lookingFor,
        availability: t.availability,
        travelFrom: t.travelFrom,
        travelTo: t.travelTo,
        partySize: t.partySize,
      };
    },

    /**
     * Counts an upload against the member's hourly limit (docs/product.md#rate-limits), before the picture is
     * read: 429 with Retry-After when over.
     */
    countUpload: (userId: string) =>
      consume(`photo-upload:${userId}`, {
        limit: PHOTO_LIMITS.uploadsPerHour * deps.rateLimitScale,
        windowMs: 3_600_000,
      }),

    /**
     * Checks the picture by its content (not its name), squares and resizes it, and stores it as WebP. A
     * guide's replaces their photo, whose file goes; a tourist's joins the gallery, at most 10 pictures.
     */
    async savePhoto(userId: string, data: Buffer): Promise<string> {
      const out = await toWebp(data, { width: SIDE, height: SIDE }, PHOTO_LIMITS.minProfile);
      const file = `${userId}-${randomBytes(6).toString('hex')}.webp`;
      await files.put(uploadKey(file), out, 'image/webp');
      const image = `${UPLOAD_PREFIX}${file}`;
      const result = await repo.setPhoto(userId, image, PHOTO_LIMITS.maxPerProfile);
      if (!result.saved) {
        await removeFile(image);
        if (result.reason === 'full') throw new HttpError(409, PHOTO_LIMITS.tooMany, 'too-many-photos');
        throw noProfile();
      }
      if (result.replaced !== image) await removeFile(result.replaced);
      return image;
    },

    /** Takes an uploaded picture off the member's profile and deletes its file. */
    async removePhoto(userId: string, file: string) {
      const profile = await repo.photosOf(userId);
      if (!profile) throw noProfile();
      const image = `${UPLOAD_PREFIX}${file}`;
      const left = await repo.removePhoto(userId, image, memberAvatarUrl(profile));
      if (!left) throw new HttpError(404, 'Photo not found', 'not-found');
      await removeFile(image);
      return left;
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import type { GuideProfileUpdate, TouristProfileUpdate } from '@lokal/shared/schemas/discovery';
import { HttpError } from '../../plugins/errors.ts';
import { toWebp } from '../../plugins/images.ts';
import type { ProfilesRepository } from './repository.ts';

// The same limit the settings form checks before uploading.
export const MAX_PHOTO_BYTES = PHOTO_LIMITS.maxBytes;
const SIDE = 640;

const noProfile = () =>
  new HttpError(409, 'Complete onboarding before editing your profile', 'onboarding-required');

export function createProfilesService(deps: { repo: ProfilesRepository; uploadsDir: string }) {
  const { repo, uploadsDir } = deps;
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
      };
    },

    /** Checks the picture by its content (not its name), squares and resizes it, and stores it as WebP. */
    async savePhoto(userId: string, data: Buffer): Promise<string> {
      const out = await toWebp(data, { width: SIDE, height: SIDE });
      mkdirSync(uploadsDir, { recursive: true });
      const file = `${userId}-${randomBytes(6).toString('hex')}.webp`;
      writeFileSync(path.join(uploadsDir, file), out);
      const image = `/api/uploads/${file}`;
      if (!(await repo.setPhoto(userId, image))) throw noProfile();
      return image;
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

import { z } from 'zod';
import { DEFAULT_CITY } from '../constants/discovery.ts';
import {
  ANIME_KDRAMA,
  GENDERS,
  LANGUAGES,
  ONBOARDING_MESSAGES,
  ORIENTATIONS,
  PHONE_MIN_LENGTH,
  RELATIONSHIP_STATUSES,
} from '../constants/onboarding.ts';
import type { EndpointTable } from './common.ts';
import { calendarDate, TRIP_ORDER_MESSAGE } from './discovery.ts';
import { withoutContactDetails } from './public-text.ts';

const name = withoutContactDetails(z.string().trim().max(60));

export const phoneSchema = z
  .string()
  .trim()
  .min(PHONE_MIN_LENGTH, ONBOARDING_MESSAGES.invalidPhone)
  .max(32, ONBOARDING_MESSAGES.invalidPhone);
export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, ONBOARDING_MESSAGES.invalidCode);

/** The user's detected or chosen city: a number without its country code is read as one of its country. */
const phoneCitySchema = z.string().trim().max(80).optional();
export const sendCodeBodySchema = z.object({
  phone: phoneSchema,
  city: phoneCitySchema,
  /** The solved bot-check challenge (ALTCHA's base64 payload); required while the bot check is on. */
  botCheck: z.string().max(4000).optional(),
});

/** A proof-of-work challenge as ALTCHA's widget reads it (decision 094); null while the bot check is off. */
export const botCheckChallengeSchema = z.object({
  challenge: z
    .object({
      parameters: z.object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number().int(),
        keyLength: z.number().int(),
        keyPrefix: z.string(),
        expiresAt: z.number().int(),
      }),
      signature: z.string(),
    })
    .nullable(),
});
export const sendCodeResponseSchema = z.object({
  status: z.enum(['sent', 'already-verified']),
  phone: z.string(),
  /** Seconds before another code may be asked for. */
  resendAfter: z.number().int(),
});
export const verifyCodeBodySchema = z.object({ phone: phoneSchema, code: codeSchema, city: phoneCitySchema });
export const verifyCodeResponseSchema = z.object({
  status: z.enum(['verified', 'already-verified']),
  phone: z.string(),
});

const namesRefine = <T extends { firstName: string; lastName: string }>(v: T, ctx: z.RefinementCtx) => {
  if (!v.firstName || !v.lastName) {
    ctx.addIssue({ code: 'custom', path: ['firstName'], message: ONBOARDING_MESSAGES.namesRequired });
  }
};

/**
 * The trip a traveller tells so matches can be scored (docs/product.md#match-score): every part may be
 * skipped, and each part told is saved on the profile.
 */
export const touristTripSchema = z
  .object({
    city: z.string().trim().max(80).default(''),
    travelFrom: calendarDate.nullable().default(null),
    travelTo: calendarDate.nullable().default(null),
    partySize: z.number().int().min(1).max(20).nullable().default(null),
    languages: z.array(z.string().trim().min(1).max(40)).max(12).default([]),
    interests: z.array(z.string().trim().min(1).max(60)).max(12).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.travelFrom && v.travelTo && v.travelTo < v.travelFrom) {
      ctx.addIssue({ code: 'custom', path: ['travelTo'], message: TRIP_ORDER_MESSAGE });
    }
  });
export type TouristTrip = z.infer<typeof touristTripSchema>;

export const touristOnboardingSchema = z
  .object({
    firstName: name,
    lastName: name,
    phone: phoneSchema,
    phoneVerified: z.boolean(),
    occupation: withoutContactDetails(
      z.string().trim().min(1, 'Please choose or type your occupation').max(60),
    ),
    /** Absent when the traveller skipped the trip step. */
    trip: touristTripSchema.optional(),
  })
  .superRefine(namesRefine);
export type TouristOnboarding = z.infer<typeof touristOnboardingSchema>;

/**
 * The city a guide works in: they see its travellers (docs/product.md#tourist-list). The placeholder shown
 * when nothing is detected ("Your City") is not a city.
 */
export const guideCitySchema = z
  .string({ message: ONBOARDING_MESSAGES.cityRequired })
  .trim()
  .min(1, ONBOARDING_MESSAGES.cityRequired)
  .max(80)
  .refine((c) => c.toLowerCase() !== DEFAULT_CITY.toLowerCase(), ONBOARDING_MESSAGES.cityRequired);

export const guideOnboardingSchema = z
  .object({
    firstName: name,
    lastName: name,
    city: guideCitySchema,
    phone: phoneSchema,
    phoneVerified: z.boolean(),
    gender: z.enum(GENDERS, { message: ONBOARDING_MESSAGES.genderRequired }),
    customGender: z.string().trim().max(60).optional(),
    pronouns: z.string().trim().max(60).optional(),
  })
  .superRefine((v, ctx) => {
    namesRefine(v, ctx);
    if (v.gender === 'other' && (!v.customGender || !v.pronouns)) {
      ctx.addIssue({
        code: 'custom',
        path: ['customGender'],
        message: ONBOARDING_MESSAGES.customGenderRequired,
      });
    }
  });
export type GuideOnboarding = z.infer<typeof guideOnboardingSchema>;

export const onboardingResponseSchema = z.object({
  success: z.literal(true),
  onboardingCompleted: z.literal(true),
});

const scale = z.number().int().min(1).max(5);

export const assessmentSchema = z.object({
  languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length),
  customLanguage: z.string().trim().max(40).default(''),
  occupation: withoutContactDetails(z.string().trim().min(1).max(80)),
  experiences: z.array(z.string().min(1).max(60)).min(1).max(13),
  musicPreference: z.object({ rap: scale, techno: scale, rock: scale }),
  drinks: z.boolean(),
  cannabisComfort: scale,
  politicalJokes: scale,
  animeKdrama: z.enum(ANIME_KDRAMA),
  lgbtqFriendly: z.boolean(),
  orientation: z.enum(ORIENTATIONS),
  hideProfile: z.boolean(),
  relationshipStatus: z.enum(RELATIONSHIP_STATUSES),
  socialMedia: z.string().trim().min(1).max(100),
  hideSocialMedia: z.boolean(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const personalityStatusSchema = z.object({ personalityTestCompleted: z.boolean() });

/** The guide's own profile as tourists see it, with the saved answers (GET /api/guides/me). */
export const guidePreviewSchema = z.object({
  personalityTestCompleted: z.boolean(),
  profile: z.object({
    id: z.string(),
    /** The guide page's address (/guides/{slug}). */
    slug: z.string(),
    name: z.string(),
    age: z.number().nullable(),
    city: z.string(),
    country: z.string(),
    profession: z.string(),
    bio: z.string(),
    image: z.string(),
    rating: z.number(),
    reviews: z.number(),
    totalTours: z.number(),
    priceRange: z.object({ min: z.number(), max: z.number() }),
    specialties: z.array(z.string()),
    languages: z.array(z.string()),
    verified: z.boolean(),
    tourTypes: z.array(z.object({ name: z.string(), duration: z.string(), price: z.number() })),
    gender: z.string().nullable(),
    pronouns: z.string().nullable(),
    hideProfile: z.boolean(),
    socialMedia: z.string().nullable(),
    hideSocialMedia: z.boolean(),
  }),
  assessment: assessmentSchema.nullable(),
});
export type GuidePreview = z.infer<typeof guidePreviewSchema>;

/** The phone and onboarding routes, by method and address under /api. */
export const onboardingEndpoints = {
  'GET /phone/challenge': { response: botCheckChallengeSchema },
  'POST /phone/send-code': { body: sendCodeBodySchema, response: sendCodeResponseSchema },
  'POST /phone/verify-code': { body: verifyCodeBodySchema, response: verifyCodeResponseSchema },
  'POST /tourists/onboarding': { body: touristOnboardingSchema, response: onboardingResponseSchema },
  'POST /guides/onboarding': { body: guideOnboardingSchema, response: onboardingResponseSchema },
  'GET /guides/personality-status': { response: personalityStatusSchema },
  'POST /guides/personality-assessment': { body: assessmentSchema, response: personalityStatusSchema },
  'GET /guides/me': { response: guidePreviewSchema },
} as const satisfies EndpointTable;

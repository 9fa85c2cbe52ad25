import { z } from 'zod';
import { ONBOARDING_MESSAGES } from '../constants/onboarding.ts';
import { SETTINGS_MESSAGES } from '../constants/settings.ts';
import { isTimeZone } from '../domain/time-zone.ts';
import { successSchema } from './auth.ts';
import type { EndpointTable } from './common.ts';
import { withoutContactDetails } from './public-text.ts';

const name = withoutContactDetails(
  z.string().trim().min(1, ONBOARDING_MESSAGES.namesRequired).max(60, 'Keep names to 60 characters'),
);

/** The handle a guide shares with tourists: one line, 1–60 characters. */
export const socialMediaSchema = z
  .string()
  .trim()
  .min(1, 'Enter your social media handle')
  .max(60, 'Keep the handle to 60 characters')
  .regex(/^[^\p{Cc}]+$/u, 'The handle must fit on one line');

/** An IANA time zone this runtime knows ("Europe/Lisbon"). */
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone');

/**
 * The channels of each kind of event besides booking changes' in-app (notifyBookings) and e-mail (notifyEmail)
 * switches (docs/product.md#notifications): push for booking changes, and all three for reminders and review
 * prompts.
 */
const channelFields = {
  pushBookings: z.boolean(),
  notifyReminders: z.boolean(),
  emailReminders: z.boolean(),
  pushReminders: z.boolean(),
  notifyReviews: z.boolean(),
  emailReviews: z.boolean(),
  pushReviews: z.boolean(),
};

/**
 * What the settings screens change; every field optional, unknown fields refused. The name lives here
 * rather than in the profile update because it is also the account's display name (chat, session).
 * Guide-only fields are refused for tourists by the service.
 */
export const settingsUpdateSchema = z
  .object({
    firstName: name,
    lastName: name,
    notifyBookings: z.boolean(),
    notifyEmail: z.boolean(),
    ...channelFields,
    quietHours: z.boolean(),
    timeZone: timeZoneSchema,
    autoAcceptBookings: z.boolean(),
    socialMedia: socialMediaSchema,
    hideSocialMedia: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: SETTINGS_MESSAGES.nothingToUpdate });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

const account = {
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  notifyBookings: z.boolean(),
  notifyEmail: z.boolean(),
  ...channelFields,
  /** Non-urgent pushes wait from 22:00 to 08:00 in `timeZone` (docs/product.md#notifications). */
  quietHours: z.boolean(),
  /** The member's time zone (their browser's), null until it sent one: quiet hours then use UTC. */
  timeZone: z.string().nullable(),
};

export const VERIFICATION_STATES = ['pending', 'verified', 'rejected'] as const;

/** GET/PATCH /api/users/settings: the account and its preferences, by role. */
export const settingsSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('tourist'), ...account }),
  z.object({
    role: z.literal('guide'),
    ...account,
    autoAcceptBookings: z.boolean(),
    socialMedia: z.string().nullable(),
    /** Shown only to Luxury VIP tourists when true (docs/product.md#tourist-profiles). */
    hideSocialMedia: z.boolean(),
    /** Staff review of the guide: pending until verified or rejected with a reason. */
    verification: z.object({ status: z.enum(VERIFICATION_STATES), reason: z.string().nullable() }),
  }),
]);
export type Settings = z.infer<typeof settingsSchema>;
export type GuideSettings = Extract<Settings, { role: 'guide' }>;

/** The settings routes, by method and address under /api. */
export const settingsEndpoints = {
  'GET /users/settings': { response: settingsSchema },
  'PATCH /users/settings': { body: settingsUpdateSchema, response: settingsSchema },
  /** Ends every session of the account, this one included (docs/product.md#settings). */
  'POST /users/settings/sign-out-everywhere': { response: successSchema },
} as const satisfies EndpointTable;

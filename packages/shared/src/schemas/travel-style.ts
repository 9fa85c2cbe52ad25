import { z } from 'zod';
import { ANIME_KDRAMA, EXPERIENCES, LANGUAGES } from '../constants/onboarding.ts';

const scale = z.number().int().min(1).max(5);
const EXPERIENCE_TITLES = EXPERIENCES.map((e) => e.title) as [string, ...string[]];

/**
 * The traveller's "Travel style" answers, on the same dimensions as the guide's assessment (languages,
 * experiences, music, night-life comfort, humour) plus pace. One schema for the quiz's form and the route.
 */
export const travelStyleSchema = z
  .object({
    languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length),
    experiences: z.array(z.enum(EXPERIENCE_TITLES)).max(EXPERIENCES.length),
    musicPreference: z.object({ rap: scale, techno: scale, rock: scale }).strict(),
    drinks: z.boolean(),
    cannabisComfort: scale,
    politicalJokes: scale,
    animeKdrama: z.enum(ANIME_KDRAMA),
    pace: scale,
  })
  .strict();
export type TravelStyle = z.infer<typeof travelStyleSchema>;

export const travelStyleResponseSchema = z.object({
  /** Null until the traveller takes the quiz. */
  travelStyle: travelStyleSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type TravelStyleResponse = z.infer<typeof travelStyleResponseSchema>;

export const travelStyleEndpoints = {
  'GET /tourists/travel-style': { response: travelStyleResponseSchema },
  'POST /tourists/travel-style': { body: travelStyleSchema, response: travelStyleResponseSchema },
} as const;

import { z } from 'zod';
import type { EndpointTable } from './common.ts';
import { trackRecordSchema } from './discovery.ts';

// The landing page's sample profile card, served live from the database.
export const profileCardSchema = z.object({
  id: z.string(),
  /** A guide's page address (/guides/{slug}) for members; null for a traveler. */
  slug: z.string().nullable(),
  name: z.string(),
  /** Null when the member has not given it: the card then shows the name alone. */
  age: z.number().int().nullable(),
  location: z.string(),
  profession: z.string(),
  bio: z.string(),
  image: z.string(),
  rating: z.number(),
  tags: z.array(z.string()),
  type: z.enum(['guide', 'traveler']),
  /** A guide's track record, as on their card and page (docs/product.md#track-record); null for a traveler. */
  track: trackRecordSchema.nullable(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const showcaseResponseSchema = z.object({
  guides: z.array(profileCardSchema),
  travelers: z.array(profileCardSchema),
});
export type ShowcaseResponse = z.infer<typeof showcaseResponseSchema>;

/** The landing page's showcase, by method and address under /api. */
export const showcaseEndpoints = {
  'GET /showcase': { response: showcaseResponseSchema },
} as const satisfies EndpointTable;

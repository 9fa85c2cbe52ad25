import { z } from 'zod';

/**
 * A match as a screen shows it (docs/product.md#match-score): the score, whether the traveller's quiz counted
 * ('quiz'), only the profile ('profile') or nothing is known of the traveller yet ('none', no score), and up to
 * three reasons, the strongest first. A score is never given without a reason.
 */
export const matchSchema = z.object({
  score: z.number().int().min(0).max(100).nullable(),
  basis: z.enum(['quiz', 'profile', 'none']),
  reasons: z.array(z.string()).max(3),
});
export type CardMatch = z.infer<typeof matchSchema>;

import { z } from 'zod';

/**
 * A match as a screen shows it (docs/product.md#match-score): the score, whether the traveller's quiz counted
 * ('quiz') or only the profile ('profile'), and up to three reasons, the strongest first.
 */
export const matchSchema = z.object({
  score: z.number().int().min(0).max(100),
  basis: z.enum(['quiz', 'profile']),
  reasons: z.array(z.string()).max(3),
});
export type CardMatch = z.infer<typeof matchSchema>;

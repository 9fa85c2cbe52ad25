import type { z } from 'zod';
import { MASKING_MESSAGES } from '../constants/masking.ts';
import { hasContactDetails } from '../domain/masking.ts';

/**
 * A text other members read before any booking (bios, names, experience text, meeting points, reviews): it may
 * not carry contact details, so the writer is told rather than their words changed
 * (docs/decisions/089-masking-contact-details.md). The form and the route share the check.
 */
export const withoutContactDetails = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((text) => !hasContactDetails(text), MASKING_MESSAGES.publicText);

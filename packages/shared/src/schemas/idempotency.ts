import { z } from 'zod';

/** The header that makes a money-bearing write safe to retry (docs/product.md#safe-retries, decision 086). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 8 to 100 letters, digits, "-" or "_"',
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
} as const;

/** A key the client draws once per attempt: a UUID fits, so does any 8–100 of [A-Za-z0-9_-]. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_MESSAGES.badKey)
  .describe(
    'Optional. The same key from the same member on the same route returns the first answer (status and body) for 24 hours instead of writing again; the same key with another request answers 422 idempotency-key-reused.',
  );

// Loose: the route's header schema validates this one header and keeps every other (cookie, origin …).
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional(),
});

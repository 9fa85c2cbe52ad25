import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { HttpError } from './errors.ts';

export type RateRule = { limit: number; windowMs: number };
export type HitCounter = (key: string, windowStart: Date) => Promise<number>;

export class RateLimitError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.rateLimited, 'too-many-requests', { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** Fixed-window limits kept in the database, so every server instance counts the same hits. */
export function createRateLimiter(count: HitCounter, now: () => number) {
  return async function consume(key: string, rule: RateRule): Promise<void> {
    const t = now();
    const start = t - (t % rule.windowMs);
    const hits = await count(key, new Date(start));
    if (hits > rule.limit)
      throw new RateLimitError(Math.max(1, Math.ceil((start + rule.windowMs - t) / 1000)));
  };
}

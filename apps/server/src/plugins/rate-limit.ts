import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { HttpError } from './errors.ts';

export type RateRule = { limit: number; windowMs: number };
export type HitCounter = (key: string, windowStart: Date) => Promise<number>;

export class RateLimitError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.rateLimited, 'too-many-requests', { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** The fixed window that a hit at `t` counts in, and the answer once it is over its limit. */
export function fixedWindow(t: number, rule: RateRule) {
  const start = t - (t % rule.windowMs);
  return {
    start: new Date(start),
    tooMany: () => new RateLimitError(Math.max(1, Math.ceil((start + rule.windowMs - t) / 1000))),
  };
}

/** Fixed-window limits kept in the database, so every server instance counts the same hits. */
export function createRateLimiter(count: HitCounter, now: () => number) {
  return async function consume(key: string, rule: RateRule): Promise<void> {
    const window = fixedWindow(now(), rule);
    const hits = await count(key, window.start);
    if (hits > rule.limit) throw window.tooMany();
  };
}

/**
 * The same fixed windows counted in this process. Only for a database one process owns (PGlite), on a hot
 * path where a write per hit would cost more than the work it guards (chat sending).
 */
export function createMemoryHitCounter(): HitCounter {
  const hits = new Map<string, { start: number; n: number }>();
  return async (key, windowStart) => {
    const start = windowStart.getTime();
    const current = hits.get(key);
    if (current && current.start === start) {
      current.n += 1;
      return current.n;
    }
    // A new window for this key: drop the old one, and now and then every stale key.
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.start < start) hits.delete(k);
    hits.set(key, { start, n: 1 });
    return 1;
  };
}

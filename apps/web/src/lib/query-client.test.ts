import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { queryClient } from './query-client.ts';

const { retry, retryDelay } = queryClient.getDefaultOptions().queries ?? {};
const asks = (count: number, err: unknown) =>
  typeof retry === 'function' ? retry(count, err as Error) : retry;
const waits = (count: number, err: unknown) =>
  typeof retryDelay === 'function' ? retryDelay(count, err as Error) : retryDelay;

describe('reads the app asks again', () => {
  it('asks again every 5 s for half a minute while the database is away (503)', () => {
    const away = new ApiError('Lokal cannot reach its database for a moment.', 503, 'database-unavailable');
    expect([0, 1, 2, 3, 4, 5].map((n) => asks(n, away))).toEqual([true, true, true, true, true, true]);
    expect(asks(6, away)).toBe(false);
    expect(waits(1, away)).toBe(5_000);
  });

  it('asks twice more after a server error, never after a client error', () => {
    const failed = new ApiError('Internal server error', 500, 'internal-error');
    expect([asks(0, failed), asks(1, failed), asks(2, failed)]).toEqual([true, true, false]);
    expect(asks(0, new ApiError('Booking not found', 404, 'not-found'))).toBe(false);
  });
});

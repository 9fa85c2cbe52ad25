import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { attemptKeys, keyedRetry } from './attempt-key.ts';

describe('attempt keys', () => {
  it('gives every try of one attempt the same key, and a new attempt a new one', () => {
    const keys = attemptKeys();
    const body = { experienceId: 'e1', start: '2026-12-20T17:00:00.000Z', partySize: 2, note: '' };
    const first = keys.keyFor(body);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // A retry, or the same form sent again after no answer came: the same key.
    expect(keys.keyFor({ ...body })).toBe(first);
    // Other input is another attempt.
    const other = keys.keyFor({ ...body, partySize: 3 });
    expect(other).not.toBe(first);
    // After an attempt succeeded, the same input again is a new attempt.
    keys.done();
    expect(keys.keyFor({ ...body, partySize: 3 })).not.toBe(other);
  });

  it('retries a keyed write only when no answer came or the database was away', () => {
    expect(keyedRetry.retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(keyedRetry.retry(0, new ApiError('away', 503, 'database-unavailable'))).toBe(true);
    expect(keyedRetry.retry(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(keyedRetry.retry(0, new ApiError('taken', 409, 'slot-taken'))).toBe(false);
    expect(keyedRetry.retry(0, new ApiError('full', 507, 'storage-full'))).toBe(false);
  });
});

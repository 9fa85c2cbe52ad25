import { describe, expect, it } from 'vitest';
import { elapsed } from './format.ts';

describe('elapsed', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long in the largest unit that reads naturally', () => {
    expect(elapsed(ago(20_000), now)).toBe('less than a minute');
    expect(elapsed(ago(60_000), now)).toBe('1 minute');
    expect(elapsed(ago(59 * 60_000), now)).toBe('59 minutes');
    expect(elapsed(ago(60 * 60_000), now)).toBe('1 hour');
    expect(elapsed(ago(47 * 3_600_000), now)).toBe('47 hours');
    expect(elapsed(ago(48 * 3_600_000), now)).toBe('2 days');
    expect(elapsed(ago(30 * 86_400_000), now)).toBe('30 days');
  });

  it('never goes negative when the clocks disagree', () => {
    expect(elapsed(new Date(now + 5 * 60_000).toISOString(), now)).toBe('less than a minute');
  });
});

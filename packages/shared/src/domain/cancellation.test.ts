import { describe, expect, it } from 'vitest';
import { policyInWords, refundAmount } from './cancellation.ts';

const start = new Date('2026-12-20T18:00:00Z');
const ahead = (ms: number) => new Date(start.getTime() - ms);
const H = 60 * 60_000;
const D = 24 * H;
const refund = (
  policy: 'flexible' | 'moderate' | 'strict',
  cancelledAt: Date,
  by: 'tourist' | 'guide' = 'tourist',
) => refundAmount({ policy, total: 200, startAt: start, cancelledAt, by, wasAccepted: true });

describe('refundAmount', () => {
  it('Flexible: everything back up to 24 h before, nothing after', () => {
    expect(refund('flexible', ahead(24 * H))).toBe(200);
    expect(refund('flexible', ahead(24 * H - 1))).toBe(0);
    expect(refund('flexible', ahead(30 * D))).toBe(200);
  });

  it('Moderate: everything back up to 5 days before, half after', () => {
    expect(refund('moderate', ahead(5 * D))).toBe(200);
    expect(refund('moderate', ahead(5 * D - 1))).toBe(100);
    expect(refund('moderate', ahead(H))).toBe(100);
  });

  it('Strict: half back up to 7 days before, nothing after', () => {
    expect(refund('strict', ahead(7 * D))).toBe(100);
    expect(refund('strict', ahead(7 * D - 1))).toBe(0);
    expect(refund('strict', start)).toBe(0);
  });

  it('a guide who cancels refunds everything, whatever the policy', () => {
    expect(refund('strict', ahead(H), 'guide')).toBe(200);
  });

  it('a request never accepted refunds everything', () => {
    expect(
      refundAmount({
        policy: 'strict',
        total: 90,
        startAt: start,
        cancelledAt: ahead(H),
        by: 'tourist',
        wasAccepted: false,
      }),
    ).toBe(90);
  });

  it('keeps cents of odd totals', () => {
    expect(
      refundAmount({
        policy: 'moderate',
        total: 45,
        startAt: start,
        cancelledAt: ahead(H),
        by: 'tourist',
        wasAccepted: true,
      }),
    ).toBe(22.5);
  });

  it('says each policy in words', () => {
    expect(policyInWords('moderate')).toContain('5 days');
  });
});

import { describe, expect, it } from 'vitest';
import { policyInWords, refundShareBp } from './cancellation.ts';

const start = new Date('2026-12-20T18:00:00Z');
const ahead = (ms: number) => new Date(start.getTime() - ms);
const H = 60 * 60_000;
const D = 24 * H;
const refund = (
  policy: 'flexible' | 'moderate' | 'strict',
  cancelledAt: Date,
  by: 'tourist' | 'guide' = 'tourist',
) => refundShareBp({ policy, startAt: start, cancelledAt, by, wasAccepted: true });

describe('refundShareBp (basis points of the booking)', () => {
  it('Flexible: everything back up to 24 h before, nothing after', () => {
    expect(refund('flexible', ahead(24 * H))).toBe(10_000);
    expect(refund('flexible', ahead(24 * H - 1))).toBe(0);
    expect(refund('flexible', ahead(30 * D))).toBe(10_000);
  });

  it('Moderate: everything back up to 5 days before, half after', () => {
    expect(refund('moderate', ahead(5 * D))).toBe(10_000);
    expect(refund('moderate', ahead(5 * D - 1))).toBe(5000);
    expect(refund('moderate', ahead(H))).toBe(5000);
  });

  it('Strict: half back up to 7 days before, nothing after', () => {
    expect(refund('strict', ahead(7 * D))).toBe(5000);
    expect(refund('strict', ahead(7 * D - 1))).toBe(0);
    expect(refund('strict', start)).toBe(0);
  });

  it('a guide who cancels refunds everything, whatever the policy', () => {
    expect(refund('strict', ahead(H), 'guide')).toBe(10_000);
  });

  it('a request never accepted refunds everything', () => {
    expect(
      refundShareBp({
        policy: 'strict',
        startAt: start,
        cancelledAt: ahead(H),
        by: 'tourist',
        wasAccepted: false,
      }),
    ).toBe(10_000);
  });

  it('says each policy in words', () => {
    expect(policyInWords('moderate')).toContain('5 days');
  });
});

import { describe, expect, it } from 'vitest';
import { maskContactDetails } from './masking.ts';

describe('maskContactDetails', () => {
  it('hides e-mail addresses and phone numbers', () => {
    expect(maskContactDetails('write me at ana.silva+trip@gmail.com!')).toBe('write me at [email hidden]!');
    expect(maskContactDetails('call +1 (415) 555-0199 tonight')).toBe('call [phone hidden] tonight');
    expect(maskContactDetails('my number: 912 345 678')).toBe('my number: [phone hidden]');
  });
  it('leaves ordinary text, times and prices alone', () => {
    const text = 'Meet at 19:30 near gate 12, about $150 for 2 people in 2026.';
    expect(maskContactDetails(text)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { DURATION_OPTIONS, endsNextDay, formatDuration, groupSize, paragraphs, priceLine } from './format.ts';

describe('experience wording', () => {
  it('writes durations in hours and minutes', () => {
    expect(formatDuration(30)).toBe('30 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(150)).toBe('2 h 30 min');
    expect(formatDuration(720)).toBe('12 h');
  });

  it('offers 30 minutes to 12 hours in 15-minute steps', () => {
    expect(DURATION_OPTIONS[0]).toBe(30);
    expect(DURATION_OPTIONS.at(-1)).toBe(720);
    expect(DURATION_OPTIONS).toHaveLength(47);
    expect(DURATION_OPTIONS.every((m) => m % 15 === 0)).toBe(true);
  });

  it('writes the price line with its mode, and a missing price as not set', () => {
    expect(priceLine(45, 'EUR', 'person')).toBe('€45 per person');
    expect(priceLine(1200, 'USD', 'group')).toBe('$1,200 per group');
    expect(priceLine(0, 'USD', 'person')).toBe('Price not set yet');
  });

  it('writes group sizes', () => {
    expect(groupSize(1, 8)).toBe('1–8 people');
    expect(groupSize(2, 2)).toBe('2 people');
    expect(groupSize(1, 1)).toBe('1 person');
  });

  it('splits a description into paragraphs at blank lines', () => {
    expect(paragraphs('One.\nStill one.\n\n  Two.  \n\n\n')).toEqual(['One.\nStill one.', 'Two.']);
  });

  it('reads an end at or before the start as the next day', () => {
    expect(endsNextDay({ start: '22:00', end: '02:00' })).toBe(true);
    expect(endsNextDay({ start: '09:00', end: '09:00' })).toBe(true);
    expect(endsNextDay({ start: '09:00', end: '12:30' })).toBe(false);
  });
});

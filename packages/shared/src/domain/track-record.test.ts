import { describe, expect, it } from 'vitest';
import { countOf, locationText, priceRangeText, trackRecord } from './track-record.ts';

const now = new Date('2026-06-10T12:00:00Z');
const asked = (hoursAgo: number, replyAfterMinutes: number | null) => {
  const at = new Date(now.getTime() - hoursAgo * 3_600_000);
  return {
    askedAt: at,
    repliedAt: replyAfterMinutes === null ? null : new Date(at.getTime() + replyAfterMinutes * 60_000),
  };
};
const base = {
  city: 'Barcelona',
  country: 'Spain',
  reviews: 0,
  rating: 0,
  toursCompleted: 0,
  prices: [],
  experiences: 0,
  replies: [],
};

describe('trackRecord', () => {
  it('says a guide with no tour and no review is new on Lokal, with no reply time and no tour count', () => {
    const t = trackRecord({ ...base, prices: [130], experiences: 1, country: '' }, now);
    expect(t).toEqual({
      newOnLokal: true,
      replyTime: null,
      tours: null,
      reviews: null,
      experiences: '1 experience',
      price: 'From $130',
      location: 'Barcelona',
    });
  });

  it('is not new with reviews, even before enough conversations to measure replies', () => {
    const t = trackRecord(
      { ...base, reviews: 10, rating: 4.9, toursCompleted: 12, replies: [asked(100, 5)] },
      now,
    );
    expect(t.newOnLokal).toBe(false);
    expect(t.reviews).toBe('10 reviews');
    expect(t.tours).toBe('12 tours');
    expect(t.replyTime).toBeNull();
  });

  it('gives a reply time only from real replies once there are enough', () => {
    const replies = [asked(200, 30), asked(150, 90), asked(100, 100)];
    expect(trackRecord({ ...base, toursCompleted: 1, replies }, now).replyTime).toBe(
      'Replies within 2 hours',
    );
    const unanswered = [asked(200, null), asked(150, null), asked(100, null)];
    expect(trackRecord({ ...base, toursCompleted: 1, replies: unanswered }, now).replyTime).toBeNull();
  });

  it('reads singular and plural right', () => {
    const t = trackRecord({ ...base, reviews: 1, toursCompleted: 1, experiences: 3 }, now);
    expect([t.reviews, t.tours, t.experiences]).toEqual(['1 review', '1 tour', '3 experiences']);
    expect(countOf(0, 'tour')).toBe('0 tours');
  });
});

describe('priceRangeText', () => {
  it('says "From" for one price and a range only when the prices differ', () => {
    expect(priceRangeText([130, 130])).toBe('From $130');
    expect(priceRangeText([90, 200, 130])).toBe('$90–$200');
    expect(priceRangeText([130], '€')).toBe('From €130');
    expect(priceRangeText([])).toBeNull();
    expect(priceRangeText([0, 0])).toBeNull();
  });
});

describe('locationText', () => {
  it('never leaves a dangling comma', () => {
    expect(locationText('Barcelona', '')).toBe('Barcelona');
    expect(locationText(' ', 'Spain')).toBe('Spain');
    expect(locationText('Barcelona', 'Spain')).toBe('Barcelona, Spain');
    expect(locationText('', null)).toBe('');
  });
});

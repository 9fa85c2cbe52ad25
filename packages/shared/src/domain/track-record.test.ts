import { describe, expect, it } from 'vitest';
import { countOf, locationText, priceRangeText, standingText, trackRecord } from './track-record.ts';

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
  currency: 'USD',
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
  it('writes one price as "From …" and a range with a dash, in the guide\'s currency', () => {
    expect(priceRangeText([130, 130], 'USD')).toBe('From $130');
    expect(priceRangeText([90, 200, 130], 'USD')).toBe('$90–$200');
    expect(priceRangeText([130], 'EUR')).toBe('From €130');
    expect(priceRangeText([90, 200], 'EUR')).toBe('€90–€200');
    expect(priceRangeText([15000], 'JPY')).toBe('From ¥15,000');
    expect(priceRangeText([8000, 12500], 'JPY')).toBe('¥8,000–¥12,500');
    expect(priceRangeText([], 'EUR')).toBeNull();
    expect(priceRangeText([0, 0], 'USD')).toBeNull();
  });

  it('is what the track record shows', () => {
    expect(trackRecord({ ...base, prices: [90, 200], currency: 'EUR' }, now).price).toBe('€90–€200');
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

describe('standingText', () => {
  it('says "New on Lokal" before any tour or review, and counts reviews with their plural', () => {
    expect(standingText({ newOnLokal: true, reviews: null }, 0)).toBe('New on Lokal');
    expect(standingText({ newOnLokal: false, reviews: null }, 0)).toBe('No reviews yet');
    expect(standingText({ newOnLokal: false, reviews: '1 review' }, 5)).toBe('5.0 (1 review)');
  });
});

import { describe, expect, it } from 'vitest';
import { replyTimeInWords, responseFigures } from './response-figures.ts';

const now = new Date('2026-06-10T12:00:00Z');
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
const conv = (askedHoursAgo: number, replyAfterMinutes: number | null) => ({
  askedAt: at(askedHoursAgo),
  repliedAt:
    replyAfterMinutes === null
      ? null
      : new Date(at(askedHoursAgo).getTime() + replyAfterMinutes * 60_000).toISOString(),
});

describe('responseFigures', () => {
  it('says "New on Lokal" below three conversations', () => {
    expect(responseFigures([], now)).toMatchObject({ measured: false, label: 'New on Lokal', rate: null });
    expect(responseFigures([conv(100, 5), conv(90, 10)], now)).toMatchObject({
      measured: false,
      conversations: 2,
    });
  });

  it('counts the share of first replies within 24 hours and the median first reply', () => {
    const f = responseFigures([conv(200, 30), conv(150, 90), conv(100, 25 * 60), conv(80, null)], now);
    expect(f).toMatchObject({ measured: true, conversations: 4, rate: 50, medianMinutes: 90 });
    expect(f.label).toBe('Replies within 2 hours');
  });

  it('takes the mean of the middle two for an even count', () => {
    const f = responseFigures([conv(200, 10), conv(150, 20), conv(100, 40), conv(90, 50)], now);
    expect(f.medianMinutes).toBe(30);
    expect(f.rate).toBe(100);
    expect(f.label).toBe('Replies within an hour');
  });

  it('leaves out a conversation still inside its 24 hours without a reply', () => {
    const f = responseFigures([conv(200, 10), conv(150, 20), conv(100, 40), conv(2, null)], now);
    expect(f).toMatchObject({ conversations: 3, rate: 100 });
    // Once the 24 hours are over, the unanswered one counts against the rate.
    const later = responseFigures([conv(200, 10), conv(150, 20), conv(100, 40), conv(30, null)], now);
    expect(later).toMatchObject({ conversations: 4, rate: 75 });
  });

  it('says so when nobody was answered', () => {
    const f = responseFigures([conv(200, null), conv(150, null), conv(100, null)], now);
    expect(f).toMatchObject({ measured: true, rate: 0, medianMinutes: null, label: 'No replies yet' });
  });
});

describe('replyTimeInWords', () => {
  it('rounds the median up to hours, then days', () => {
    expect(replyTimeInWords(1)).toBe('within an hour');
    expect(replyTimeInWords(60)).toBe('within an hour');
    expect(replyTimeInWords(61)).toBe('within 2 hours');
    expect(replyTimeInWords(23 * 60)).toBe('within 23 hours');
    expect(replyTimeInWords(24 * 60)).toBe('within a day');
    expect(replyTimeInWords(50 * 60)).toBe('within 3 days');
  });
});

import { describe, expect, it } from 'vitest';
import { dateToDay, dayInWords, dayToDate, money, monthRange, quote, zoneInWords } from './format.ts';

describe('money', () => {
  it('writes whole amounts without cents and others with two decimals', () => {
    expect(money(90, 'EUR')).toBe('€90');
    expect(money(22.5, 'EUR')).toBe('€22.50');
    expect(money(1250, 'USD')).toBe('$1,250');
  });
});

describe('zoneInWords', () => {
  it('names the city, else the zone’s place, never the raw id', () => {
    expect(zoneInWords('Lisbon', 'Europe/Lisbon')).toBe('Lisbon time');
    expect(zoneInWords('', 'America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneInWords(null, 'UTC')).toBe('UTC');
    expect(zoneInWords('Atlantis', 'UTC')).toBe('UTC');
  });
});

describe('quote', () => {
  const base = { price: 45, currency: 'EUR', displayPrice: null, maxGroup: 8 };

  it('multiplies a per-person price by the party', () => {
    const q = quote({ ...base, priceMode: 'person' }, 2);
    expect(q).toMatchObject({ total: 90, currency: 'EUR', line: '€45 × 2 people', display: null });
  });

  it('keeps a group price whatever the party', () => {
    const q = quote({ ...base, priceMode: 'group', price: 180 }, 5);
    expect(q).toMatchObject({ total: 180, line: 'Group price, up to 8 people' });
  });

  it('scales the tourist’s price with the total', () => {
    const displayPrice = { amount: 39, currency: 'GBP' };
    expect(quote({ ...base, priceMode: 'person', displayPrice }, 3).display).toEqual({
      amount: 117,
      currency: 'GBP',
    });
    expect(quote({ ...base, priceMode: 'group', displayPrice }, 3).display).toEqual({
      amount: 39,
      currency: 'GBP',
    });
    expect(quote({ ...base, priceMode: 'person', price: 0, displayPrice }, 3).display?.amount).toBe(0);
  });
});

describe('calendar days', () => {
  it('round-trips a day through the picker’s Date', () => {
    expect(dateToDay(dayToDate('2026-03-29'))).toBe('2026-03-29');
    expect(dayInWords('2026-12-07')).toBe('Monday 7 December');
  });

  it('spans a whole month, leap days included', () => {
    expect(monthRange('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

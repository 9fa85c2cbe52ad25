import { describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES } from '../constants/currency.ts';
import {
  convertBudget,
  formatMoney,
  formatNumber,
  isMostDesired,
  lastOnlineLabel,
  selectivityLabel,
  topTouristScore,
  wrapIndex,
} from './discovery.ts';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe('lastOnlineLabel', () => {
  it.each([
    [1, '1 day ago'],
    [2, 'this week'],
    [7, 'this week'],
    [8, 'this month'],
    [30, 'this month'],
    [31, 'few months ago'],
    [200, 'few months ago'],
  ])('%i days → %s', (d, label) => {
    expect(lastOnlineLabel(daysAgo(d), now)).toBe(label);
  });
});

describe('selectivityLabel and Most Desired', () => {
  it('labels an acceptance rate under 9 as very selective', () => {
    expect(selectivityLabel(8)).toBe('Very selective');
    expect(selectivityLabel(8.9)).toBe('Very selective');
    expect(selectivityLabel(9)).toBe('Not selective');
    expect(selectivityLabel(50)).toBe('Not selective');
  });
  it('says so when no guide has written to the tourist yet', () => {
    expect(selectivityLabel(null)).toBe('No requests yet');
    expect(selectivityLabel(0)).toBe('Very selective');
  });
  it('shows Most Desired above 60 requests in 30 days', () => {
    expect(isMostDesired(60)).toBe(false);
    expect(isMostDesired(61)).toBe(true);
  });
});

describe('convertBudget', () => {
  it('multiplies and rounds from USD', () => {
    expect(convertBudget({ min: 200, max: 500, currency: 'USD' }, 0.923)).toEqual({ min: 185, max: 462 });
  });
  it('leaves the budget when the multiplier is 1 or the base is not USD', () => {
    expect(convertBudget({ min: 200, max: 500, currency: 'USD' }, 1)).toEqual({ min: 200, max: 500 });
    expect(convertBudget({ min: 200, max: 500, currency: 'EUR' }, 2)).toEqual({ min: 200, max: 500 });
  });
  it('formats with the currency symbol', () => {
    expect(formatMoney(1200, 'EUR')).toBe('€1,200');
    expect(formatMoney(130, 'EUR')).toBe('€130');
    expect(formatMoney(300, 'USD')).toBe('$300');
    expect(formatMoney(22.5, 'EUR')).toBe('€22.50');
    expect(formatMoney(15000, 'JPY')).toBe('¥15,000');
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
    expect(formatMoney(5, 'XYZ')).toBe('XYZ\u00a05');
  });

  it('writes money as Intl.NumberFormat("en", { style: "currency" }) does, without decimals for whole amounts', () => {
    const amounts = [
      0, 5, 90, 130, 999, 1000, 1234, 15_000, 1_234_567, 22.5, 1234.56, 0.99, 99.999, -5, -1234.5,
    ];
    for (const currency of [...SUPPORTED_CURRENCIES, 'XYZ']) {
      const { maximumFractionDigits = 2 } = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
      }).resolvedOptions();
      for (const amount of amounts) {
        const digits = Number.isInteger(amount) ? 0 : maximumFractionDigits;
        const intl = new Intl.NumberFormat('en', {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(intl.format(amount));
      }
    }
  });

  it('writes every number as toLocaleString("en-US") does', () => {
    const values = [
      0, -0, 1, 7, 12, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 1_000_000_000, -1234, -0.0001,
    ];
    values.push(22.5, 1234.56, 0.125, 1234.5678, 99.999, 99.9999, 0.1 + 0.2, 1e21, 1.5e-7, Number.NaN);
    values.push(Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, 987_654.321);
    for (const v of values) expect(formatNumber(v), String(v)).toBe(v.toLocaleString('en-US'));
  });
});

describe('wrapIndex', () => {
  it('wraps around both ends of the gallery', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});

describe('topTouristScore', () => {
  const base = {
    status: 'Premium Member',
    requestsLast30Days: 20,
    rating: 4.5,
    verified: false,
    lastActive: daysAgo(1),
  };
  it('ranks membership first', () => {
    const vip = topTouristScore({ ...base, status: 'Luxury VIP Member', requestsLast30Days: 0 }, now);
    const premium = topTouristScore({ ...base, requestsLast30Days: 100 }, now);
    expect(vip).toBeGreaterThan(premium);
  });
  it('then demand, rating, verification and recent activity', () => {
    expect(topTouristScore({ ...base, requestsLast30Days: 60 }, now)).toBeGreaterThan(
      topTouristScore(base, now),
    );
    expect(topTouristScore({ ...base, verified: true }, now)).toBeGreaterThan(topTouristScore(base, now));
    expect(topTouristScore({ ...base, lastActive: daysAgo(40) }, now)).toBeLessThan(
      topTouristScore(base, now),
    );
  });
});

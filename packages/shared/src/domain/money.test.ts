import { describe, expect, it } from 'vitest';
import { convertAmount, priceFor } from './money.ts';

const rates = { USD: 1, EUR: 0.92, JPY: 151 };

describe('money', () => {
  it('converts through the dollar and rounds to whole units', () => {
    expect(convertAmount(100, 'USD', 'EUR', rates)).toBe(92);
    expect(convertAmount(92, 'EUR', 'USD', rates)).toBe(100);
    expect(convertAmount(100, 'EUR', 'JPY', rates)).toBe(16413);
    expect(convertAmount(5, 'EUR', 'EUR', rates)).toBe(5);
  });

  it('has no answer for a currency without a rate', () => {
    expect(convertAmount(5, 'EUR', 'XXX', rates)).toBeNull();
  });

  it('prices per person by the party and per group once', () => {
    expect(priceFor('person', 45, 3)).toBe(135);
    expect(priceFor('group', 200, 3)).toBe(200);
  });
});

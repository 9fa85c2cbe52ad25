import { describe, expect, it } from 'vitest';
import {
  bookingAmounts,
  convertAmount,
  convertMinor,
  exchangeRate,
  exponentOf,
  formatMinor,
  ofRate,
  priceFor,
  refundParts,
  roundHalfUp,
  toMinor,
} from './money.ts';

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

const fees = { serviceFeeBp: 1000, commissionBp: 1500 };
const amounts = (currency: string, unitPrice: number, partySize = 1, f = fees) =>
  bookingAmounts({
    priceMode: 'person',
    unitPrice,
    partySize,
    currency,
    travellerCurrency: currency,
    rate: exchangeRate(currency, currency, {})!,
    fees: f,
  });

describe('minor units', () => {
  it('knows the ISO 4217 exponents: JPY 0, EUR and USD 2, BHD 3', () => {
    expect([exponentOf('JPY'), exponentOf('EUR'), exponentOf('USD'), exponentOf('BHD')]).toEqual([
      0, 2, 2, 3,
    ]);
    expect([toMinor(45, 'JPY'), toMinor(45, 'EUR'), toMinor(45, 'BHD')]).toEqual([45, 4500, 45000]);
  });

  it('rounds half up, once, to the minor unit', () => {
    expect(roundHalfUp(5n, 10n)).toBe(1); // 0.5 → 1
    expect(roundHalfUp(4n, 10n)).toBe(0); // 0.4 → 0
    expect(roundHalfUp(15n, 10n)).toBe(2); // 1.5 → 2
    expect(roundHalfUp(25n, 10n)).toBe(3); // 2.5 → 3, not to even
    expect(roundHalfUp(0n, 7n)).toBe(0);
    expect(() => roundHalfUp(-1n, 2n)).toThrow(RangeError);
    expect(ofRate(5, 1000)).toBe(1); // ¥5 × 10 % = ¥0.5 → ¥1
    expect(ofRate(4, 1250)).toBe(1); // ¥4 × 12.5 % = ¥0.5 → ¥1
    expect(ofRate(3, 1500)).toBe(0); // ¥3 × 15 % = ¥0.45 → ¥0
  });

  it('writes every decimal of the currency', () => {
    expect(formatMinor(123450, 'EUR')).toBe('€1,234.50');
    expect(formatMinor(12345, 'JPY')).toBe('¥12,345');
    expect(formatMinor(1250, 'BHD')).toBe('BHD\u00a01.250');
    expect(formatMinor(5, 'EUR')).toBe('€0.05');
  });
});

describe('bookingAmounts', () => {
  it('JPY: the fee and the commission round half up to the yen', () => {
    const a = amounts('JPY', 25);
    expect(a).toMatchObject({ price: 25, serviceFee: 3, total: 28, commission: 4, guideNet: 21 });
    // ¥35: fee 3.5 → 4, commission 5.25 → 5.
    expect(amounts('JPY', 35)).toMatchObject({ serviceFee: 4, total: 39, commission: 5, guideNet: 30 });
    expect(amounts('JPY', 1)).toMatchObject({ serviceFee: 0, total: 1, commission: 0, guideNet: 1 });
  });

  it('EUR: cents, including a half cent at an odd rate', () => {
    expect(amounts('EUR', 45, 3)).toMatchObject({
      price: 13500,
      serviceFee: 1350,
      total: 14850,
      commission: 2025,
    });
    const odd = amounts('EUR', 1, 1, { serviceFeeBp: 1250, commissionBp: 1450 });
    // €1 × 12.5 % = 12.5 cents → 13; × 14.5 % = 14.5 cents → 15.
    expect(odd).toMatchObject({ price: 100, serviceFee: 13, total: 113, commission: 15, guideNet: 85 });
  });

  it('BHD: fils, three decimals', () => {
    const a = amounts('BHD', 1, 1, { serviceFeeBp: 5, commissionBp: 15 });
    // 1.000 BHD × 0.05 % = 0.5 fils → 1; × 0.15 % = 1.5 fils → 2.
    expect(a).toMatchObject({ price: 1000, serviceFee: 1, total: 1001, commission: 2, guideNet: 998 });
  });

  it('prices a group once, whatever the party', () => {
    const g = bookingAmounts({
      priceMode: 'group',
      unitPrice: 200,
      partySize: 6,
      currency: 'EUR',
      travellerCurrency: 'EUR',
      rate: '1',
      fees,
    });
    expect(g).toMatchObject({ price: 20000, serviceFee: 2000, total: 22000 });
  });

  it("converts the all-in total to the traveller's currency at the rate it keeps", () => {
    const rate = exchangeRate('EUR', 'JPY', rates)!;
    expect(rate).toBe('164.1304347826');
    const a = bookingAmounts({
      priceMode: 'person',
      unitPrice: 100,
      partySize: 1,
      currency: 'EUR',
      travellerCurrency: 'JPY',
      rate,
      fees,
    });
    expect(a).toMatchObject({ total: 11000, travellerCurrency: 'JPY', travellerTotal: 18054, rate });
    expect(exchangeRate('EUR', 'XXX', rates)).toBeNull();
  });

  it('converts at the edges of a half minor unit', () => {
    expect(convertMinor(1, 'EUR', 'JPY', '50')).toBe(1); // €0.01 × 50 = ¥0.5 → ¥1
    expect(convertMinor(1, 'EUR', 'JPY', '49.9999999999')).toBe(0);
    expect(convertMinor(2, 'BHD', 'EUR', '2.5')).toBe(1); // 0.002 BHD × 2.5 = 0.5 cent → 1
    expect(convertMinor(1, 'BHD', 'EUR', '2.5')).toBe(0);
    expect(convertMinor(1234, 'JPY', 'BHD', '0.0025')).toBe(3085); // 3.085 BHD exactly
    expect(convertMinor(4500, 'EUR', 'EUR', exchangeRate('EUR', 'EUR', rates)!)).toBe(4500);
  });
});

describe('refundParts', () => {
  it('refunds each part by the share, half up, and the refund is their sum', () => {
    const a = amounts('JPY', 255); // price 255, fee 25.5 → 26
    const r = refundParts(a, 5000, fees.commissionBp);
    // 127.5 → 128 of the price, 13 of the fee; the guide keeps 127, less 19.05 → 19 commission.
    expect(r).toEqual({
      price: 128,
      serviceFee: 13,
      total: 141,
      keptPrice: 127,
      keptServiceFee: 13,
      keptCommission: 19,
      keptGuideNet: 108,
    });
    expect(r.total + r.keptPrice + r.keptServiceFee).toBe(a.total);
  });

  it('everything or nothing', () => {
    const a = amounts('BHD', 7);
    expect(refundParts(a, 10_000, fees.commissionBp)).toMatchObject({ total: a.total, keptGuideNet: 0 });
    expect(refundParts(a, 0, fees.commissionBp)).toMatchObject({
      total: 0,
      keptCommission: a.commission,
      keptGuideNet: a.guideNet,
    });
  });

  it('EUR half of an odd amount of cents', () => {
    const a = amounts('EUR', 1, 1, { serviceFeeBp: 1250, commissionBp: 1500 }); // fee 13 cents
    expect(refundParts(a, 5000, 1500)).toMatchObject({
      price: 50,
      serviceFee: 7,
      total: 57,
      keptCommission: 8,
      keptGuideNet: 42,
    });
  });
});

import { currencySymbol } from '../constants/currency.ts';

/** Rates per US dollar, e.g. { USD: 1, EUR: 0.92 } (the server holds them: docs/product.md#city-and-currency). */
export type UsdRates = Record<string, number>;

/** `amount` of `from` in `to`, rounded to whole units; null when either currency has no rate. */
export function convertAmount(amount: number, from: string, to: string, rates: UsdRates): number | null {
  if (from === to) return amount;
  const a = rates[from];
  const b = rates[to];
  if (!a || !b) return null;
  return Math.round((amount / a) * b);
}

/** What the tourist pays the guide: the unit price × the party (per person) or the group price. */
export function priceFor(mode: 'person' | 'group', unitPrice: number, partySize: number): number {
  return mode === 'person' ? unitPrice * partySize : unitPrice;
}

// ————— Amounts in minor units (docs/decisions/095-money-ledger.md) —————
// Every amount a booking charges, refunds or pays out is an integer of the currency's minor unit (cents,
// yen, fils). This file is the one place that computes and rounds them; the server posts them to the ledger
// and both apps show them.

/** ISO 4217 currencies whose minor unit is not a hundredth (a table, not Intl: decision 042). */
const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Decimal places of the currency's minor unit: JPY 0, EUR 2, BHD 3. */
export function exponentOf(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/** A whole amount of the major unit (the prices guides set) in minor units. */
export function toMinor(major: number, currency: string): number {
  return major * 10 ** exponentOf(currency);
}

/** The minor amount in the major unit, for the fields that always spoke in it (exact: a decimal of minor units). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** exponentOf(currency);
}

/**
 * THE rounding rule: `numerator / denominator` rounded half up to a whole minor unit. Amounts are never
 * negative here; each part is rounded once, and a whole is always the sum of its rounded parts (never rounded
 * on its own), so parts add up to the whole by construction.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('roundHalfUp takes a non-negative amount');
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** `amount` × `basisPoints` / 10 000 (1 % = 100 bp), rounded half up. */
export function ofRate(amount: number, basisPoints: number): number {
  return roundHalfUp(BigInt(amount) * BigInt(basisPoints), 10_000n);
}

/** A percentage from configuration ("10", "12.5") in basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Exchange rates are kept as a decimal with this many places (the rate used is stored on the booking). */
const RATE_PLACES = 10;
const RATE_SCALE = 10n ** BigInt(RATE_PLACES);

/** Units of `to` per unit of `from`, as the decimal string kept on a booking; null without both rates. */
export function exchangeRate(from: string, to: string, rates: UsdRates): string | null {
  if (from === to) return (1).toFixed(RATE_PLACES);
  const a = rates[from];
  const b = rates[to];
  if (!a || !b) return null;
  return (b / a).toFixed(RATE_PLACES);
}

/** `amount` (minor units of `from`) in minor units of `to` at the decimal `rate`, rounded half up. */
export function convertMinor(amount: number, from: string, to: string, rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scaled = BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(RATE_PLACES, '0').slice(0, RATE_PLACES));
  const up = exponentOf(to);
  const down = exponentOf(from);
  return roundHalfUp(BigInt(amount) * scaled * 10n ** BigInt(up), RATE_SCALE * 10n ** BigInt(down));
}

/** The platform's rates, from the server's configuration, in basis points. */
export type FeeRates = { serviceFeeBp: number; commissionBp: number };

/** What a booking costs and earns, in minor units of the guide's currency unless said otherwise. */
export type BookingAmounts = {
  currency: string;
  /** The guide's price: unit × party (per person) or the group price. */
  price: number;
  /** The traveller's service fee: the price × its rate. */
  serviceFee: number;
  /** What the traveller pays, all in: price + service fee. */
  total: number;
  /** The platform's commission: the price × its rate. */
  commission: number;
  /** What the guide earns: price − commission. */
  guideNet: number;
  travellerCurrency: string;
  /** Units of the traveller's currency per unit of the guide's, as used. */
  rate: string;
  /** The all-in total in the traveller's currency at `rate`. */
  travellerTotal: number;
};

/** The one amount function: a booking's parts from the experience's price, the party and the rates. */
export function bookingAmounts(input: {
  priceMode: 'person' | 'group';
  unitPrice: number;
  partySize: number;
  currency: string;
  travellerCurrency: string;
  rate: string;
  fees: FeeRates;
}): BookingAmounts {
  const price = toMinor(priceFor(input.priceMode, input.unitPrice, input.partySize), input.currency);
  const serviceFee = ofRate(price, input.fees.serviceFeeBp);
  const commission = ofRate(price, input.fees.commissionBp);
  const total = price + serviceFee;
  return {
    currency: input.currency,
    price,
    serviceFee,
    total,
    commission,
    guideNet: price - commission,
    travellerCurrency: input.travellerCurrency,
    rate: input.rate,
    travellerTotal: convertMinor(total, input.currency, input.travellerCurrency, input.rate),
  };
}

/** A refund of a booking's share (basis points), and what the guide and the platform keep of it. */
export type RefundParts = {
  /** Given back, of the price and of the service fee; `total` is their sum. */
  price: number;
  serviceFee: number;
  total: number;
  /** Kept: the price and fee not given back, the commission on the kept price, the guide's net of it. */
  keptPrice: number;
  keptServiceFee: number;
  keptCommission: number;
  keptGuideNet: number;
};

/**
 * The refund of `shareBp` of a booking (the cancellation policy's share: docs/product.md#cancellation). Each
 * part (price, service fee) is refunded by the share, rounded half up; the refund is their sum. The platform's
 * commission is taken from the kept price at the booking's commission rate.
 */
export function refundParts(
  a: Pick<BookingAmounts, 'price' | 'serviceFee'>,
  shareBp: number,
  commissionBp: number,
): RefundParts {
  const price = ofRate(a.price, shareBp);
  const serviceFee = ofRate(a.serviceFee, shareBp);
  const keptPrice = a.price - price;
  const keptCommission = ofRate(keptPrice, commissionBp);
  return {
    price,
    serviceFee,
    total: price + serviceFee,
    keptPrice,
    keptServiceFee: a.serviceFee - serviceFee,
    keptCommission,
    keptGuideNet: keptPrice - keptCommission,
  };
}

/** "€1,234.50", "¥12,345", "BHD 1.250": a minor amount with every decimal of its currency. */
export function formatMinor(minor: number, currency: string): string {
  const places = exponentOf(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = places ? `.${digits.slice(digits.length - places)}` : '';
  return `${sign}${currencySymbol(currency)}${whole}${fraction}`;
}

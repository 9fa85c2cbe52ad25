import { currencySymbol, ZERO_DECIMAL_CURRENCIES } from '../constants/currency.ts';
import { DISCOVERY_MESSAGES, MOST_DESIRED_THRESHOLD, VERY_SELECTIVE_BELOW } from '../constants/discovery.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Last-online wording of the top-3 page (docs/product.md#top-3-ranking). */
export function lastOnlineLabel(lastActive: Date | string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(lastActive).getTime()) / DAY);
  if (days <= 0) return 'today';
  if (days === 1) return '1 day ago';
  if (days <= 7) return 'this week';
  if (days <= 30) return 'this month';
  return 'few months ago';
}

/** No rate yet (no guide has written to them): nothing to be selective about. */
export const NO_REQUESTS_YET = 'No requests yet';

export function selectivityLabel(acceptanceRate: number | null): string {
  if (acceptanceRate === null) return NO_REQUESTS_YET;
  return acceptanceRate < VERY_SELECTIVE_BELOW
    ? DISCOVERY_MESSAGES.verySelective
    : DISCOVERY_MESSAGES.notSelective;
}

export function isMostDesired(requestsLast30Days: number): boolean {
  return requestsLast30Days > MOST_DESIRED_THRESHOLD;
}

/** Budget conversion (docs/product.md#city-and-currency): min and max × the multiplier, rounded, USD only. */
export function convertBudget(
  budget: { min: number; max: number; currency: string },
  multiplier: number,
): { min: number; max: number } {
  if (budget.currency !== 'USD' || multiplier === 1) return { min: budget.min, max: budget.max };
  return { min: Math.round(budget.min * multiplier), max: Math.round(budget.max * multiplier) };
}

/**
 * Every price and amount of money Lokal shows (docs/product.md#track-record): "€130", "¥15,000", "€22.50" — the
 * text of `Intl.NumberFormat('en', { style: 'currency', currency })` with no decimals for a whole amount and
 * the currency's own decimals otherwise (none for JPY). Written by hand, like formatNumber, so the first screen
 * does not load the browser's internationalisation data (decision 042); a unit test compares it with Intl.
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) || ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
  const abs = Math.abs(amount);
  if (!Number.isFinite(abs) || abs >= 1e15)
    return `${amount < 0 ? '-' : ''}${currencySymbol(currency)}${formatNumber(abs)}`;
  const [whole = '0', decimals] = abs.toFixed(digits).split('.');
  const negative = amount < 0 && Number(abs.toFixed(digits)) !== 0;
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${currencySymbol(currency)}${grouped}${decimals ? `.${decimals}` : ''}`;
}

let icuNumbers: Intl.NumberFormat | undefined;

/**
 * A number as `toLocaleString('en-US')` writes it ("1,234.5"), without the browser's internationalisation
 * library for plain amounts: its first use on a page costs 40–150 ms of main thread on a fast machine (four
 * times that on a phone), which a guide's prices alone would pay on every page load (decision 042).
 */
export function formatNumber(n: number): string {
  const rounded = Math.round(Math.abs(n) * 1000) / 1000; // at most three decimals, as toLocaleString
  const plain = String(rounded);
  if (!Number.isFinite(n) || rounded >= 1e21 || plain.includes('e')) {
    icuNumbers ??= new Intl.NumberFormat('en-US');
    return icuNumbers.format(n);
  }
  const [whole = '0', decimals] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 || Object.is(n, -0) ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** The gallery wraps around in both directions. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/**
 * Top-3 ranking of premium tourists in a guide's city: membership first, then demand and
 * activity. Documented in docs/decisions/004-top-tourists-ranking.md.
 */
export function topTouristScore(
  t: {
    status: string;
    requestsLast30Days: number;
    rating: number;
    verified: boolean;
    lastActive: Date | string;
  },
  now: Date = new Date(),
): number {
  const tier = t.status === 'Luxury VIP Member' ? 3 : t.status === 'Premium Member' ? 2 : 1;
  const days = Math.max(0, (now.getTime() - new Date(t.lastActive).getTime()) / DAY);
  const recency = Math.max(0, 30 - days) / 30;
  return (
    tier * 100 +
    Math.min(t.requestsLast30Days, 100) * 0.5 +
    t.rating * 5 +
    (t.verified ? 10 : 0) +
    recency * 20
  );
}

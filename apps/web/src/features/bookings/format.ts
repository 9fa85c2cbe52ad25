import { formatMoney } from '@lokal/shared/domain/discovery';

// How the booking screens write money, zones and a quote (docs/product.md#bookings).

/** "€90", "€22.50", "¥15,000": the one money helper of the shared domain. */
export const money = formatMoney;

/** "Lisbon time": the city's time in words, never a raw zone id (the one shared rule). */
export { zoneInWords } from '@lokal/shared/domain/time-zone';

/** "Monday 7 December": a slot's local date (YYYY-MM-DD), read as a calendar day. */
export function dayInWords(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
}

export const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

type Priced = {
  priceMode: 'person' | 'group';
  price: number;
  currency: string;
  displayPrice: { amount: number; currency: string } | null;
};

export type Quote = {
  /** What the guide is paid, in the guide's currency: the server computes the same on booking. */
  total: number;
  currency: string;
  /** "€45 × 2 people" or "Group price, up to 8 people". */
  line: string;
  /** The same total in the tourist's currency (when it differs), scaled from the experience's displayPrice. */
  display: { amount: number; currency: string } | null;
};

/** The price of an experience for a party: unit × people (per person) or the group price. */
export function quote(e: Priced & { maxGroup: number }, partySize: number): Quote {
  const total = e.priceMode === 'person' ? e.price * partySize : e.price;
  const line =
    e.priceMode === 'person'
      ? `${money(e.price, e.currency)} × ${people(partySize)}`
      : `Group price, up to ${people(e.maxGroup)}`;
  const display = e.displayPrice
    ? {
        amount: Math.round(e.price > 0 ? (e.displayPrice.amount * total) / e.price : 0),
        currency: e.displayPrice.currency,
      }
    : null;
  return { total, currency: e.currency, line, display };
}

/** "€45 per person", "€180 per group". */
export function unitPrice(e: Priced): string {
  return `${money(e.price, e.currency)} ${e.priceMode === 'person' ? 'per person' : 'per group'}`;
}

/** A calendar day (YYYY-MM-DD) as the date picker's Date (local midnight of the browser), and back. */
export const dayToDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
export const dateToDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The first and last day (YYYY-MM-DD) of the month holding `day`. */
export function monthRange(day: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

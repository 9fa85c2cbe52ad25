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

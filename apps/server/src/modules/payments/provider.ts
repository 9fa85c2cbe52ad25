/**
 * What Lokal asks of a payment provider (decision 095): hold, take, let go, give back and pay out an amount,
 * each call carrying an idempotency key, so a call made again moves no money twice. Amounts are minor units.
 */
export type ProviderCall = {
  /** The same key for every try of one call: `booking:<id>:<event>`. */
  idempotencyKey: string;
  bookingId: string;
  amount: number;
  currency: string;
};

export type ProviderAnswer = { reference: string };

export interface PaymentProvider {
  readonly name: string;
  authorize(call: ProviderCall): Promise<ProviderAnswer>;
  capture(call: ProviderCall): Promise<ProviderAnswer>;
  release(call: ProviderCall): Promise<ProviderAnswer>;
  refund(call: ProviderCall): Promise<ProviderAnswer>;
  payout(call: ProviderCall): Promise<ProviderAnswer>;
}

/**
 * The default provider: no card is taken, the traveller pays the guide on the day (docs/product.md#payment).
 * Every call succeeds at once; the ledger still records each amount, so the books read the same as with a
 * provider that moves the money.
 */
export function embeddedProvider(): PaymentProvider {
  const answer = async (call: ProviderCall) => ({ reference: `embedded:${call.idempotencyKey}` });
  return {
    name: 'embedded',
    authorize: answer,
    capture: answer,
    release: answer,
    refund: answer,
    payout: answer,
  };
}

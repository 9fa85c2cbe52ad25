// The booking ledger's chart of accounts and the journal each booking event posts
// (docs/decisions/095-money-ledger.md). Amounts are minor units of the booking's (the guide's) currency;
// a debit is positive, a credit negative, and every journal sums to zero.
import type { PaymentState } from '../constants/bookings.ts';
import type { BookingAmounts, RefundParts } from './money.ts';

export const LEDGER_ACCOUNTS = [
  /** What Lokal owes the traveller until the tour happens (or the money goes back). */
  'traveller',
  /** Money held on the traveller's card, not yet taken. */
  'holds',
  /** Money taken and held at the payment provider for Lokal. */
  'provider_clearing',
  /** The guide's earnings not yet paid out. */
  'guide_payable',
  /** Lokal's revenue: the traveller's service fee and the guide's commission. */
  'platform_fees',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const MONEY_EVENTS = ['authorize', 'capture', 'release', 'refund', 'complete', 'payout'] as const;
export type MoneyEvent = (typeof MONEY_EVENTS)[number];

export type LedgerLine = { account: LedgerAccount; amount: number };

type Parts = Pick<BookingAmounts, 'total' | 'serviceFee' | 'commission' | 'guideNet'>;

/**
 * The lines one event posts for a booking. `refund` is required for 'refund' (a cancellation after the money
 * was taken: the refund goes back and the kept part is earned at once); `payout` is the guide's payable
 * amount paid out. Lines of zero are left out.
 */
export function journalLines(
  event: MoneyEvent,
  a: Parts,
  extra: { refund?: RefundParts; payout?: number } = {},
): LedgerLine[] {
  const t = a.total;
  const lines: LedgerLine[] = (() => {
    switch (event) {
      case 'authorize':
        return [
          { account: 'holds', amount: t },
          { account: 'traveller', amount: -t },
        ];
      case 'release':
        return [
          { account: 'traveller', amount: t },
          { account: 'holds', amount: -t },
        ];
      case 'capture':
        return [
          { account: 'provider_clearing', amount: t },
          { account: 'holds', amount: -t },
        ];
      case 'refund': {
        const r = extra.refund;
        if (!r) throw new Error('a refund journal needs the refund');
        return [
          { account: 'traveller', amount: t },
          { account: 'provider_clearing', amount: -r.total },
          { account: 'guide_payable', amount: -r.keptGuideNet },
          { account: 'platform_fees', amount: -(r.keptServiceFee + r.keptCommission) },
        ];
      }
      case 'complete':
        return [
          { account: 'traveller', amount: t },
          { account: 'guide_payable', amount: -a.guideNet },
          { account: 'platform_fees', amount: -(a.serviceFee + a.commission) },
        ];
      case 'payout': {
        const n = extra.payout ?? 0;
        return [
          { account: 'guide_payable', amount: n },
          { account: 'provider_clearing', amount: -n },
        ];
      }
    }
  })();
  return lines.filter((l) => l.amount !== 0);
}

/** Whether lines of one journal sum to zero in each currency. */
export function isBalanced(lines: { amount: number; currency: string }[]): boolean {
  const sums = new Map<string, number>();
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) return false;
    sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amount);
  }
  return [...sums.values()].every((s) => s === 0);
}

/**
 * The money events a booking step causes: a request is authorized (and captured at once when accepted on the
 * spot); accepting captures; declining, expiring or cancelling a request releases the hold; cancelling an
 * accepted booking refunds by the policy; completing makes the guide's earnings payable.
 */
export function moneyEventsOf(
  step: 'request' | 'accept' | 'decline' | 'expire' | 'cancel' | 'complete',
  from: 'requested' | 'accepted' | null,
  acceptedAtOnce = false,
): MoneyEvent[] {
  switch (step) {
    case 'request':
      return acceptedAtOnce ? ['authorize', 'capture'] : ['authorize'];
    case 'accept':
      return ['capture'];
    case 'decline':
    case 'expire':
      return ['release'];
    case 'cancel':
      return from === 'accepted' ? ['refund'] : ['release'];
    case 'complete':
      return ['complete'];
  }
}

/** The payment state after an event (a refund of nothing leaves the money captured). */
export function paymentStateAfter(
  event: MoneyEvent,
  current: PaymentState,
  refund?: RefundParts,
  total = 0,
): PaymentState {
  switch (event) {
    case 'authorize':
      return 'authorized';
    case 'capture':
      return 'captured';
    case 'release':
      return 'released';
    case 'refund':
      if (!refund || refund.total === 0) return current;
      return refund.total === total ? 'refunded' : 'partly-refunded';
    case 'complete':
      return current;
    case 'payout':
      return 'paid-out';
  }
}

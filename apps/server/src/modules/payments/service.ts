import type { PaymentState } from '@lokal/shared/constants/bookings';
import { journalLines, type MoneyEvent, paymentStateAfter } from '@lokal/shared/domain/ledger';
import {
  type BookingAmounts,
  convertMinor,
  ofRate,
  type RefundParts,
  refundParts,
  toMajor,
  toMinor,
} from '@lokal/shared/domain/money';
import type { BookingMoney } from '@lokal/shared/schemas/bookings';
import type { BookingRow } from '../bookings/repository.ts';
import type { Tx } from '../idempotency/repository.ts';
import type { PaymentProvider } from './provider.ts';
import type { LedgerRepository } from './repository.ts';

const PAYOUT_DELAY_MS = 24 * 60 * 60_000;

/** Bookings made before the ledger have no entries and keep settle-with-guide (decision 095). */
export const isLedgered = (b: Pick<BookingRow, 'payment'>) => b.payment !== 'settle-with-guide';

/** The refund recorded on the booking (its share of each part), or null before any. */
export function refundOf(b: BookingRow): RefundParts | null {
  if (b.refundShareBp === null) return null;
  return refundParts({ price: b.priceMinor, serviceFee: b.serviceFeeMinor }, b.refundShareBp, b.commissionBp);
}

/** The commission and the guide's net as they stand: nothing of a released hold, the kept part of a refund. */
export function earningsOf(b: BookingRow): { commission: number; guideNet: number } {
  if (b.payment === 'released') return { commission: 0, guideNet: 0 };
  const refund = b.status === 'cancelled' ? refundOf(b) : null;
  if (refund) return { commission: refund.keptCommission, guideNet: refund.keptGuideNet };
  return { commission: b.commissionMinor, guideNet: b.priceMinor - b.commissionMinor };
}

/** What the guide is owed for this booking once it is over: their net of a completed or kept booking. */
export function payableOf(b: BookingRow): number {
  return b.status === 'completed' || b.status === 'cancelled' ? earningsOf(b).guideNet : 0;
}

/** The booking columns of a new request's money, from the one amount function. */
export function requestMoney(
  a: BookingAmounts,
  fees: { serviceFeeBp: number; commissionBp: number },
  at: 'authorized' | 'captured',
) {
  return {
    priceMinor: a.price,
    serviceFeeMinor: a.serviceFee,
    totalMinor: a.total,
    commissionMinor: a.commission,
    serviceFeeBp: fees.serviceFeeBp,
    commissionBp: fees.commissionBp,
    fxRate: a.rate,
    travellerTotalMinor: a.travellerTotal,
    payment: at satisfies PaymentState,
  };
}

/**
 * The booking columns a cancellation writes: the policy's share given back (everything for a request, whose
 * hold is released), the payment state, and when a kept part is paid out to the guide. A booking made before
 * the ledger only records its refund in the guide's currency, as it always did.
 */
export function cancelMoney(b: BookingRow, shareBp: number, at: Date): Partial<BookingRow> {
  if (!isLedgered(b)) {
    return {
      refundAmount: toMajor(ofRate(toMinor(b.guideTotal, b.guideCurrency), shareBp), b.guideCurrency),
    };
  }
  if (b.status === 'requested')
    return { refundShareBp: 10_000, refundMinor: b.totalMinor, payment: 'released' };
  const r = refundParts({ price: b.priceMinor, serviceFee: b.serviceFeeMinor }, shareBp, b.commissionBp);
  const paysOutFrom = Math.max(b.endAt.getTime(), at.getTime());
  return {
    refundShareBp: shareBp,
    refundMinor: r.total,
    payment: paymentStateAfter('refund', b.payment, r, b.totalMinor),
    payoutDueAt: r.keptGuideNet > 0 ? new Date(paysOutFrom + PAYOUT_DELAY_MS) : null,
  };
}

/** When a booking completed at `at` is paid out (docs/product.md#payment). */
export const payoutDueAfter = (at: Date) => new Date(at.getTime() + PAYOUT_DELAY_MS);

/** The money a member may see of a booking: the guide's side (commission, net) to the guide and staff only. */
export function moneyOf(b: BookingRow, viewer: 'tourist' | 'guide' | 'staff'): BookingMoney | null {
  if (!isLedgered(b) || b.fxRate === null) return null;
  const rate = b.fxRate;
  const refund = refundOf(b);
  const guideSide = viewer !== 'tourist';
  const earnings = earningsOf(b);
  return {
    provider: b.paymentProvider,
    currency: b.guideCurrency,
    price: b.priceMinor,
    serviceFee: b.serviceFeeMinor,
    total: b.totalMinor,
    travellerCurrency: b.currency,
    travellerTotal: b.travellerTotalMinor,
    rate,
    commission: guideSide ? earnings.commission : null,
    guideNet: guideSide ? earnings.guideNet : null,
    refund: refund && {
      price: refund.price,
      serviceFee: refund.serviceFee,
      total: refund.total,
      travellerTotal: convertMinor(refund.total, b.guideCurrency, b.currency, rate),
    },
    payoutDueAt: b.payment === 'paid-out' || !b.payoutDueAt ? null : b.payoutDueAt.toISOString(),
  };
}

/**
 * Posts a booking's money events: each calls the provider with its idempotency key, then posts its journal in
 * the transaction of the booking change (decision 095). A provider that fails throws, and the change with it
 * is rolled back: nothing is half-done.
 */
export function createPayments(deps: { ledger: LedgerRepository; provider: PaymentProvider }) {
  const { ledger, provider } = deps;
  return {
    provider,
    async post(tx: Tx, b: BookingRow, events: MoneyEvent[]): Promise<void> {
      if (!isLedgered(b)) return;
      const refund = refundOf(b) ?? undefined;
      const payout = payableOf(b);
      const parts = {
        total: b.totalMinor,
        serviceFee: b.serviceFeeMinor,
        commission: b.commissionMinor,
        guideNet: b.priceMinor - b.commissionMinor,
      };
      for (const event of events) {
        const key = `booking:${b.id}:${event}`;
        const amount = event === 'refund' ? (refund?.total ?? 0) : event === 'payout' ? payout : b.totalMinor;
        // Completing moves no money (the books alone), nor does a refund of nothing.
        const calls = event !== 'complete' && amount > 0;
        const answer = calls
          ? await provider[event]({ idempotencyKey: key, bookingId: b.id, amount, currency: b.guideCurrency })
          : null;
        await ledger.post(tx, {
          bookingId: b.id,
          kind: event,
          key,
          currency: b.guideCurrency,
          lines: journalLines(event, parts, { refund, payout }),
          reverses: event === 'release' ? await ledger.journalId(tx, `booking:${b.id}:authorize`) : null,
          providerRef: answer?.reference ?? null,
        });
      }
    },
    journalsOf: ledger.journalsOf,
  };
}

export type Payments = ReturnType<typeof createPayments>;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingStatus, PaymentState } from '../constants/bookings.ts';
import { type BookingAction, nextBookingStatus } from './booking.ts';
import {
  isBalanced,
  journalLines,
  type LedgerAccount,
  type MoneyEvent,
  moneyEventsOf,
  paymentStateAfter,
} from './ledger.ts';
import { bookingAmounts, exchangeRate, type RefundParts, refundParts } from './money.ts';

const CURRENCIES = ['JPY', 'EUR', 'USD', 'BHD'] as const;
const rates = { USD: 1, EUR: 0.92, JPY: 151, BHD: 0.376 };

type Step = { action: BookingAction | 'payout'; actor: 'tourist' | 'guide' | 'system'; shareBp: number };

/** Plays steps on a booking as the server does and returns every journal posted and the final balances. */
function play(input: {
  currency: (typeof CURRENCIES)[number];
  traveller: (typeof CURRENCIES)[number];
  unitPrice: number;
  partySize: number;
  group: boolean;
  serviceFeeBp: number;
  commissionBp: number;
  atOnce: boolean;
  steps: Step[];
}) {
  const a = bookingAmounts({
    priceMode: input.group ? 'group' : 'person',
    unitPrice: input.unitPrice,
    partySize: input.partySize,
    currency: input.currency,
    travellerCurrency: input.traveller,
    rate: exchangeRate(input.currency, input.traveller, rates)!,
    fees: input,
  });
  const journals: {
    event: MoneyEvent;
    lines: { account: LedgerAccount; amount: number; currency: string }[];
  }[] = [];
  let status: BookingStatus = input.atOnce ? 'accepted' : 'requested';
  let payment = 'requested' as PaymentState;
  let refund: RefundParts | undefined;
  let payable = 0;
  const post = (event: MoneyEvent) => {
    const lines = journalLines(event, a, { refund, payout: payable });
    journals.push({ event, lines: lines.map((l) => ({ ...l, currency: a.currency })) });
    payment = paymentStateAfter(event, payment, refund, a.total);
    if (event === 'complete') payable = a.guideNet;
    if (event === 'refund') payable = refund!.keptGuideNet;
    if (event === 'payout') payable = 0;
  };
  for (const e of moneyEventsOf('request', null, input.atOnce)) post(e);
  for (const step of input.steps) {
    if (step.action === 'payout') {
      if ((status === 'completed' || status === 'cancelled') && payable > 0) post('payout');
      continue;
    }
    const from = status;
    const to = nextBookingStatus(from, step.action, step.actor);
    if (!to || (from !== 'requested' && from !== 'accepted')) continue;
    status = to;
    if (step.action === 'cancel' && from === 'accepted')
      refund = refundParts(a, step.shareBp, input.commissionBp);
    for (const e of moneyEventsOf(step.action, from)) post(e);
  }
  const balance = (account: LedgerAccount) =>
    journals.flatMap((j) => j.lines).reduce((s, l) => (l.account === account ? s + l.amount : s), 0);
  return { a, journals, status, payment, refund, payable, balance };
}

const step = fc.record({
  action: fc.constantFrom<Step['action']>('accept', 'decline', 'cancel', 'complete', 'expire', 'payout'),
  actor: fc.constantFrom<Step['actor']>('tourist', 'guide', 'system'),
  shareBp: fc.oneof(fc.constantFrom(0, 5000, 10_000), fc.integer({ min: 0, max: 10_000 })),
});
const booking = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  traveller: fc.constantFrom(...CURRENCIES),
  unitPrice: fc.integer({ min: 1, max: 1_000_000 }),
  partySize: fc.integer({ min: 1, max: 20 }),
  group: fc.boolean(),
  serviceFeeBp: fc.integer({ min: 0, max: 5000 }),
  commissionBp: fc.integer({ min: 0, max: 5000 }),
  atOnce: fc.boolean(),
  steps: fc.array(step, { maxLength: 8 }),
});

describe('the booking ledger', () => {
  it('every sequence of booking events leaves each journal summing to zero', () => {
    fc.assert(
      fc.property(booking, (b) => {
        const { journals } = play(b);
        for (const j of journals) expect(isBalanced(j.lines)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("a booking's entries explain its state: nothing held once decided, nothing owed once paid out", () => {
    fc.assert(
      fc.property(booking, (b) => {
        const { a, status, payment, balance, payable } = play(b);
        if (status !== 'requested') expect(balance('holds')).toBe(0);
        if (status === 'declined' || (status === 'cancelled' && payment === 'released')) {
          for (const acc of ['traveller', 'provider_clearing', 'guide_payable', 'platform_fees'] as const)
            expect(balance(acc)).toBe(0);
        }
        if (status === 'completed' || (status === 'cancelled' && payment !== 'released')) {
          expect(balance('traveller')).toBe(0);
          expect(balance('guide_payable') + payable).toBe(0);
          // What the provider holds is the platform's fees and what the guide is still owed.
          expect(balance('provider_clearing') + balance('platform_fees') - payable).toBe(0);
        }
        if (status === 'completed') expect(balance('platform_fees') + a.serviceFee + a.commission).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a refund journal without its refund, and finds an unbalanced journal', () => {
    const a = { total: 110, serviceFee: 10, commission: 15, guideNet: 85 };
    expect(() => journalLines('refund', a)).toThrow();
    expect(
      isBalanced([
        { amount: 5, currency: 'EUR' },
        { amount: -5, currency: 'JPY' },
      ]),
    ).toBe(false);
    expect(
      isBalanced([
        { amount: 0.5, currency: 'EUR' },
        { amount: -0.5, currency: 'EUR' },
      ]),
    ).toBe(false);
  });
});

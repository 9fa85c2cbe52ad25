import { PAYMENT_STATE_LABELS } from '@lokal/shared/constants/bookings';
import { formatMinor } from '@lokal/shared/domain/money';
import type { Booking } from '@lokal/shared/schemas/bookings';

// A booking's money as the server computed it (docs/product.md#payment): the all-in total in view, its parts
// one click away. The guide sees the commission and their net instead of the tourist's fee.

type Money = NonNullable<Booking['money']>;

/** "€187.00" or "€187.00 (about ¥30,690)": an amount with the traveller's figure beside when it differs. */
export function allIn(m: Money, amount: number, travellerAmount: number): string {
  const own = formatMinor(amount, m.currency);
  return m.travellerCurrency === m.currency
    ? own
    : `${formatMinor(travellerAmount, m.travellerCurrency)} (${own})`;
}

/** The embedded provider takes no card: what is held or taken is paid to the guide on the day. */
function paymentInWords(b: Booking, side: 'tourist' | 'guide'): string {
  const onTheDay =
    b.money?.provider === 'embedded' && (b.payment === 'authorized' || b.payment === 'captured');
  if (onTheDay) return side === 'tourist' ? 'Pay the guide on the day' : 'Paid to you on the day';
  return PAYMENT_STATE_LABELS[b.payment];
}

export function MoneyBreakdown({
  booking: b,
  side,
}: {
  booking: Booking & { money: Money };
  side: 'tourist' | 'guide';
}) {
  const m = b.money;
  const f = (n: number) => formatMinor(n, m.currency);
  return (
    <details className="group mt-1 text-sm" data-testid="money-breakdown">
      <summary className="cursor-pointer text-xs font-medium text-gold-deep underline-offset-2 hover:underline">
        Price details
      </summary>
      <dl className="mt-2 grid gap-1 rounded-xl bg-sand/60 px-3 py-2 text-xs">
        <div className="flex justify-between gap-3">
          <dt>Guide’s price</dt>
          <dd>{f(m.price)}</dd>
        </div>
        {side === 'tourist' ? (
          <>
            <div className="flex justify-between gap-3">
              <dt>Lokal service fee</dt>
              <dd>{f(m.serviceFee)}</dd>
            </div>
            <div className="flex justify-between gap-3 font-semibold">
              <dt>Total, all in</dt>
              <dd>{f(m.total)}</dd>
            </div>
            {m.travellerCurrency !== m.currency ? (
              <div className="flex justify-between gap-3 text-muted">
                <dt>In your currency</dt>
                <dd>{formatMinor(m.travellerTotal, m.travellerCurrency)}</dd>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <div className="flex justify-between gap-3">
              <dt>Lokal commission</dt>
              <dd>−{f(m.commission ?? 0)}</dd>
            </div>
            <div className="flex justify-between gap-3 font-semibold">
              <dt>Your earnings</dt>
              <dd>{f(m.guideNet ?? 0)}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-3 text-muted">
          <dt>Payment</dt>
          <dd data-testid="payment-state">{paymentInWords(b, side)}</dd>
        </div>
        {m.provider === 'embedded' ? (
          <p className="text-muted">No card is taken: the traveller pays the guide on the day.</p>
        ) : null}
      </dl>
    </details>
  );
}

import { BOOKING_STATUS_LABELS } from '@lokal/shared/constants/bookings';
import { policyLabel, refundShareBp } from '@lokal/shared/domain/cancellation';
import { convertMinor, formatMinor, ofRate, refundParts, toMajor, toMinor } from '@lokal/shared/domain/money';
import { experiencePagePath } from '@lokal/shared/domain/pages';
import { formatInZone } from '@lokal/shared/domain/time-zone';
import type { Booking } from '@lokal/shared/schemas/bookings';
import { CalendarClock, CalendarPlus, Hourglass, MessageCircle, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBookingAction } from '../api/booking-action.ts';
import { money, zoneInWords } from '../format.ts';
import { allIn, MoneyBreakdown } from './money-breakdown.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

const STATUS_STYLES: Record<Booking['status'], string> = {
  requested: 'bg-gold/20 text-gold-deep',
  accepted: 'bg-sage/15 text-sage',
  declined: 'bg-sand text-muted',
  cancelled: 'bg-sand text-muted',
  completed: 'bg-ink/10 text-ink',
};

type Props = {
  booking: Booking;
  side: 'tourist' | 'guide';
  conversationHref: string | null;
  /** Extra content for this booking (the review prompt once it is completed). */
  extra?: ReactNode;
};

export function BookingCard({ booking: b, side: role, conversationHref, extra }: Props) {
  const action = useBookingAction();
  const [dialog, setDialog] = useState<'decline' | 'cancel' | null>(null);
  const other = role === 'tourist' ? b.guide : b.tourist;
  const open = b.status === 'requested' || b.status === 'accepted';
  const otherFirst = other.name.split(' ')[0] ?? other.name;
  const zone = zoneInWords(b.city, b.timeZone);
  // The price is the guide's, in the guide's currency; the tourist's quote beside it when it differs
  // (docs/product.md#bookings).
  const total = money(b.guideTotal, b.guideCurrency);
  const touristTotal = b.currency !== b.guideCurrency ? money(b.totalLocal, b.currency) : null;
  // docs/product.md#payment: the tourist sees what they pay, all in; the guide their price.
  const m = b.money;

  const run = (kind: 'accept' | 'decline' | 'cancel', reason = '') =>
    action.mutate(
      { id: b.id, action: kind, reason },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(
            kind === 'accept'
              ? 'Booking accepted'
              : kind === 'decline'
                ? 'Booking declined'
                : 'Booking cancelled',
          );
        },
        onError: (err) => toast.error(err.message),
      },
    );

  return (
    <article
      className="rounded-card bg-white p-5 shadow-card"
      data-testid="booking-card"
      aria-label={`${b.tourName} with ${other.name}`}
    >
      <div className="flex items-start gap-3">
        <img
          src={other.image}
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 rounded-full bg-sand object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-display text-xl leading-tight">
            {/* The experience's page, while it exists (a deleted one leaves the booking its copy). */}
            {b.experienceId ? (
              <Link to={experiencePagePath(b.experienceId)} className="hover:underline">
                {b.tourName}
              </Link>
            ) : (
              b.tourName
            )}
          </h3>
          <p className="text-sm text-muted">
            {role === 'tourist' ? 'with' : 'for'} {other.name}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLES[b.status]}`}
          data-testid="booking-status"
        >
          {BOOKING_STATUS_LABELS[b.status]}
        </span>
      </div>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3 sm:items-start">
        <div className="flex items-center gap-2">
          <CalendarClock className="h-4 w-4 text-muted" aria-hidden />
          <dt className="sr-only">When</dt>
          <dd>
            {formatInZone(b.startAt, b.timeZone)} <span className="text-muted">{zone}</span>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <Users className="h-4 w-4 text-muted" aria-hidden />
          <dt className="sr-only">People</dt>
          <dd>
            {b.partySize} {b.partySize === 1 ? 'person' : 'people'} · {Math.round(b.durationMinutes / 6) / 10}{' '}
            h
          </dd>
        </div>
        <div>
          <dt className="sr-only">Total</dt>
          {m ? (
            <dd>
              <span className="font-semibold" data-testid="booking-all-in">
                {role === 'tourist'
                  ? `${allIn(m, m.total, m.travellerTotal)} all in`
                  : formatMinor(m.price, m.currency)}
              </span>
              <MoneyBreakdown booking={{ ...b, money: m }} side={role} />
            </dd>
          ) : (
            <dd>
              <span className="font-semibold">{total}</span>
              {touristTotal ? (
                <span className="text-muted">
                  {' '}
                  · {touristTotal} {role === 'tourist' ? 'in your currency' : `for ${otherFirst}`}
                </span>
              ) : null}
            </dd>
          )}
        </div>
      </dl>
      {b.status === 'requested' && b.expiresAt ? (
        <p className="mt-3 flex items-center gap-2 text-sm" data-testid="booking-expiry">
          <Hourglass className="h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
          <span>
            {role === 'tourist' ? 'Waiting for an answer until' : 'Answer by'}{' '}
            {formatInZone(b.expiresAt, b.timeZone)} <span className="text-muted">{zone}</span>
          </span>
        </p>
      ) : null}
      {b.status === 'cancelled' && m?.refund ? (
        <p className="mt-3 text-sm" data-testid="booking-refund">
          <span className="font-medium">
            {b.payment === 'released'
              ? 'Nothing charged: the hold is released'
              : `Refund: ${allIn(m, m.refund.total, m.refund.travellerTotal)} of ${allIn(m, m.total, m.travellerTotal)}`}
          </span>
          {role === 'guide' && b.payment !== 'released' ? (
            <span className="text-muted"> · you keep {formatMinor(m.guideNet ?? 0, m.currency)}</span>
          ) : null}
        </p>
      ) : b.status === 'cancelled' && b.refundAmount !== null ? (
        <p className="mt-3 text-sm" data-testid="booking-refund">
          <span className="font-medium">
            Refund: {money(b.refundAmount, b.guideCurrency)} of {total}
          </span>
          <span className="text-muted">
            {' '}
            — to be settled {role === 'tourist' ? 'with the guide' : `with ${otherFirst}`}
          </span>
        </p>
      ) : null}
      {b.status === 'declined' || b.status === 'completed' ? null : (
        <p className="mt-2 text-xs text-muted" data-testid="booking-policy">
          <span className="font-medium text-ink">{policyLabel(b.cancellationPolicy)} cancellation.</span>{' '}
          {b.policyInWords}
        </p>
      )}
      {b.note ? <p className="mt-3 rounded-xl bg-sand/60 px-3 py-2 text-sm">“{b.note}”</p> : null}
      {b.cancelReason ? (
        <p className="mt-3 text-sm text-muted">
          {b.status === 'cancelled'
            ? `Cancelled by ${b.cancelledBy === role ? 'you' : otherFirst}`
            : 'Declined'}
          : {b.cancelReason}
        </p>
      ) : null}
      {b.autoAccepted && b.status === 'accepted' ? (
        <p className="mt-2 text-xs text-muted">Accepted automatically</p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {role === 'guide' && b.status === 'requested' ? (
          // Answering the request; cancelling sits apart below, so the two are never mistaken.
          <>
            <Button size="sm" disabled={action.isPending} onClick={() => run('accept')}>
              Accept
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => setDialog('decline')}
            >
              Decline
            </Button>
          </>
        ) : null}
        {open ? (
          // The booking's .ics, the same invitation its e-mails carry (docs/product.md#calendars).
          <a
            href={`/api/bookings/${encodeURIComponent(b.id)}/calendar.ics`}
            download={`lokal-booking-${b.id}.ics`}
            className={buttonClass('outline', 'sm')}
          >
            <CalendarPlus className="h-4 w-4" aria-hidden /> Add to calendar
          </a>
        ) : null}
        {conversationHref ? (
          <Link to={conversationHref} className={buttonClass('ghost', 'sm', 'ml-auto')}>
            <MessageCircle className="h-4 w-4" aria-hidden /> Message
          </Link>
        ) : null}
      </div>
      {open ? (
        <div className="mt-3 flex justify-end border-t border-line pt-3">
          <Button
            size="sm"
            variant="ghost"
            className="text-danger"
            disabled={action.isPending}
            onClick={() => setDialog('cancel')}
          >
            Cancel booking
          </Button>
        </div>
      ) : null}
      {extra}
      <ReasonDialog
        open={dialog === 'decline'}
        onOpenChange={(o) => setDialog(o ? 'decline' : null)}
        title="Decline this request?"
        description={`${otherFirst} will see your reason in your conversation.`}
        confirm="Decline"
        required={false}
        busy={action.isPending}
        onConfirm={(reason) => run('decline', reason)}
      />
      <ReasonDialog
        open={dialog === 'cancel'}
        onOpenChange={(o) => setDialog(o ? 'cancel' : null)}
        title="Cancel this booking?"
        description={`Tell ${otherFirst} why. The time becomes free again.`}
        confirm="Cancel booking"
        required
        busy={action.isPending}
        onConfirm={(reason) => run('cancel', reason)}
      >
        {dialog === 'cancel' ? <RefundEstimate booking={b} side={role} otherFirst={otherFirst} /> : null}
      </ReasonDialog>
    </article>
  );
}

/**
 * What cancelling now gives back under the booking's policy, worked out here as an estimate; the server
 * records the figure when it cancels, and the card shows that one after (docs/product.md#cancellation).
 */
function RefundEstimate({
  booking: b,
  side,
  otherFirst,
}: {
  booking: Booking;
  side: 'tourist' | 'guide';
  otherFirst: string;
}) {
  const share = refundShareBp({
    policy: b.cancellationPolicy,
    startAt: new Date(b.startAt),
    cancelledAt: new Date(),
    by: side,
    wasAccepted: b.status === 'accepted',
  });
  // The same parts the server refunds (docs/product.md#payment); a booking made before the ledger, its price.
  const m = b.money;
  const back = m
    ? allIn(m, ...backOf(m, share))
    : money(toMajor(ofRate(toMinor(b.guideTotal, b.guideCurrency), share), b.guideCurrency), b.guideCurrency);
  const of = m ? allIn(m, m.total, m.travellerTotal) : money(b.guideTotal, b.guideCurrency);
  const whole = share === 10_000;
  const why =
    side === 'guide'
      ? 'A guide who cancels refunds in full.'
      : b.status !== 'accepted'
        ? `${otherFirst} has not accepted yet, so nothing is kept.`
        : `${policyLabel(b.cancellationPolicy)} cancellation: ${b.policyInWords}`;
  return (
    <div className="mt-4 rounded-xl bg-sand/70 px-4 py-3 text-sm" data-testid="refund-estimate">
      <p>
        <span className="font-medium">
          Estimated refund if {side === 'tourist' ? 'you cancel' : `you cancel for ${otherFirst}`} now: {back}{' '}
          of {of}
        </span>
        {whole ? ' (all of it)' : share === 0 ? ' (nothing back)' : null}
      </p>
      <p className="mt-1 text-xs text-muted">{why}</p>
      <p className="mt-1 text-xs text-muted">
        The amount recorded when you confirm appears on the booking
        {b.payment === 'settle-with-guide'
          ? `, to be settled ${side === 'tourist' ? 'with the guide' : `with ${otherFirst}`}`
          : b.status === 'requested'
            ? ': nothing was charged, the hold is released'
            : ''}
        .
      </p>
    </div>
  );
}

/** The refund of `share` of a booking, in its currency and the traveller's. */
function backOf(m: NonNullable<Booking['money']>, share: number): [number, number] {
  const r = refundParts(m, share, 0).total;
  return [r, r === m.total ? m.travellerTotal : convertMinor(r, m.currency, m.travellerCurrency, m.rate)];
}

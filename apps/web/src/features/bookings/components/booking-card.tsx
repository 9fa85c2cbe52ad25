import { BOOKING_STATUS_LABELS } from '@lokal/shared/constants/bookings';
import { formatMoney } from '@lokal/shared/domain/discovery';
import { formatInZone } from '@lokal/shared/domain/time-zone';
import type { Booking } from '@lokal/shared/schemas/bookings';
import { CalendarClock, MessageCircle, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useBookingAction } from '../api/booking-action.ts';
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
  // Tourists see what they pay in their currency; guides see their price in USD.
  const total = role === 'tourist' ? formatMoney(b.totalLocal, b.currency) : formatMoney(b.totalUsd, 'USD');

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
          <h3 className="font-display text-xl leading-tight">{b.tourName}</h3>
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
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3">
        <div className="flex items-center gap-2">
          <CalendarClock className="h-4 w-4 text-muted" aria-hidden />
          <dt className="sr-only">When</dt>
          <dd>
            {formatInZone(b.startAt, b.timeZone)} <span className="text-muted">{b.city} time</span>
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
          <dd className="font-semibold">{total}</dd>
        </div>
      </dl>
      {b.note ? <p className="mt-3 rounded-xl bg-sand/60 px-3 py-2 text-sm">“{b.note}”</p> : null}
      {b.cancelReason ? (
        <p className="mt-3 text-sm text-muted">
          {b.status === 'cancelled'
            ? `Cancelled by ${b.cancelledBy === role ? 'you' : other.name.split(' ')[0]}`
            : 'Declined'}
          : {b.cancelReason}
        </p>
      ) : null}
      {b.autoAccepted && b.status === 'accepted' ? (
        <p className="mt-2 text-xs text-muted">Accepted automatically</p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {role === 'guide' && b.status === 'requested' ? (
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
          <Button size="sm" variant="ghost" disabled={action.isPending} onClick={() => setDialog('cancel')}>
            Cancel booking
          </Button>
        ) : null}
        {conversationHref ? (
          <Link to={conversationHref} className={buttonClass('ghost', 'sm', 'ml-auto')}>
            <MessageCircle className="h-4 w-4" aria-hidden /> Message
          </Link>
        ) : null}
      </div>
      {extra}
      <ReasonDialog
        open={dialog === 'decline'}
        onOpenChange={(o) => setDialog(o ? 'decline' : null)}
        title="Decline this request?"
        description={`${other.name.split(' ')[0]} will see your reason in your conversation.`}
        confirm="Decline"
        required={false}
        busy={action.isPending}
        onConfirm={(reason) => run('decline', reason)}
      />
      <ReasonDialog
        open={dialog === 'cancel'}
        onOpenChange={(o) => setDialog(o ? 'cancel' : null)}
        title="Cancel this booking?"
        description={`Tell ${other.name.split(' ')[0]} why. The time becomes free again.`}
        confirm="Cancel booking"
        required
        busy={action.isPending}
        onConfirm={(reason) => run('cancel', reason)}
      />
    </article>
  );
}

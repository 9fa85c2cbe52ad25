import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { formatInZone } from '@lokal/shared/domain/time-zone';
import type { Booking } from '@lokal/shared/schemas/bookings';
import { CheckCircle2, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { money, people, zoneInWords } from '../format.ts';
import { allIn } from './money-breakdown.tsx';

/** What was booked, and the way to the conversation where the booking's card lives (docs/product.md#bookings). */
export function BookingConfirmation({ booking: b }: { booking: Booking }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the keyboard and screen readers continue from the confirmation.
  useEffect(() => heading.current?.focus(), []);
  const first = b.guide.name.split(' ')[0] ?? b.guide.name;
  const accepted = b.status === 'accepted';
  return (
    <section className="rounded-card border border-sage/30 bg-sage/10 p-5" data-testid="booking-confirmation">
      <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-2xl focus:outline-none">
        <CheckCircle2 className="h-6 w-6 text-sage" aria-hidden />
        {accepted ? 'Booked' : 'Request sent'}
      </h2>
      <p className="mt-2 text-sm">
        {accepted
          ? `${first} will meet you then.`
          : `${first} has 24 hours to answer; until then the time is held for you.`}
      </p>
      <dl className="mt-4 grid gap-1.5 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Experience</dt>
          <dd className="text-right font-medium">{b.tourName}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">When</dt>
          <dd className="text-right">
            {formatInZone(b.startAt, b.timeZone)} ({zoneInWords(b.city, b.timeZone)})
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">People</dt>
          <dd>{people(b.partySize)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">Total</dt>
          <dd className="text-right">
            {b.money ? (
              // What the tourist pays, all in (docs/product.md#payment).
              `${allIn(b.money, b.money.total, b.money.travellerTotal)} all in`
            ) : (
              <>
                {money(b.guideTotal, b.guideCurrency)}
                {b.currency !== b.guideCurrency ? (
                  <span className="text-muted"> · about {money(b.totalLocal, b.currency)}</span>
                ) : null}
              </>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-5 flex flex-wrap gap-2">
        {b.conversationId ? (
          <Link to={conversationPath('tourist', b.conversationId)} className={buttonClass('primary')}>
            <MessageCircle className="h-4 w-4" aria-hidden /> Open the conversation with {first}
          </Link>
        ) : null}
        <Link to={paths.tourist.bookings} className={buttonClass('outline')}>
          All bookings
        </Link>
      </div>
    </section>
  );
}

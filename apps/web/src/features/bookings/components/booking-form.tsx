import { NOTE_MAX } from '@lokal/shared/constants/bookings';
import { EXPERIENCE_MESSAGES } from '@lokal/shared/constants/experiences';
import { policyLabel } from '@lokal/shared/domain/cancellation';
import { bookingAmounts, formatMinor } from '@lokal/shared/domain/money';
import { dateInZone } from '@lokal/shared/domain/time-zone';
import type { Booking } from '@lokal/shared/schemas/bookings';
import type { ExperienceCard } from '@lokal/shared/schemas/experiences';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Minus, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { experienceQuery } from '../api/get-experience.ts';
import { useRequestBooking } from '../api/request-booking.ts';
import { dayInWords, money, quote, zoneInWords } from '../format.ts';
import { SlotPicker } from './slot-picker.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/bookings'));

type Props = {
  card: ExperienceCard;
  guideFirstName: string;
  /** In the dialog: back to the list of experiences. On the experience's page there is none. */
  onBack?: () => void;
  onBooked: (booking: Booking) => void;
  /** 'page': on the experience's page, the title is the page's and the total leads in the tourist's currency. */
  layout?: 'dialog' | 'page';
  /** Opened by a button that is now gone: the keyboard and screen readers go on from the form. */
  focusOnOpen?: boolean;
};

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * One experience: a day with open times, a time, the party and a note, and what it costs. The server prices
 * the booking the same way; the form checks itself with the route's schema (docs/product.md#bookings).
 */
export function BookingForm({
  card,
  guideFirstName: first,
  onBack,
  onBooked,
  layout = 'dialog',
  focusOnOpen = false,
}: Props) {
  const page = layout === 'page';
  const experience = useQuery(experienceQuery(card.id));
  const requestBooking = useRequestBooking();
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<{ start: string; time: string } | null>(null);
  const start = slot?.start ?? null;
  const [partySize, setPartySize] = useState(() => clamp(2, card.minGroup, card.maxGroup));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // The list's button is gone: focus the experience's name, so the keyboard and screen readers start here.
  useEffect(() => {
    if (!page) heading.current?.focus();
    else if (focusOnOpen) form.current?.focus();
  }, [page, focusOnOpen]);

  const price = quote(card, partySize);
  // The all-in price by the server's own function, once the experience's pricing is in (docs/product.md#payment).
  const pricing = experience.data?.pricing;
  const all = pricing
    ? bookingAmounts({
        priceMode: card.priceMode,
        unitPrice: card.price,
        partySize,
        currency: card.currency,
        travellerCurrency: pricing.travellerCurrency,
        rate: pricing.rate,
        fees: { serviceFeeBp: pricing.serviceFeeBp, commissionBp: 0 },
      })
    : null;
  const converted = all && all.travellerCurrency !== all.currency;
  const headline = all
    ? formatMinor(
        converted ? all.travellerTotal : all.total,
        converted ? all.travellerCurrency : all.currency,
      )
    : money(price.total, price.currency);
  const instant = card.bookingMode === 'instant';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { bookingRequestSchema } = await schemas();
    const parsed = bookingRequestSchema.safeParse({
      experienceId: card.id,
      start: start ?? '',
      partySize,
      note,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    requestBooking.mutate(parsed.data, {
      onSuccess: (b) => {
        toast.success(
          b.status === 'accepted' ? `Booked! ${first} will meet you then.` : `Request sent to ${first}`,
        );
        onBooked(b);
      },
      onError: (err) => {
        // A time taken or gone meanwhile (409): the times are read again, so the choice starts over.
        if (err instanceof ApiError && (err.code === 'slot-taken' || err.code === 'not-a-slot'))
          setSlot(null);
        setError(err.message);
      },
    });
  }

  return (
    <form
      ref={form}
      tabIndex={page ? -1 : undefined}
      onSubmit={submit}
      onFocus={() => void schemas()}
      className={page ? 'space-y-5 focus:outline-none' : 'mt-5 space-y-5 focus:outline-none'}
      aria-label={page ? 'Book this experience' : undefined}
      noValidate
    >
      {onBack ? (
        <div className="flex items-start gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 shrink-0"
            aria-label="All experiences"
            onClick={onBack}
          >
            <ArrowLeft className="h-5 w-5" aria-hidden />
          </Button>
          <div className="min-w-0">
            <h3 ref={heading} tabIndex={-1} className="font-display text-xl leading-tight focus:outline-none">
              {card.title}
            </h3>
            <p className="text-sm text-muted">
              {card.category} · {Math.round(card.durationMinutes / 6) / 10} h
            </p>
          </div>
        </div>
      ) : null}

      {experience.isPending ? <Skeleton className="h-80" /> : null}
      {experience.isError ? (
        <div className="flex items-center gap-3">
          <p role="alert" className="text-sm text-danger">
            {experience.error.message}
          </p>
          <Button size="sm" variant="outline" onClick={() => experience.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {experience.data ? (
        <div>
          <p className="mb-2 text-sm font-medium">
            Day and time{' '}
            <span className="font-normal text-muted">
              ({zoneInWords(experience.data.city, experience.data.timeZone)})
            </span>
          </p>
          <SlotPicker
            experienceId={card.id}
            today={dateInZone(new Date(), experience.data.timeZone)}
            zone={zoneInWords(experience.data.city, experience.data.timeZone)}
            date={date}
            start={start}
            onDate={(d) => {
              setDate(d);
              setSlot(null);
              setError(null);
            }}
            onStart={(s) => {
              setSlot(s);
              setError(null);
            }}
          />
        </div>
      ) : null}

      <fieldset>
        <legend className="text-sm font-medium">People</legend>
        <div className="mt-1.5 flex items-center gap-3">
          <Button
            variant="outline"
            size="icon"
            aria-label="One person fewer"
            disabled={partySize <= card.minGroup}
            onClick={() => setPartySize((n) => clamp(n - 1, card.minGroup, card.maxGroup))}
          >
            <Minus className="h-4 w-4" aria-hidden />
          </Button>
          <output aria-live="polite" aria-label="People" className="w-8 text-center font-display text-2xl">
            {partySize}
          </output>
          <Button
            variant="outline"
            size="icon"
            aria-label="One person more"
            disabled={partySize >= card.maxGroup}
            onClick={() => setPartySize((n) => clamp(n + 1, card.minGroup, card.maxGroup))}
          >
            <Plus className="h-4 w-4" aria-hidden />
          </Button>
          <span className="text-sm text-muted">
            {EXPERIENCE_MESSAGES.partySize(card.minGroup, card.maxGroup)}
          </span>
        </div>
      </fieldset>

      <label className="block text-sm font-medium">
        Note for {first} <span className="font-normal text-muted">(optional)</span>
        <textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={2}
          maxLength={NOTE_MAX}
          className="mt-1.5 block w-full resize-none rounded-xl border border-line bg-white px-3 py-2 text-base font-normal focus:border-gold-deep focus:outline-none"
        />
      </label>

      <section
        aria-label="Price"
        className="rounded-xl bg-sand/70 px-4 py-3 text-sm"
        data-testid="booking-price"
      >
        <div className="flex items-baseline justify-between gap-3" aria-live="polite">
          <span className="font-semibold">Total, all in</span>
          <span className="text-right" data-testid="booking-total">
            <strong className="text-base">{headline}</strong>
            {all && converted ? (
              <span className="block text-xs text-muted">
                {formatMinor(all.total, all.currency)} in {first}’s currency
              </span>
            ) : null}
          </span>
        </div>
        <details className="mt-1" data-testid="price-details">
          <summary className="cursor-pointer text-xs font-medium text-gold-deep">Price details</summary>
          <dl className="mt-2 grid gap-1 border-t border-line pt-2">
            <div className="flex justify-between gap-3">
              <dt>{price.line}</dt>
              <dd>{all ? formatMinor(all.price, all.currency) : money(price.total, price.currency)}</dd>
            </div>
            {all ? (
              <>
                <div className="flex justify-between gap-3">
                  <dt>Lokal service fee ({pricing!.serviceFeeBp / 100} %)</dt>
                  <dd>{formatMinor(all.serviceFee, all.currency)}</dd>
                </div>
                <div className="flex justify-between gap-3 font-semibold">
                  <dt>Total</dt>
                  <dd>{formatMinor(all.total, all.currency)}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </details>
        {experience.data ? (
          <p className="mt-2 text-xs text-muted">
            <span className="font-medium text-ink">
              {policyLabel(experience.data.cancellationPolicy)} cancellation.
            </span>{' '}
            {experience.data.policyInWords}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-muted">
          {instant
            ? `Verified travellers are booked at once; otherwise ${first} has 24 hours to answer.`
            : `${first} has 24 hours to answer; until then the time is held for you.`}{' '}
          No card is taken: you pay {first} on the day.
        </p>
      </section>

      {/* The total and the button stay in view while the times scroll. */}
      <div
        className={
          page
            ? 'sticky bottom-0 z-10 -mx-5 border-t border-line bg-ivory px-5 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0'
            : 'sticky -bottom-5 z-10 -mx-5 -mb-5 border-t border-line bg-ivory px-5 py-3 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8 sm:py-4'
        }
      >
        {error ? (
          <p role="alert" className="mb-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <p className="min-w-0 flex-1 text-sm leading-tight">
            <span className="block font-semibold">{headline}</span>
            <span className="block text-xs text-muted">
              {slot && date ? `${dayInWords(date)}, ${slot.time}` : 'Choose a day and a time'}
            </span>
          </p>
          <Button type="submit" className="shrink-0" disabled={requestBooking.isPending}>
            {requestBooking.isPending ? 'Sending…' : instant ? 'Book now' : 'Request to book'}
          </Button>
        </div>
      </div>
    </form>
  );
}

import { PARTY_MAX } from '@lokal/shared/constants/bookings';
import { bookingTotal, durationMinutes } from '@lokal/shared/domain/booking';
import { formatMoney } from '@lokal/shared/domain/discovery';
import { dateInZone, timeZoneForCity } from '@lokal/shared/domain/time-zone';
import { useQuery } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { RadioCard } from '../../../components/ui/radio-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { profileQuery } from '../../../lib/api/get-profile.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useRequestBooking } from '../api/request-booking.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/bookings'));

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guideId: string;
  guideName: string;
  /** The tourist's currency, to show prices as they will pay them. */
  currency: { code: string; multiplier: number };
};

/** A tourist asks a guide for one of their tour types, on a date and at a time in the guide's city. */
export function BookingDialog({ open, onOpenChange, guideId, guideName, currency }: Props) {
  // The tour types and the city, from the guide's public profile.
  const tours = useQuery({
    ...profileQuery('guide', guideId),
    enabled: open,
    select: (r) => (r.type === 'guide' ? r.profile : null),
  });
  const requestBooking = useRequestBooking();
  const [tourName, setTourName] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('18:00');
  const [partySize, setPartySize] = useState(2);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const timeZone = timeZoneForCity(tours.data?.city);
  const today = dateInZone(new Date(), timeZone);
  const tour = tours.data?.tourTypes.find((t) => t.name === tourName);
  const code = currency.multiplier === 1 ? 'USD' : currency.code;
  const money = (usd: number) => formatMoney(Math.round(usd * currency.multiplier), code);
  const first = guideName.split(' ')[0] ?? guideName;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { bookingRequestSchema } = await schemas();
    const parsed = bookingRequestSchema.safeParse({ guideId, tourName, date, time, partySize, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    requestBooking.mutate(parsed.data, {
      onSuccess: (b) => {
        toast.success(
          b.status === 'accepted' ? `Booked! ${first} accepted automatically.` : `Request sent to ${first}`,
        );
        onOpenChange(false);
        setNote('');
        setError(null);
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Book ${first}`}
      description={`Times are ${tours.data?.city ? `${tours.data.city} time` : 'local time'} (${timeZone.replace(/_/g, ' ')}).`}
      className="sm:max-w-lg"
    >
      {tours.isPending ? <Skeleton className="mt-5 h-40" /> : null}
      {tours.isError ? (
        <p role="alert" className="mt-5 text-danger">
          {tours.error.message}
        </p>
      ) : null}
      {tours.data && tours.data.tourTypes.length === 0 ? (
        <p className="mt-5 text-muted">{first} has not listed any tours yet. Ask in the chat.</p>
      ) : null}
      {tours.data?.tourTypes.length ? (
        <form onSubmit={submit} className="mt-5 space-y-4" noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Experience</legend>
            <div className="space-y-1.5">
              {tours.data.tourTypes.map((t) => (
                <RadioCard
                  key={t.name}
                  name="tour"
                  value={t.name}
                  checked={tourName === t.name}
                  onSelect={() => {
                    setTourName(t.name);
                    setError(null);
                  }}
                >
                  <span className="flex-1">
                    {t.name} <span className="text-muted">· {t.duration}</span>
                  </span>
                  <span className="font-semibold">{money(t.price)}</span>
                </RadioCard>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <label className="block text-sm font-medium">
              Date
              <input
                type="date"
                required
                min={today}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                className={`${inputClass} mt-1.5`}
              />
            </label>
            <label className="block text-sm font-medium">
              Start time
              <input
                type="time"
                required
                step={900}
                value={time}
                onChange={(e) => setTime(e.target.value)}
                className={`${inputClass} mt-1.5`}
              />
            </label>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">People</legend>
            <div className="mt-1.5 flex items-center gap-3">
              <Button
                variant="outline"
                size="icon"
                aria-label="One person fewer"
                disabled={partySize <= 1}
                onClick={() => setPartySize((n) => Math.max(1, n - 1))}
              >
                <Minus className="h-4 w-4" aria-hidden />
              </Button>
              <output aria-live="polite" className="w-8 text-center font-display text-2xl">
                {partySize}
              </output>
              <Button
                variant="outline"
                size="icon"
                aria-label="One person more"
                disabled={partySize >= PARTY_MAX}
                onClick={() => setPartySize((n) => Math.min(PARTY_MAX, n + 1))}
              >
                <Plus className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          </fieldset>
          <label className="block text-sm font-medium">
            Note for {first} (optional)
            <textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              maxLength={500}
              className="mt-1.5 block w-full resize-none rounded-xl border border-line bg-white px-3 py-2 text-base font-normal focus:border-gold-deep focus:outline-none"
            />
          </label>
          {tour ? (
            <p className="rounded-xl bg-sand/70 px-4 py-3 text-sm" data-testid="booking-total">
              Total{' '}
              <strong>
                {formatMoney(bookingTotal(tour.price, partySize, currency.multiplier).local, code)}
              </strong>{' '}
              <span className="text-muted">
                ({partySize} × {money(tour.price)}, {Math.round(durationMinutes(tour.duration) / 6) / 10} h)
              </span>
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={requestBooking.isPending}>
            {requestBooking.isPending ? 'Sending…' : 'Request booking'}
          </Button>
        </form>
      ) : null}
    </Dialog>
  );
}

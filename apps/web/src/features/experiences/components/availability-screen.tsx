import { AVAILABILITY_LIMITS as A, WEEKDAY_LABELS, WEEKDAYS } from '@lokal/shared/constants/experiences';
import { paths } from '@lokal/shared/domain/pages';
import { dateInZone, zoneInWords } from '@lokal/shared/domain/time-zone';
import type { AvailabilityInput } from '@lokal/shared/schemas/experiences';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Globe2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../lib/toast.ts';
import { availabilityQuery } from '../api/get-availability.ts';
import { useUpdateAvailability } from '../api/update-availability.ts';
import {
  type AvailabilityDraft,
  availabilityToInput,
  copyToAllDays,
  draftFromAvailability,
} from '../availability-draft.ts';
import { useFormChecks } from '../hooks/use-form-checks.ts';
import { ExceptionsCalendar } from './exceptions-calendar.tsx';
import { TimeRanges } from './time-ranges.tsx';

// The shared schema comes with zod: loaded when the form is first used, not with the page.

type Loaded = AvailabilityInput & { timeZone: string; city: string };

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{lead}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** When travellers can book the guide (docs/product.md#availability). */
export function AvailabilityScreen() {
  const query = useQuery(availabilityQuery);
  return (
    <div className="pb-28 lg:pb-12">
      <header className="mx-auto flex max-w-5xl items-center gap-2 px-5 pt-5">
        <Link
          to={paths.guide.experiences}
          className={buttonClass('ghost', 'icon', '-ml-2')}
          aria-label="Back to my experiences"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <h1 className="text-3xl">Availability</h1>
      </header>
      <main className="mx-auto max-w-5xl px-5">
        {query.isPending ? (
          <div className="mt-6 space-y-4" aria-busy="true">
            <span className="sr-only" role="status">
              Loading your availability
            </span>
            <Skeleton className="h-6 w-72" />
            <Skeleton className="h-96 rounded-card" />
            <Skeleton className="h-72 rounded-card" />
          </div>
        ) : query.isError ? (
          <div className="mt-6 rounded-card border border-line bg-white p-8 text-center">
            <p className="text-danger" role="alert">
              {query.error.message}
            </p>
            <Button variant="outline" className="mt-3" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <AvailabilityForm loaded={query.data} />
        )}
      </main>
    </div>
  );
}

function AvailabilityForm({ loaded }: { loaded: Loaded }) {
  const update = useUpdateAvailability();
  const [draft, setDraft] = useState<AvailabilityDraft>(() => draftFromAvailability(loaded));
  const [saved, setSaved] = useState(draft);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, formRef, validate, preload } = useFormChecks(draft, (c, d) =>
    c.checkAvailability(availabilityToInput(d)),
  );
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const today = dateInZone(new Date(), loaded.timeZone);
  // In words, never an IANA id: the city's time, or UTC for a city whose zone Lokal does not know.
  const zone = zoneInWords(loaded.city, loaded.timeZone);

  const set = (patch: Partial<AvailabilityDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    const data = await validate();
    if (!data) {
      setFormError('Some hours need a change before saving; see the notes in red.');
      return;
    }
    setFormError(null);
    try {
      await update.mutateAsync(data);
      setSaved(draft);
      toast.success('Availability saved');
    } catch (err) {
      const message = (err as Error).message;
      setFormError(message);
      toast.error(message);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      onFocus={preload}
      noValidate
      aria-busy={update.isPending}
      aria-label="Availability"
      className="mt-2 space-y-6"
    >
      <p className="flex items-start gap-2 text-muted" data-testid="time-zone">
        <Globe2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>All times are {zone}. Travellers see them in the same time.</span>
      </p>

      <Section
        id="av-weekly"
        title="Weekly hours"
        lead="When you are free to guide, each week: a tour starts and ends inside these hours. An end at or before the start runs past midnight."
      >
        <ul className="divide-y divide-line">
          {WEEKDAYS.map((day) => (
            <li key={day} className="grid gap-2 py-3 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-start">
              <div className="pt-2">
                <h3 className="font-medium">{WEEKDAY_LABELS[day]}</h3>
                {draft.weekly[day].length === 0 ? (
                  <p className="text-sm text-muted">Unavailable</p>
                ) : (
                  <button
                    type="button"
                    className="mt-1 text-sm font-medium text-gold-deep underline-offset-2 hover:underline"
                    onClick={() => {
                      set({ weekly: copyToAllDays(draft.weekly, day) });
                      toast.info(`${WEEKDAY_LABELS[day]}'s hours copied to every day. Save to keep them.`);
                    }}
                  >
                    {/* The visible words begin the name (WCAG 2.5.3); the day tells the seven apart. */}
                    Copy to all days<span className="sr-only">{` (${WEEKDAY_LABELS[day]}'s hours)`}</span>
                  </button>
                )}
              </div>
              <TimeRanges
                path={`weekly.${day}`}
                owner={WEEKDAY_LABELS[day]}
                ranges={draft.weekly[day]}
                onChange={(ranges) => set({ weekly: { ...draft.weekly, [day]: ranges } })}
                errors={errors}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="av-exceptions"
        title="Dates that differ"
        lead="Block a day you are away, or add hours on a date on top of your weekly ones."
      >
        <ExceptionsCalendar
          today={today}
          weekly={draft.weekly}
          exceptions={draft.exceptions}
          onChange={(exceptions) => set({ exceptions })}
          errors={errors}
        />
      </Section>

      <Section id="av-limits" title="Limits" lead="How much time you need between bookings and tours.">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="av-noticeHours"
            label="Minimum notice (hours)"
            type="number"
            inputMode="numeric"
            min={0}
            max={A.noticeHoursMax}
            value={draft.noticeHours}
            onChange={(e) => set({ noticeHours: e.target.value })}
            hint="How long before a start travellers can still book."
            error={errors.noticeHours}
          />
          <Field
            id="av-bufferMinutes"
            label="Buffer between tours (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            max={A.bufferMinutesMax}
            step={5}
            value={draft.bufferMinutes}
            onChange={(e) => set({ bufferMinutes: e.target.value })}
            hint="Kept free before and after each tour."
            error={errors.bufferMinutes}
          />
          <Field
            id="av-maxPerDay"
            label="Most tours a day"
            type="number"
            inputMode="numeric"
            min={1}
            max={A.perDayMax}
            value={draft.maxPerDay}
            onChange={(e) => set({ maxPerDay: e.target.value })}
            error={errors.maxPerDay}
          />
        </div>
      </Section>

      <div
        data-action-bar="sticky"
        className="sticky bottom-16 z-10 -mx-5 border-t border-line bg-ivory/95 px-5 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border"
      >
        {formError ? (
          <p role="alert" className="mb-2 text-sm text-danger">
            {formError}
          </p>
        ) : null}
        <div className="flex items-center justify-end gap-3">
          <p className="mr-auto text-sm text-muted" aria-live="polite">
            {dirty ? 'Unsaved changes' : 'All changes saved'}
          </p>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save availability'}
          </Button>
        </div>
      </div>
    </form>
  );
}

import { MAX_AHEAD_DAYS } from '@lokal/shared/constants/bookings';
import { addDays } from '@lokal/shared/domain/slots';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { slotsQuery } from '../api/get-slots.ts';
import { dateToDay, dayInWords, dayToDate, monthRange } from '../format.ts';

type Props = {
  experienceId: string;
  /** Today in the experience's city (YYYY-MM-DD): the calendar starts there. */
  today: string;
  /** "Lisbon time". */
  zone: string;
  date: string | null;
  start: string | null;
  onDate: (date: string) => void;
  onStart: (slot: { start: string; time: string }) => void;
};

/** The days of a month that have slots, asked from today on (docs/product.md#availability). */
const rangeFor = (day: string, today: string) => {
  const { from, to } = monthRange(day);
  return { from: from < today ? today : from, to };
};

const DAY_CLASS = 'p-0.5 text-center';
const DAY_BUTTON =
  'mx-auto flex h-10 w-10 items-center justify-center rounded-full text-sm transition-colors hover:bg-sand disabled:cursor-default disabled:text-muted/60 disabled:hover:bg-transparent';

/**
 * A calendar of the days with open times, then that day's times as buttons. Days without a slot are disabled;
 * the arrow keys move between days, Page Up and Page Down between months (react-day-picker's grid).
 */
export function SlotPicker({ experienceId, today, zone, date, start, onDate, onStart }: Props) {
  const [month, setMonth] = useState(() => (date ?? today).slice(0, 7));
  const shown = rangeFor(`${month}-01`, today);
  const monthSlots = useQuery(slotsQuery(experienceId, shown.from, shown.to));
  // The chosen day's times come from its own month, so paging the calendar away keeps them.
  const day = date ? rangeFor(date, today) : shown;
  const daySlots = useQuery({ ...slotsQuery(experienceId, day.from, day.to), enabled: date !== null });

  const open = new Set(monthSlots.data?.slots.map((s) => s.date));
  const times = date ? (daySlots.data?.slots.filter((s) => s.date === date) ?? []) : [];
  const last = addDays(today, MAX_AHEAD_DAYS);
  // A day of a month not loaded yet stays enabled, so the arrow keys and Page Down can move into the next
  // month; its times load when it shows, and a day without any then turns disabled.
  const known = (day: string): 'open' | 'closed' | 'unknown' => {
    if (day < today || day > last) return 'closed';
    if (!monthSlots.data || day < shown.from || day > shown.to) return 'unknown';
    return open.has(day) ? 'open' : 'closed';
  };

  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-line bg-white p-3" aria-busy={monthSlots.isPending}>
        <DayPicker
          mode="single"
          required
          selected={date ? dayToDate(date) : undefined}
          onSelect={(d) => onDate(dateToDay(d))}
          month={dayToDate(`${month}-01`)}
          onMonthChange={(m) => setMonth(dateToDay(m).slice(0, 7))}
          startMonth={dayToDate(today)}
          endMonth={dayToDate(last)}
          today={dayToDate(today)}
          weekStartsOn={1}
          disabled={(d) => known(dateToDay(d)) === 'closed'}
          modifiers={{
            open: (d) => known(dateToDay(d)) === 'open',
            unknown: (d) => known(dateToDay(d)) === 'unknown',
          }}
          modifiersClassNames={{
            open: '[&>button]:font-semibold [&>button]:text-ink',
            unknown: '[&>button]:text-muted',
            today: '[&>button]:underline [&>button]:underline-offset-4',
            selected: '[&>button]:bg-ink [&>button]:text-ivory [&>button]:hover:bg-ink',
          }}
          labels={{
            labelNext: () => 'Next month',
            labelPrevious: () => 'Previous month',
            labelDayButton: (d, m) =>
              `${m.today ? 'Today, ' : ''}${dayInWords(dateToDay(d))}${m.disabled ? ', no open times' : ''}${m.selected ? ', selected' : ''}`,
          }}
          classNames={{
            root: 'relative',
            months: 'relative',
            month: 'w-full',
            nav: 'absolute top-0 right-0 z-10 flex gap-1',
            button_previous:
              'inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-sand disabled:opacity-30',
            button_next:
              'inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-sand disabled:opacity-30',
            chevron: 'h-4 w-4 fill-current',
            month_caption: 'flex h-9 items-center pl-1 font-display text-lg',
            caption_label: '',
            month_grid: 'mt-2 w-full border-collapse',
            weekdays: '',
            weekday: 'pb-1 text-xs font-medium text-muted',
            week: '',
            day: DAY_CLASS,
            day_button: DAY_BUTTON,
            outside: 'invisible',
            disabled: '',
            hidden: 'invisible',
            focused: '',
          }}
          footer={
            monthSlots.isPending ? (
              <p className="mt-2 text-sm text-muted">Finding open days…</p>
            ) : monthSlots.isError ? null : open.size === 0 ? (
              <p className="mt-2 text-sm text-muted">No open days this month. Try the next one.</p>
            ) : (
              <p className="mt-2 text-sm text-muted">Days in bold have open times.</p>
            )
          }
        />
        {monthSlots.isError ? (
          <div className="mt-2 flex items-center gap-3">
            <p role="alert" className="text-sm text-danger">
              {monthSlots.error.message}
            </p>
            <Button size="sm" variant="outline" onClick={() => monthSlots.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
      </div>

      {date ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">
            Times on {dayInWords(date)} <span className="font-normal text-muted">({zone})</span>
          </legend>
          {daySlots.isPending ? <Skeleton className="h-22" /> : null}
          {daySlots.isError ? (
            <p role="alert" className="text-sm text-danger">
              {daySlots.error.message}
            </p>
          ) : null}
          {daySlots.isSuccess && times.length === 0 ? (
            <p className="text-sm text-muted">No times left on this day. Choose another day.</p>
          ) : null}
          <div className="grid grid-cols-5 gap-1.5 sm:grid-cols-6">
            {times.map((s) => (
              <button
                key={s.start}
                type="button"
                aria-pressed={start === s.start}
                onClick={() => onStart(s)}
                className="h-9 rounded-full border border-line bg-white text-sm tabular-nums transition-colors hover:border-ink/40 aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-ivory"
              >
                {s.time}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

import { WEEKDAY_LABELS, WEEKDAYS } from '@lokal/shared/constants/experiences';
import {
  type AvailabilityException,
  addDays,
  rangesOn,
  type WeeklySchedule,
} from '@lokal/shared/domain/slots';
import { Ban, ChevronLeft, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  addMonths,
  longDate,
  monthGrid,
  monthName,
  shortDate,
  withException,
} from '../availability-draft.ts';
import { TimeRanges } from './time-ranges.tsx';

type Props = {
  today: string;
  weekly: WeeklySchedule;
  exceptions: AvailabilityException[];
  onChange: (exceptions: AvailabilityException[]) => void;
  errors: Record<string, string>;
};

const rangesText = (ranges: { start: string; end: string }[]) =>
  ranges.map((r) => `${r.start}–${r.end}`).join(', ');

/**
 * Date exceptions (docs/product.md#availability): a month calendar where a day can be blocked or given extra
 * hours, and the list of every exception with a way to remove it. Arrow keys move between days.
 */
export function ExceptionsCalendar({ today, weekly, exceptions, onChange, errors }: Props) {
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState(today);
  const dayRefs = useRef(new Map<string, HTMLButtonElement>());
  const focusDay = useRef(false);
  const byDate = new Map(exceptions.map((e, i) => [e.date, { e, i }]));
  const chosen = byDate.get(selected);
  const usual = rangesOn(selected, { weekly, exceptions: [] });
  const grid = monthGrid(month);
  // One day of the shown month takes Tab; the arrow keys move from it.
  const tabStop = selected.startsWith(month) ? selected : today.startsWith(month) ? today : `${month}-01`;

  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    dayRefs.current.get(selected)?.focus();
  });

  function select(date: string, focus = false) {
    setSelected(date);
    if (date.slice(0, 7) !== month) setMonth(date.slice(0, 7));
    focusDay.current = focus;
  }

  function onDayKey(e: KeyboardEvent, date: string) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const step = steps[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = addDays(date, step);
    if (next >= today) select(next, true);
  }

  const remove = (date: string) => onChange(exceptions.filter((x) => x.date !== date));
  const errorIn = (i: number) => Object.keys(errors).some((k) => k.startsWith(`exceptions.${i}.`));

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div>
        <div className="flex items-center justify-between">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setMonth(addMonths(month, -1))}
            disabled={month <= today.slice(0, 7)}
            aria-label="Previous month"
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </Button>
          <h3 className="font-display text-lg" id="av-month" aria-live="polite">
            {monthName(month)}
          </h3>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setMonth(addMonths(month, 1))}
            aria-label="Next month"
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </Button>
        </div>
        <div className="mt-2">
          <div className="grid grid-cols-7 text-center text-xs text-muted" aria-hidden>
            {WEEKDAYS.map((d) => (
              <span key={d} className="py-1">
                {WEEKDAY_LABELS[d].slice(0, 2)}
              </span>
            ))}
          </div>
          <div className="grid grid-cols-7 gap-1">
            {grid.days.map((date) => {
              const ex = byDate.get(date)?.e;
              const past = date < today;
              const isSelected = date === selected;
              const note = ex ? (ex.kind === 'blocked' ? ', blocked' : ', extra hours') : '';
              return (
                <button
                  key={date}
                  ref={(el) => {
                    if (el) dayRefs.current.set(date, el);
                    else dayRefs.current.delete(date);
                  }}
                  type="button"
                  disabled={past}
                  tabIndex={date === tabStop ? 0 : -1}
                  aria-pressed={isSelected}
                  aria-label={`${longDate(date)}${note}`}
                  onClick={() => select(date)}
                  style={date === grid.days[0] && grid.lead ? { gridColumnStart: grid.lead + 1 } : undefined}
                  onKeyDown={(e) => onDayKey(e, date)}
                  className={`relative aspect-square rounded-lg text-sm tabular-nums transition-colors disabled:text-muted/50 ${
                    isSelected
                      ? 'bg-ink text-ivory'
                      : ex?.kind === 'blocked'
                        ? 'bg-terracotta/10 text-terracotta line-through hover:bg-terracotta/20'
                        : ex
                          ? 'bg-sage/15 text-sage hover:bg-sage/25'
                          : 'hover:bg-sand'
                  } ${date === today ? 'font-semibold' : ''}`}
                >
                  {Number(date.slice(8))}
                  {ex ? (
                    <span
                      aria-hidden
                      className={`absolute bottom-1 left-1/2 h-1 w-1 -translate-x-1/2 rounded-full ${ex.kind === 'blocked' ? 'bg-terracotta' : 'bg-sage'} ${isSelected ? 'bg-ivory' : ''}`}
                    />
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <span aria-hidden className="h-2 w-2 rounded-full bg-terracotta" /> Blocked
          </span>
          <span className="inline-flex items-center gap-1">
            <span aria-hidden className="h-2 w-2 rounded-full bg-sage" /> Extra hours
          </span>
        </p>
      </div>

      <div className="min-w-0 space-y-5">
        <div className="rounded-xl border border-line p-3 sm:p-4" data-testid="selected-day">
          <h3 className="font-medium">{longDate(selected)}</h3>
          <p className="mt-0.5 text-sm text-muted">
            {usual.length ? `Usually ${rangesText(usual)}` : 'No weekly hours on this day'}
          </p>
          {chosen?.e.kind === 'blocked' ? (
            <p className="mt-3 text-sm">Blocked: nobody can book you on this day.</p>
          ) : null}
          {chosen?.e.kind === 'extra' ? (
            <div className="mt-3">
              <p className="mb-2 text-sm">Extra hours, on top of the usual ones:</p>
              <TimeRanges
                path={`exceptions.${chosen.i}.ranges`}
                owner={shortDate(selected)}
                ranges={chosen.e.ranges}
                onChange={(ranges) =>
                  ranges.length
                    ? onChange(withException(exceptions, { date: selected, kind: 'extra', ranges }))
                    : remove(selected)
                }
                errors={errors}
                addLabel="Add more hours"
              />
            </div>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {chosen?.e.kind !== 'blocked' ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onChange(withException(exceptions, { date: selected, kind: 'blocked' }))}
              >
                <Ban className="h-4 w-4" aria-hidden /> Block this day
              </Button>
            ) : null}
            {!chosen || chosen.e.kind === 'blocked' ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  onChange(
                    withException(exceptions, {
                      date: selected,
                      kind: 'extra',
                      ranges: [{ start: '18:00', end: '21:00' }],
                    }),
                  )
                }
              >
                <Plus className="h-4 w-4" aria-hidden /> Add extra hours
              </Button>
            ) : null}
            {chosen ? (
              <Button variant="ghost" size="sm" onClick={() => remove(selected)}>
                <Trash2 className="h-4 w-4" aria-hidden /> Back to usual hours
              </Button>
            ) : null}
          </div>
        </div>

        <div>
          <h3 className="text-sm font-medium">Your exceptions</h3>
          {exceptions.length ? (
            <ul
              className="mt-2 divide-y divide-line rounded-xl border border-line bg-white"
              aria-label="Your exceptions"
            >
              {exceptions.map((e, i) => (
                <li key={e.date} className="flex items-center gap-3 px-3 py-2">
                  <button
                    type="button"
                    onClick={() => select(e.date, true)}
                    className="min-w-0 flex-1 text-left text-sm hover:underline"
                  >
                    <span className="font-medium">{shortDate(e.date)}</span>
                    <span className="text-muted">
                      {' · '}
                      {e.kind === 'blocked' ? 'Blocked' : `Extra ${rangesText(e.ranges)}`}
                    </span>
                    {errorIn(i) ? <span className="block text-danger">Check these hours</span> : null}
                  </button>
                  <button
                    type="button"
                    onClick={() => remove(e.date)}
                    aria-label={`Remove the exception on ${longDate(e.date)}`}
                    className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink"
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-muted">None yet: every date follows your weekly hours.</p>
          )}
          {errors.exceptions ? (
            <p role="alert" className="mt-1.5 text-sm text-danger">
              {errors.exceptions}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

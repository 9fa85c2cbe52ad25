import { AVAILABILITY_LIMITS } from '@lokal/shared/constants/experiences';
import type { TimeRange } from '@lokal/shared/domain/slots';
import { Moon, Plus, X } from 'lucide-react';
import { nextRange } from '../availability-draft.ts';
import { endsNextDay } from '../format.ts';

const timeClass =
  'h-11 min-w-0 flex-1 sm:max-w-36 rounded-xl border border-line bg-white px-2.5 sm:px-3 text-base max-sm:[&::-webkit-calendar-picker-indicator]:hidden tabular-nums focus:border-gold-deep focus:outline-none focus-visible:ring-2 focus-visible:ring-gold/40 aria-invalid:border-danger';

type Props = {
  /** The ranges' path in the schema: 'weekly.mon' or 'exceptions.3.ranges'; also the start of their ids. */
  path: string;
  /** Who the ranges belong to, for labels: 'Monday', '3 July'. */
  owner: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  errors: Record<string, string>;
  /** The text of the add button. */
  addLabel?: string;
};

/**
 * A day's working ranges, start to end. An end at or before the start runs into the next day
 * (docs/product.md#availability), which the row says.
 */
export function TimeRanges({ path, owner, ranges, onChange, errors, addLabel = 'Add hours' }: Props) {
  const idOf = (i: number, part: string) => `av-${path.replace(/\./g, '-')}-${i}-${part}`;
  const full = ranges.length >= AVAILABILITY_LIMITS.rangesPerDay;
  const listError = errors[path];
  const setAt = (i: number, patch: Partial<TimeRange>) =>
    onChange(ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="min-w-0">
      {ranges.length ? (
        <ul className="space-y-2">
          {ranges.map((r, i) => {
            const startError = errors[`${path}.${i}.start`];
            const endError = errors[`${path}.${i}.end`];
            const overnight = !endError && endsNextDay(r);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a range is known by its place in the day
              <li key={i}>
                <div className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={idOf(i, 'start')}>
                    {owner}, range {i + 1}, from
                  </label>
                  <input
                    id={idOf(i, 'start')}
                    type="time"
                    step={900}
                    value={r.start}
                    onChange={(e) => setAt(i, { start: e.target.value })}
                    aria-invalid={startError ? true : undefined}
                    aria-describedby={startError ? `${idOf(i, 'start')}-error` : undefined}
                    className={timeClass}
                  />
                  <span aria-hidden className="text-muted">
                    –
                  </span>
                  <label className="sr-only" htmlFor={idOf(i, 'end')}>
                    {owner}, range {i + 1}, until
                  </label>
                  <input
                    id={idOf(i, 'end')}
                    type="time"
                    step={900}
                    value={r.end}
                    onChange={(e) => setAt(i, { end: e.target.value })}
                    aria-invalid={endError ? true : undefined}
                    aria-describedby={
                      endError ? `${idOf(i, 'end')}-error` : overnight ? `${idOf(i, 'next')}` : undefined
                    }
                    className={timeClass}
                  />
                  <button
                    type="button"
                    onClick={() => onChange(ranges.filter((_, j) => j !== i))}
                    aria-label={`Remove ${owner} ${r.start}–${r.end}`}
                    className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </div>
                {overnight ? (
                  <p
                    id={`${idOf(i, 'next')}`}
                    className="mt-1 inline-flex items-center gap-1 rounded-full bg-ink/5 px-2 py-0.5 text-xs text-ink"
                  >
                    <Moon className="h-3.5 w-3.5" aria-hidden />
                    until {r.end} the next day
                  </p>
                ) : null}
                {startError ? (
                  <p id={`${idOf(i, 'start')}-error`} role="alert" className="mt-1 text-sm text-danger">
                    {startError}
                  </p>
                ) : null}
                {endError ? (
                  <p id={`${idOf(i, 'end')}-error`} role="alert" className="mt-1 text-sm text-danger">
                    {endError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {full ? null : (
        <button
          type="button"
          onClick={() => onChange([...ranges, nextRange(ranges)])}
          aria-label={`${addLabel}, ${owner}`}
          className={`inline-flex h-9 items-center gap-1.5 rounded-full border border-ink/20 px-3 text-sm hover:bg-sand ${ranges.length ? 'mt-2' : ''}`}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {addLabel}
        </button>
      )}
      {listError ? (
        <p role="alert" className="mt-1 text-sm text-danger">
          {listError}
        </p>
      ) : null}
    </div>
  );
}

import { CURRENCY_SYMBOLS } from '@lokal/shared/constants/currency';
import { SEARCH_SORTS } from '@lokal/shared/constants/discovery';
import { EXPERIENCE_CATEGORIES, EXPERIENCE_LIMITS } from '@lokal/shared/constants/experiences';
import { LANGUAGES } from '@lokal/shared/constants/onboarding';
import { CITY_ZONES } from '@lokal/shared/domain/time-zone';
import type { GuideSearchFilters, GuideSort } from '@lokal/shared/schemas/discovery';
import { SlidersHorizontal } from 'lucide-react';
import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { useMediaQuery } from '../../../lib/media-query.ts';
import { countFilters } from '../search-filters.ts';

// The tourist home's filter bar (docs/product.md#finding-a-guide): inline from the small-tablet width up, a
// "Filters" sheet on phones. Every change goes straight to the URL through onChange; typed fields wait until
// the typing pauses, so a search is not sent per keystroke.

const SORT_LABELS: Record<GuideSort, string> = {
  recommended: 'Recommended',
  rating: 'Top rated',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  best_match: 'Best match',
};
const PARTY_SIZES = Array.from({ length: EXPERIENCE_LIMITS.groupMax }, (_, i) => i + 1);
const SPOKEN = LANGUAGES.filter((l) => l !== 'Other');
// The cities Lokal knows the time of, spelled for people: suggestions only, any city may be typed.
const CITIES = [...new Set(Object.keys(CITY_ZONES).filter((c) => c !== 'sao paulo'))]
  .map((c) => c.replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase()))
  .sort();
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Props = {
  filters: GuideSearchFilters;
  /** The tourist's currency: prices are typed in it. */
  currency: string;
  onChange: (next: GuideSearchFilters) => void;
  onClear: () => void;
  /** The order when none is chosen: "Best match" for a traveller who took the quiz (docs/product.md#match-score). */
  defaultSort?: GuideSort;
};

const labelClass = 'mb-1 block text-xs font-medium uppercase tracking-wide text-muted';
const compact = `${inputClass} h-11 px-3 text-[0.95rem]`;

/** A text input that reports its value once typing pauses (or on Enter / leaving it) and follows the URL. */
function TypedInput({
  value,
  onCommit,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  // Back, forward or "Clear filters" changed the URL: show what it says.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);
  const commit = (v: string) => {
    if (v === committed.current) return;
    committed.current = v;
    onCommit(v);
  };
  useEffect(() => {
    const t = setTimeout(() => commit(draft), 600);
    return () => clearTimeout(t);
  });
  return (
    <input
      {...props}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => commit(draft)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(draft);
      }}
    />
  );
}

function FilterFields({
  filters,
  currency,
  onChange,
  idPrefix,
  stacked,
  defaultSort,
}: Omit<Props, 'onClear'> & { idPrefix: string; stacked: boolean }) {
  const set = (patch: Partial<GuideSearchFilters>) => onChange({ ...filters, ...patch });
  const id = (name: string) => `${idPrefix}-${name}`;
  const priceCurrency = (filters.currency ?? currency) as NonNullable<GuideSearchFilters['currency']>;
  const symbol = CURRENCY_SYMBOLS[priceCurrency] ?? `${priceCurrency} `;
  const setPrice = (key: 'minPrice' | 'maxPrice', raw: string) => {
    const n = raw.trim() === '' ? undefined : Math.max(0, Math.floor(Number(raw)));
    const next = { ...filters, [key]: Number.isFinite(n) ? n : undefined };
    // The price is in the currency it was typed in; without one, the currency goes too.
    next.currency = next.minPrice === undefined && next.maxPrice === undefined ? undefined : priceCurrency;
    onChange(next);
  };
  const now = Date.now();
  return (
    <div className={stacked ? 'mt-5 grid gap-4' : 'grid grid-cols-3 gap-x-3 gap-y-4 lg:grid-cols-4'}>
      <div>
        <label htmlFor={id('city')} className={labelClass}>
          City
        </label>
        <TypedInput
          id={id('city')}
          type="text"
          list={id('cities')}
          autoComplete="off"
          placeholder="Any city"
          value={filters.city ?? ''}
          onCommit={(v) => set({ city: v.trim() || undefined })}
          className={compact}
        />
        <datalist id={id('cities')}>
          {CITIES.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor={id('date')} className={labelClass}>
          Available on
        </label>
        <input
          id={id('date')}
          type="date"
          min={isoDay(now)}
          max={isoDay(now + 365 * DAY_MS)}
          value={filters.date ?? ''}
          onChange={(e) => set({ date: e.target.value || undefined })}
          className={compact}
        />
      </div>
      <div>
        <label htmlFor={id('party')} className={labelClass}>
          Guests
        </label>
        <select
          id={id('party')}
          value={filters.party ?? ''}
          onChange={(e) => set({ party: e.target.value ? Number(e.target.value) : undefined })}
          className={compact}
        >
          <option value="">Any</option>
          {PARTY_SIZES.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'guest' : 'guests'}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id('type')} className={labelClass}>
          Experience
        </label>
        <select
          id={id('type')}
          value={filters.type ?? ''}
          onChange={(e) => set({ type: (e.target.value || undefined) as GuideSearchFilters['type'] })}
          className={compact}
        >
          <option value="">Any experience</option>
          {EXPERIENCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id('language')} className={labelClass}>
          Language
        </label>
        <select
          id={id('language')}
          value={filters.language ?? ''}
          onChange={(e) => set({ language: e.target.value || undefined })}
          className={compact}
        >
          <option value="">Any language</option>
          {SPOKEN.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="min-w-0 border-0 p-0">
        <legend className={labelClass}>Price per person ({symbol.trim()})</legend>
        <div className="flex items-center gap-1.5">
          <label htmlFor={id('min-price')} className="sr-only">
            Min price per person
          </label>
          <TypedInput
            id={id('min-price')}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="Min"
            value={filters.minPrice === undefined ? '' : String(filters.minPrice)}
            onCommit={(v) => setPrice('minPrice', v)}
            className={`${compact} min-w-0`}
          />
          <span aria-hidden className="text-muted">
            –
          </span>
          <label htmlFor={id('max-price')} className="sr-only">
            Max price per person
          </label>
          <TypedInput
            id={id('max-price')}
            type="number"
            inputMode="numeric"
            min={0}
            placeholder="Max"
            value={filters.maxPrice === undefined ? '' : String(filters.maxPrice)}
            onCommit={(v) => setPrice('maxPrice', v)}
            className={`${compact} min-w-0`}
          />
        </div>
      </fieldset>
      {stacked ? null : (
        <SortSelect id={id('sort')} filters={filters} onChange={onChange} defaultSort={defaultSort} />
      )}
    </div>
  );
}

function SortSelect({
  id,
  filters,
  onChange,
  defaultSort = 'recommended',
  className = '',
}: Pick<Props, 'filters' | 'onChange' | 'defaultSort'> & { id: string; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        Sort by
      </label>
      <select
        id={id}
        value={filters.sort ?? defaultSort}
        onChange={(e) => {
          const sort = e.target.value as GuideSort;
          onChange({ ...filters, sort: sort === defaultSort ? undefined : sort });
        }}
        className={compact}
      >
        {SEARCH_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function GuideFilters({ filters, currency, onChange, onClear, defaultSort }: Props) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const count = countFilters(filters);
  // The wide panel only where it shows: hidden on a phone, its date field alone would wake the browser's
  // date formatting (40–150 ms of main thread) on every load of the home (decision 042).
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <section aria-label="Filters" className="mt-5">
      {wide ? (
        <div className="hidden rounded-card border border-line bg-white p-4 sm:block">
          <FilterFields
            filters={filters}
            currency={currency}
            onChange={onChange}
            idPrefix="filter"
            stacked={false}
            defaultSort={defaultSort}
          />
        </div>
      ) : null}
      <div className="flex items-end gap-3 sm:hidden">
        <Button
          variant="outline"
          className="h-11 shrink-0"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          Filters
          {count ? (
            <span className="rounded-full bg-ink px-2 text-xs leading-5 text-ivory">
              {count}
              <span className="sr-only"> set</span>
            </span>
          ) : null}
        </Button>
        <SortSelect
          id="phone-sort"
          filters={filters}
          onChange={onChange}
          defaultSort={defaultSort}
          className="min-w-0 flex-1"
        />
      </div>
      <Dialog open={sheetOpen} onOpenChange={setSheetOpen} title="Filters">
        <FilterFields filters={filters} currency={currency} onChange={onChange} idPrefix="sheet" stacked />
        <div className="mt-6 flex gap-3">
          <Button variant="outline" className="flex-1" onClick={onClear} disabled={count === 0}>
            Clear filters
          </Button>
          <Button className="flex-1" onClick={() => setSheetOpen(false)}>
            Show guides
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

import { formatMoney } from '@lokal/shared/domain/discovery';
import type { GuideSearchFilters } from '@lokal/shared/schemas/discovery';

// The tourist home's filters as the screen reads and writes them (docs/product.md#finding-a-guide): the URL is
// the one place they live, so a search can be shared, survives a reload and follows back and forward.

/** The filters set in the bar and the sheet (the chips, the search box and the sort are counted apart). */
export const PANEL_FILTERS = ['city', 'date', 'party', 'type', 'language', 'minPrice', 'maxPrice'] as const;

/** The URL search of `filters`, keeping the params that are not filters (the layout). */
export function withFilters(params: URLSearchParams, filters: GuideSearchFilters): URLSearchParams {
  const next = new URLSearchParams();
  const view = params.get('view');
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== null && v !== '') next.set(k, String(v));
  }
  if (view) next.set('view', view);
  return next;
}

/** How many of the bar's filters are set (the phone's "Filters" button shows it). */
export function countFilters(filters: GuideSearchFilters): number {
  const set = PANEL_FILTERS.filter((k) => filters[k] !== undefined);
  // A price range is one filter.
  return set.length - (set.includes('minPrice') && set.includes('maxPrice') ? 1 : 0);
}

/** 'Tue 8 Dec' for a calendar date, read as that date wherever the viewer is. */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
}

/** The filters in words for the empty state: 'in Lisbon, on Tue 8 Dec, for 3 people'. */
export function describeFilters(f: GuideSearchFilters, currency: string): string {
  const parts: string[] = [];
  if (f.q) parts.push(`“${f.q}”`);
  if (f.category) parts.push(f.category);
  if (f.city) parts.push(`in ${f.city}`);
  if (f.date) parts.push(`on ${dayLabel(f.date)}`);
  if (f.party) parts.push(`for ${f.party} ${f.party === 1 ? 'person' : 'people'}`);
  if (f.type) parts.push(`offering ${f.type}`);
  if (f.language) parts.push(`in ${f.language}`);
  const money = (n: number) => formatMoney(n, f.currency ?? currency);
  if (f.minPrice !== undefined && f.maxPrice !== undefined)
    parts.push(`at ${money(f.minPrice)}–${money(f.maxPrice)} per person`);
  else if (f.minPrice !== undefined) parts.push(`from ${money(f.minPrice)} per person`);
  else if (f.maxPrice !== undefined) parts.push(`up to ${money(f.maxPrice)} per person`);
  return parts.join(', ');
}

/**
 * What an empty search says, by what was set (docs/product.md#finding-a-guide): it names what to change and
 * never blames filters nobody set. `action` is the clear button's label and `clears` what it empties: the
 * search box alone when only a search was typed, everything otherwise; both null when nothing was set.
 */
export function emptySearchWords(
  f: GuideSearchFilters,
  currency: string,
): { title: string; body: string; action: string | null; clears: 'search' | 'all' | null } {
  const query = f.q?.trim() ?? '';
  const filters = countFilters(f) + (f.category ? 1 : 0);
  const { q: _q, ...rest } = f;
  if (query && filters > 0) {
    return {
      title: `No guides match “${query}” with these filters`,
      body: `Nobody matches ${describeFilters(f, currency)}. Try a shorter search, or remove a filter.`,
      action: 'Clear search and filters',
      clears: 'all',
    };
  }
  if (query) {
    return {
      title: `No guides found for “${query}”`,
      body: 'Check the spelling, or search for a name, a city or an interest such as “food”.',
      action: 'Clear search',
      clears: 'search',
    };
  }
  if (filters > 0) {
    return {
      title: 'No guides match these filters',
      body: `Nobody matches ${describeFilters(rest, currency)}. Remove a filter or try another day.`,
      action: 'Clear filters',
      clears: 'all',
    };
  }
  return {
    title: 'No guides yet',
    body: 'Guides appear here once they are verified.',
    action: null,
    clears: null,
  };
}

import { describe, expect, it } from 'vitest';
import { countFilters, describeFilters, emptySearchWords, withFilters } from './search-filters.ts';

describe('the tourist home filters', () => {
  it('write the URL from the filters and keep the layout', () => {
    const next = withFilters(new URLSearchParams('view=list&city=Rome'), { city: 'Lisbon', party: 3 });
    expect(next.toString()).toBe('city=Lisbon&party=3&view=list');
  });

  it('count a price range once', () => {
    expect(countFilters({})).toBe(0);
    expect(countFilters({ city: 'Lisbon', minPrice: 10, maxPrice: 90, q: 'art' })).toBe(2);
  });

  it('say what matched nothing', () => {
    expect(describeFilters({ city: 'Lisbon', date: '2026-12-08', party: 3 }, 'USD')).toBe(
      'in Lisbon, on Tue 8 Dec, for 3 people',
    );
    expect(describeFilters({ maxPrice: 80, currency: 'EUR', type: 'Food & Dining' }, 'USD')).toBe(
      'offering Food & Dining, up to €80 per person',
    );
  });
});

describe('an empty search', () => {
  it('says what to change for a search alone, filters alone, both, or nothing set', () => {
    expect(emptySearchWords({ q: 'lucianna' }, 'USD')).toEqual({
      title: 'No guides found for “lucianna”',
      body: 'Check the spelling, or search for a name, a city or an interest such as “food”.',
      action: 'Clear search',
      clears: 'search',
    });
    const filters = emptySearchWords({ city: 'Lisbon', party: 3 }, 'USD');
    expect(filters.title).toBe('No guides match these filters');
    expect(filters.body).toBe('Nobody matches in Lisbon, for 3 people. Remove a filter or try another day.');
    expect(filters.action).toBe('Clear filters');
    expect(filters.clears).toBe('all');
    const both = emptySearchWords({ q: 'fado', category: 'Nightlife' }, 'USD');
    expect(both.title).toBe('No guides match “fado” with these filters');
    expect(both.action).toBe('Clear search and filters');
    expect(both.clears).toBe('all');
    expect(emptySearchWords({}, 'USD')).toEqual({
      title: 'No guides yet',
      body: 'Guides appear here once they are verified.',
      action: null,
      clears: null,
    });
  });
});

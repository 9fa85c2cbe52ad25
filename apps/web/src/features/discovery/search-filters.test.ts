import { describe, expect, it } from 'vitest';
import { countFilters, describeFilters, withFilters } from './search-filters.ts';

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

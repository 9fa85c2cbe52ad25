import { describe, expect, it } from 'vitest';
import type { StatusUser } from '../schemas/auth.ts';
import { apiUrl } from './api-url.ts';
import { pageExtras, screenReads, touristHomeSearch } from './first-reads.ts';

const tourist = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  role: 'tourist',
  userType: 'tourist',
  onboardingCompleted: true,
} as StatusUser;

describe('apiUrl', () => {
  it('drops unset values and keeps the order given', () => {
    expect(
      apiUrl('/guides/search', { q: undefined, category: 'Art & Design', cursor: null, limit: 12 }),
    ).toBe('/api/guides/search?category=Art+%26+Design&limit=12');
    expect(apiUrl('/favorites', { q: '' })).toBe('/api/favorites');
  });
});

describe('screenReads', () => {
  const search = (s: string) => new URLSearchParams(s);

  it("names the tourist home's search as its URL describes it, with favorites and unread", () => {
    expect(screenReads('/tourist/home', search('q=%20sofia%20&category=All'), tourist)).toEqual([
      '/api/guides/search?q=sofia&limit=12',
      '/api/favorites/ids',
      '/api/chat/unread',
      '/api/tourists/travel-style',
    ]);
  });

  it('names nothing for a visitor, the other role, a tourist still onboarding, or an open page', () => {
    expect(screenReads('/tourist/home', search(''), null)).toEqual([]);
    expect(
      screenReads('/tourist/home', search(''), { ...tourist, role: 'guide', userType: 'guide' }),
    ).toEqual([]);
    expect(screenReads('/tourist/home', search(''), { ...tourist, onboardingCompleted: false })).toEqual([]);
    expect(screenReads('/tourist/signup', search(''), tourist)).toEqual([]);
  });

  it('reads the filters the way the screen does, dropping what the search would refuse', () => {
    expect(touristHomeSearch(search('category=All'))).toEqual({});
    expect(touristHomeSearch(search('q=%20%20&category=Nightlife'))).toEqual({ category: 'Nightlife' });
    expect(
      touristHomeSearch(
        search('sort=rating&party=3&date=2026-12-24&city=Lisbon&maxPrice=90&currency=EUR&view=list'),
      ),
    ).toEqual({
      city: 'Lisbon',
      date: '2026-12-24',
      party: 3,
      maxPrice: 90,
      currency: 'EUR',
      sort: 'rating',
    });
    // Stale or hand-edited values fall away instead of failing the whole search.
    expect(
      touristHomeSearch(search('party=0&date=2026-02-30&type=Bowling&sort=random&currency=EUR')),
    ).toEqual({});
    // A chosen order stays, "recommended" too: without one a quiz-taker's default is "Best match".
    expect(touristHomeSearch(search('sort=recommended'))).toEqual({ sort: 'recommended' });
    expect(touristHomeSearch(search('sort=best_match'))).toEqual({ sort: 'best_match' });
    // The order is fixed, so the page's first answer and the screen's request spell the same address.
    expect(Object.keys(touristHomeSearch(search('sort=price_asc&city=Rome&q=art')))).toEqual([
      'q',
      'city',
      'sort',
    ]);
  });
});

describe('pageExtras', () => {
  const id = '00000000-0000-4000-8000-00000000000a';
  it("reads a member's guide page with its first reviews, and the hearts for one who may save the guide", () => {
    const guide = (details: object | null) => ({ preview: { id }, details });
    expect(pageExtras('/guides/ana', guide({ canMessage: true }))).toEqual([
      `/api/profiles/guide/${id}/reviews?limit=5`,
      '/api/favorites/ids',
    ]);
    expect(pageExtras('/guides/ana', guide({ canMessage: false }))).toEqual([
      `/api/profiles/guide/${id}/reviews?limit=5`,
    ]);
    // Signed out: the preview only, nothing beside it.
    expect(pageExtras('/guides/ana', guide(null))).toEqual([]);
  });

  it("reads an experience's first reviews for a member only, and nothing for other pages or answers", () => {
    expect(pageExtras(`/experiences/${id}`, { preview: {}, experience: { id } })).toEqual([
      `/api/experiences/${id}/reviews?limit=5`,
    ]);
    expect(pageExtras(`/experiences/${id}`, { preview: {}, experience: null })).toEqual([]);
    expect(pageExtras('/tourist/home', { preview: { id }, details: {} })).toEqual([]);
    expect(pageExtras('/guides/ana', undefined)).toEqual([]);
  });
});

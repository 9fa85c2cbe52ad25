import { trackRecord } from '@lokal/shared/domain/track-record';
import type { ProfileCard as Card } from '@lokal/shared/schemas/showcase';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileCard } from './profile-card.tsx';

// The landing's guide card writes the one track record (docs/product.md#track-record): no stored default.
const now = new Date('2026-12-01T12:00:00Z');
const guide = (over: { reviews: number; rating: number; toursCompleted: number }): Card => ({
  id: 'g1',
  slug: 'aoi-kobayashi',
  name: 'Aoi Kobayashi',
  age: 29,
  location: 'Tokyo, Japan',
  profession: 'DJ',
  bio: 'House parties in a Tokyo flat.',
  image: '/api/avatars/aoi.svg',
  rating: over.rating,
  tags: ['Nightlife'],
  type: 'guide',
  track: trackRecord(
    {
      city: 'Tokyo',
      country: 'Japan',
      prices: [15000],
      currency: 'JPY',
      experiences: 1,
      replies: [],
      ...over,
    },
    now,
  ),
});
const text = (card: Card) =>
  renderToStaticMarkup(<ProfileCard card={card} onOpen={() => {}} />).replace(/<[^>]+>/g, ' ');

describe('the landing’s guide card', () => {
  it('says "New on Lokal" for a new guide: no rating of 0, no tour count, no reply time', () => {
    const shown = text(guide({ reviews: 0, rating: 0, toursCompleted: 0 }));
    expect(shown).toContain('New on Lokal');
    expect(shown).toContain('From ¥15,000');
    expect(shown).not.toMatch(/0\.0|\btours?\b|Replies within/);
  });

  it('counts one review and one tour in the singular', () => {
    const shown = text(guide({ reviews: 1, rating: 5, toursCompleted: 1 }));
    expect(shown).toContain('1 review');
    expect(shown).not.toContain('1 reviews');
    expect(shown).toContain('1 tour');
    expect(shown).not.toContain('1 tours');
    expect(shown).not.toContain('New on Lokal');
  });

  it('names the member with their age, or alone when the age is not known', () => {
    const known = text(guide({ reviews: 1, rating: 5, toursCompleted: 1 }));
    expect(known).toMatch(/Aoi Kobayashi,\s*29/);
    const unknown = text({ ...guide({ reviews: 1, rating: 5, toursCompleted: 1 }), age: null });
    expect(unknown).toContain('Aoi Kobayashi');
    expect(unknown).not.toMatch(/Aoi Kobayashi\s*,/);
  });
});

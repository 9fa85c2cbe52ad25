import { type GuideSide, matchScore, type TravellerSide } from '@lokal/shared/domain/match';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGuideSides, type GuideEntry, type MatchCursor, rankBestMatch } from './guide-sides.ts';
import type { GuideSideRow } from './repository.ts';

// The one "Best match" engine against brute force (docs/decisions/037-best-match.md): over random guides and
// travellers, paging with the cursor gives exactly the order of sorting every listed guide by matchScore()'s
// score before rounding (then the id), each guide once, with matchScore()'s very match.

const WORDS = ['Food & Dining', 'nightlife', 'Pub Crawls', 'history', ' Wine ', 'surfing', 'Art & Culture'];
const LANGUAGES = ['English', 'Portuguese', 'french', 'German'];
const CITIES = ['Lisbon', 'Porto', 'lisbon', ''];
const scale = fc.integer({ min: 1, max: 5 });
const temperament = fc.record({
  music: fc.record({ rap: scale, techno: scale, rock: scale }),
  drinks: fc.boolean(),
  cannabisComfort: scale,
  politicalJokes: scale,
  animeKdrama: fc.constantFrom('yes' as const, 'sometimes' as const, 'no' as const),
});
const hexId = fc
  .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 8, maxLength: 8 })
  .map((d) => `${d.join('')}-0000-4000-8000-000000000000`);

const guideSide: fc.Arbitrary<GuideSide> = fc.record({
  city: fc.constantFrom(...CITIES),
  languages: fc.subarray(LANGUAGES),
  offers: fc.subarray(WORDS).map((w) => w.map((x) => x.trim().toLowerCase())),
  fromUsd: fc.option(fc.integer({ min: 10, max: 300 }), { nil: null }),
  temperament: fc.option(temperament, { nil: null }),
  hidden: fc.boolean(),
  hours: fc.constant(null),
  groups: fc.constantFrom([], [{ min: 1, max: 4 }], [{ min: 2, max: 10 }]),
});
const guides = fc.uniqueArray(
  fc
    .record({ id: hexId, listed: fc.boolean(), side: guideSide })
    .map((g): GuideEntry => ({ ...g, version: '1' })),
  { selector: (g) => g.id, maxLength: 80 },
);
const traveller: fc.Arbitrary<TravellerSide> = fc.record({
  city: fc.constantFrom(...CITIES),
  languages: fc.subarray(LANGUAGES),
  wants: fc.subarray(WORDS),
  budgetMaxUsd: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  quiz: fc.option(
    temperament.chain((t) => scale.map((pace) => ({ ...t, pace }))),
    { nil: null },
  ),
  trip: fc.constant(null),
  party: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
});

/** Brute force: every listed, visible guide scored by matchScore(), sorted by the score before rounding, then id. */
function bruteForce(t: TravellerSide, all: GuideEntry[]) {
  return all
    .filter((g) => g.listed)
    .flatMap((g) => {
      const match = matchScore(t, g.side);
      return match ? [{ id: g.id, match }] : [];
    })
    .sort((a, b) => b.match.exact - a.match.exact || (a.id < b.id ? -1 : 1));
}

/** Every page of the engine, following the cursor as the search does (through JSON, as the cursor travels). */
function walk(t: TravellerSide, all: GuideEntry[], limit: number) {
  const out: ReturnType<typeof rankBestMatch> = [];
  let cursor: MatchCursor | null = null;
  for (let pages = 0; pages <= all.length + 1; pages++) {
    const page = rankBestMatch(t, all, limit + 1, cursor);
    out.push(...page.slice(0, limit));
    if (page.length <= limit) return out;
    const last = page[limit - 1]!;
    cursor = JSON.parse(JSON.stringify({ m: last.match.exact, id: last.id }));
  }
  throw new Error('the pages never ended');
}

describe('rankBestMatch', () => {
  it('pages through exactly the brute-force order of matchScore(), with its matches', () => {
    fc.assert(
      fc.property(guides, traveller, fc.integer({ min: 1, max: 9 }), (all, t, limit) => {
        expect(walk(t, all, limit)).toEqual(bruteForce(t, all));
      }),
      { numRuns: 300 },
    );
  });

  it('orders guides of one rounded score by the score before rounding, then the id', () => {
    const side: GuideSide = {
      city: 'Lisbon',
      languages: ['English'],
      offers: [],
      fromUsd: null,
      temperament: null,
      hidden: false,
      hours: null,
      groups: [],
    };
    const t: TravellerSide = {
      city: 'Lisbon',
      languages: ['English'],
      wants: [],
      budgetMaxUsd: null,
      quiz: null,
      trip: null,
      party: null,
    };
    const entries = ['c', 'a', 'b'].map((id) => ({
      id,
      listed: true,
      side,
      version: '1',
    }));
    expect(rankBestMatch(t, entries, 10, null).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('createGuideSides', () => {
  const row = (id: string, city: string, listed = true): GuideSideRow => ({
    id,
    listed,
    city,
    languages: ['English'],
    specialties: ['Wine'],
    tourCount: 1,
    priceMin: 40,
    hideProfile: false,
    assessment: null,
    publishedCategories: [],
    groups: [],
    weekly: null,
    exceptions: [],
    version: `${city}/${listed}`,
  });

  it('loads every guide, then reads back each guide the database names', async () => {
    const db = new Map([
      ['a', row('a', 'Lisbon')],
      ['b', row('b', 'Porto')],
    ]);
    let notify: (id: string) => void = () => undefined;
    const sides = createGuideSides({
      load: async (ids) => (ids ? ids.flatMap((id) => (db.has(id) ? [db.get(id)!] : [])) : [...db.values()]),
      listen: async (_channel, listener) => {
        notify = listener;
      },
      log: { error: () => undefined },
    });
    await sides.ready();
    expect([...sides.all()].map((e) => e.id).sort()).toEqual(['a', 'b']);
    db.set('b', row('b', 'Lisbon', false));
    db.delete('a');
    notify('a');
    notify('b');
    await sides.ready();
    expect(sides.entry('a')).toBeUndefined();
    expect(sides.entry('b')).toMatchObject({ listed: false });
    // A row of another version than the one held (its notification not arrived yet) is read back first.
    db.set('c', row('c', 'Porto'));
    await sides.current([{ userId: 'c', version: 'Porto/true' }]);
    expect(sides.entry('c')?.side.offers).toEqual(['wine']);
    await sides.close();
  });
});

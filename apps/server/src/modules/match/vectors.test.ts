import { type TravellerSide, travellerSideOf } from '@lokal/shared/domain/match';
import { describe, expect, it } from 'vitest';
import { createVectorTable, type GuideVector, type Scored } from './vectors.ts';

// A page stops reading a list at the first guide that can no longer enter it (lists kept in id order, each offer
// set's peak). Whatever the guides and however they changed, paging with the cursor must give exactly the order
// of scoring every guide (a page as large as the table reads them all), each guide once.

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

const CITIES = ['lisbon', 'porto', 'paris'];
const LANGUAGES = [['english'], ['portuguese'], ['english', 'french'], ['german']];
const OFFERS = ['food & dining', 'nightlife', 'history', 'wine', 'surfing', 'hidden bars'];

/** Each guide row read gets a version of its own, as a row's xmin differs from one write to the next. */
let versions = 0;

/**
 * A random guide. Few values per answer, so that many guides tie; `varied`: every answer and pace, more
 * unassessed guides and small offer sets (three offers of many), so a page passes over more of them.
 */
function guide(next: () => number, id: string, varied = false): GuideVector {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const city = pick(CITIES);
  const assessed = next() < (varied ? 0.6 : 0.8);
  const answer = () => (assessed ? (varied ? pick([1, 2, 3, 4, 5]) : pick([1, 3, 5])) : null);
  const offers = varied ? [...OFFERS, 'museums', 'techno', 'markets', 'sailing'] : OFFERS;
  return {
    id,
    cityKey: city,
    matchCity: city,
    matchLanguages: pick(LANGUAGES),
    matchOffers: [...new Set([pick(offers), pick(offers), ...(varied ? [pick(offers)] : [])])],
    matchFromUsd: next() < 0.15 ? null : pick([40, 80, 100, 150, 250]),
    matchRap: answer(),
    matchTechno: answer(),
    matchRock: answer(),
    matchDrinks: assessed ? next() < 0.5 : null,
    matchCannabis: answer(),
    matchJokes: answer(),
    matchAnime: answer(),
    matchPace: varied ? 1 + Math.floor(next() * 17) / 4 : pick([2, 3, 4]),
    version: String(++versions),
  };
}

const uuid = (next: () => number) =>
  Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
    .join('')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');

const TRAVELLERS: [string, TravellerSide][] = [
  [
    'with the quiz',
    travellerSideOf({
      city: 'Lisbon',
      languages: ['English'],
      interests: ['Food & Dining', 'Wine'],
      lookingFor: ['Nightlife'],
      budgetMaxUsd: 100,
      travelStyle: {
        languages: ['English'],
        experiences: ['Hidden bars'],
        musicPreference: { rap: 2, techno: 5, rock: 3 },
        drinks: true,
        cannabisComfort: 2,
        politicalJokes: 4,
        animeKdrama: 'no',
        pace: 4,
      },
    }),
  ],
  [
    'from the profile',
    travellerSideOf({
      city: 'Porto',
      languages: ['Portuguese', 'French'],
      interests: ['History'],
      lookingFor: [],
      budgetMaxUsd: 90,
      travelStyle: null,
    }),
  ],
  [
    'with nothing to tell guides apart (every guide of a city ties)',
    travellerSideOf({
      city: 'Paris',
      languages: [],
      interests: [],
      lookingFor: [],
      budgetMaxUsd: null,
      travelStyle: null,
    }),
  ],
];

/** Travellers with the quiz whose answers vary: each page's bound starts from another traveller's answers. */
const QUIZ_TRAVELLERS: [string, TravellerSide][] = (() => {
  const next = random(23);
  const scale = () => 1 + Math.floor(next() * 5);
  return Array.from({ length: 10 }, (_, i): [string, TravellerSide] => [
    `with quiz answers of their own (${i + 1})`,
    travellerSideOf({
      city: ['Lisbon', 'Porto', 'Paris'][i % 3]!,
      languages: [['English'], ['German'], ['Portuguese', 'French']][i % 3]!,
      interests: i % 2 ? ['Wine', 'Surfing'] : ['History'],
      lookingFor: i % 4 ? ['Nightlife'] : [],
      budgetMaxUsd: [null, 60, 120, 300][i % 4]!,
      travelStyle: {
        languages: [],
        experiences: i % 3 ? ['Hidden bars'] : [],
        musicPreference: { rap: scale(), techno: scale(), rock: scale() },
        drinks: next() < 0.5,
        cannabisComfort: scale(),
        politicalJokes: scale(),
        animeKdrama: (['yes', 'sometimes', 'no'] as const)[i % 3]!,
        pace: scale(),
      },
    }),
  ]);
})();

/** Every page after the first, by the cursor of the last row. */
function walk(table: ReturnType<typeof createVectorTable>, t: TravellerSide, limit: number): Scored[] {
  const out: Scored[] = [];
  let cursor: { m: number; id: string } | null = null;
  for (let pages = 0; pages < 10_000; pages++) {
    const page = table.page(t, limit, cursor);
    out.push(...page);
    if (page.length < limit) return out;
    const [id, m] = page[page.length - 1]!;
    cursor = { m, id };
  }
  throw new Error('the walk did not end');
}

describe('the table of listed guides', () => {
  it.each([
    ['answers of three values', false],
    ['every answer, small groups', true],
  ])(
    'pages in the order of scoring every guide, before and after guides change, leave and arrive (%s)',
    (_, varied) => {
      const next = random(7);
      const table = createVectorTable();
      const ids: string[] = [];
      for (let i = 0; i < 800; i++) {
        const id = uuid(next);
        ids.push(id);
        table.put(guide(next, id, varied));
      }
      const check = (when: string) => {
        for (const [name, t] of [...TRAVELLERS, ...QUIZ_TRAVELLERS]) {
          const all = table.page(t, table.size + 1, null);
          expect(all).toHaveLength(table.size);
          for (const limit of [2, 7, 20]) {
            expect(walk(table, t, limit), `${when}, ${name}, pages of ${limit}`).toEqual(all);
          }
        }
      };
      check('after the load');
      // Changes after the lists were read in id order: each keeps its list in order.
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 150; i++) {
          const at = Math.floor(next() * ids.length);
          const roll = next();
          if (roll < 0.5) table.put(guide(next, ids[at]!, varied));
          else if (roll < 0.75) {
            table.remove(ids[at]!);
            ids.splice(at, 1);
          } else {
            const id = uuid(next);
            ids.push(id);
            table.put(guide(next, id, varied));
          }
        }
        expect(table.size).toBe(ids.length);
        check(`after changes, round ${round + 1}`);
      }
      // A ceiling for a busy machine: about a second when the machine is quiet.
    },
    60_000,
  );

  it('gives back the side it holds and the version it read, and follows a guide put again or gone', () => {
    const next = random(11);
    const table = createVectorTable();
    const sorted = (v: ReturnType<typeof table.vector>) =>
      v && { ...v, matchLanguages: [...v.matchLanguages].sort(), matchOffers: [...v.matchOffers].sort() };
    const side = ({ id: _id, version: _version, ...rest }: GuideVector) => sorted(rest);
    const row: GuideVector = {
      ...guide(next, uuid(next)),
      matchLanguages: ['french', 'english'],
      matchOffers: ['wine', 'history'],
      matchRap: 5,
      matchTechno: 1,
      matchRock: 3,
      matchDrinks: true,
      matchCannabis: 2,
      matchJokes: 4,
      matchAnime: 3,
      matchFromUsd: 80,
      version: '4000000000',
    };
    const unassessed: GuideVector = {
      ...guide(next, uuid(next)),
      matchRap: null,
      matchTechno: null,
      matchRock: null,
      matchDrinks: null,
      matchCannabis: null,
      matchJokes: null,
      matchAnime: null,
      matchFromUsd: null,
    };
    table.put(row);
    table.put(unassessed);
    expect(sorted(table.vector(row.id))).toEqual(side(row));
    expect(sorted(table.vector(unassessed.id))).toEqual(side(unassessed));
    expect(table.current(row.id, '4000000000')).toBe(true);
    expect(table.current(row.id, '4000000001')).toBe(false);
    expect(table.current(row.id, '')).toBe(false);
    expect(table.current(uuid(next), '4000000000')).toBe(false);
    // Put again at a newer version, with other languages, offers and answers.
    const changed: GuideVector = {
      ...row,
      matchLanguages: ['german'],
      matchOffers: ['surfing', 'nightlife', 'wine'],
      matchDrinks: false,
      matchPace: 4.5,
      version: '17',
    };
    table.put(changed);
    expect(table.current(row.id, '4000000000')).toBe(false);
    expect(table.current(row.id, '17')).toBe(true);
    expect(sorted(table.vector(row.id))).toEqual(side(changed));
    table.remove(row.id);
    expect(table.vector(row.id)).toBeNull();
    expect(table.current(row.id, '17')).toBe(false);
    expect(sorted(table.vector(unassessed.id))).toEqual(side(unassessed));
  });
});

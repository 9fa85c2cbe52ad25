import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closeness,
  type GuideHours,
  type GuideSide,
  humourCloseness,
  MATCH_WEIGHTS,
  matchScore,
  musicCloseness,
  NIGHTLIFE_MIX,
  nightlifeCloseness,
  offerPace,
  sharedLanguages,
  type Temperament,
  type TravellerSide,
  tripAhead,
} from './match.ts';
import { type AvailabilityException, addDays, rangesOn, type TimeRange } from './slots.ts';

const LANGS = ['English', 'Portuguese', 'Spanish', 'French', 'German', 'Japanese'];
const OFFERS = [
  'Food & Dining',
  'Nightlife',
  'Art & Museums',
  'Culture & History',
  'Pub Crawls',
  'Adventure',
];
const CITIES = ['Lisbon', 'Madrid', 'Tokyo'];

const scale = fc.integer({ min: 1, max: 5 });
const temperament: fc.Arbitrary<Temperament> = fc.record({
  music: fc.record({ rap: scale, techno: scale, rock: scale }),
  drinks: fc.boolean(),
  cannabisComfort: scale,
  politicalJokes: scale,
  animeKdrama: fc.constantFrom('yes' as const, 'sometimes' as const, 'no' as const),
});
const traveller: fc.Arbitrary<TravellerSide> = fc.record({
  city: fc.constantFrom(...CITIES),
  languages: fc.subarray(LANGS),
  wants: fc.subarray(OFFERS),
  budgetMaxUsd: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
  quiz: fc.option(
    temperament.chain((t) => scale.map((pace) => ({ ...t, pace }))),
    { nil: null },
  ),
  trip: fc.option(
    fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 20 })).map(([start, length]) => ({
      from: addDays('2027-01-04', start),
      to: addDays('2027-01-04', start + length),
    })),
    { nil: null },
  ),
  party: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
});
const day = (...r: TimeRange[]) => fc.constantFrom<TimeRange[]>([], r);
const someHours: fc.Arbitrary<GuideHours> = fc.record({
  weekly: fc.record({
    mon: day({ start: '10:00', end: '14:00' }),
    tue: day({ start: '10:00', end: '14:00' }),
    wed: day(),
    thu: day({ start: '18:00', end: '02:00' }),
    fri: day({ start: '18:00', end: '02:00' }),
    sat: day({ start: '09:00', end: '17:00' }),
    sun: day(),
  }),
  exceptions: fc.constant<AvailabilityException[]>([{ date: '2027-01-09', kind: 'blocked' }]),
});
const guide: fc.Arbitrary<GuideSide> = fc.record({
  city: fc.constantFrom(...CITIES),
  languages: fc.subarray(LANGS),
  offers: fc.subarray(OFFERS),
  fromUsd: fc.option(fc.integer({ min: 1, max: 4000 }), { nil: null }),
  temperament: fc.option(temperament, { nil: null }),
  hidden: fc.constant(false),
  hours: fc.option(someHours, { nil: null }),
  groups: fc.array(
    fc.integer({ min: 1, max: 8 }).chain((min) => fc.integer({ min, max: 12 }).map((max) => ({ min, max }))),
    { maxLength: 3 },
  ),
});

const lisbonGuide: GuideSide = {
  city: 'Lisbon',
  languages: ['English', 'Portuguese'],
  offers: ['Nightlife', 'Food & Dining'],
  fromUsd: 120,
  temperament: {
    music: { rap: 2, techno: 5, rock: 3 },
    drinks: true,
    cannabisComfort: 5,
    politicalJokes: 4,
    animeKdrama: 'no',
  },
  hidden: false,
  hours: null,
  groups: [{ min: 1, max: 6 }],
};
const ana: TravellerSide = {
  city: 'Lisbon',
  languages: ['Portuguese', 'English'],
  wants: ['Nightlife'],
  budgetMaxUsd: 200,
  quiz: {
    music: { rap: 1, techno: 5, rock: 3 },
    drinks: true,
    cannabisComfort: 1,
    politicalJokes: 4,
    animeKdrama: 'no',
    pace: 4,
  },
  trip: null,
  party: null,
};

describe('matchScore', () => {
  it('scores a close pair high and names three reasons, the strongest first', () => {
    const m = matchScore(ana, lisbonGuide);
    expect(m).not.toBeNull();
    expect(m?.basis).toBe('quiz');
    expect(m?.score).toBeGreaterThanOrEqual(85);
    expect(m?.reasons.map((r) => r.text)).toEqual([
      'Shares your love of Nightlife',
      'You both speak Portuguese',
      'Within your budget',
    ]);
  });

  it('without the quiz counts interests, languages, budget and city only, scaled to 100', () => {
    const m = matchScore({ ...ana, quiz: null }, lisbonGuide);
    expect(m?.basis).toBe('profile');
    expect(m?.score).toBe(100);
    const far = matchScore({ ...ana, quiz: null, city: 'Tokyo', languages: ['Japanese'] }, lisbonGuide);
    const total =
      MATCH_WEIGHTS.city + MATCH_WEIGHTS.languages + MATCH_WEIGHTS.interests + MATCH_WEIGHTS.budget;
    expect(far?.score).toBe(Math.round((100 * (MATCH_WEIGHTS.interests + MATCH_WEIGHTS.budget)) / total));
  });

  it('gives no score while nothing is known of the traveller', () => {
    const nobody: TravellerSide = {
      city: '',
      languages: [],
      wants: [],
      budgetMaxUsd: null,
      quiz: null,
      trip: null,
      party: null,
    };
    expect(matchScore(nobody, lisbonGuide)).toEqual({ score: null, exact: 0, basis: 'none', reasons: [] });
    expect(matchScore({ ...nobody, city: '  ', languages: [''] }, lisbonGuide)?.basis).toBe('none');
    // Any one thing told is enough for a score, with the reason it meets.
    const lisbon = matchScore({ ...nobody, city: 'lisbon' }, lisbonGuide);
    expect(lisbon?.basis).toBe('profile');
    expect(lisbon?.reasons.map((r) => r.text)).toEqual(["Guides in Lisbon, where you're going"]);
    const speaks = matchScore({ ...nobody, languages: ['Portuguese'] }, lisbonGuide);
    expect(speaks?.score).toBeGreaterThan(0);
    expect(speaks?.reasons.map((r) => r.text)).toEqual(['You both speak Portuguese']);
  });

  it('shows a score only with at least one reason', () => {
    fc.assert(
      fc.property(traveller, guide, (t, g) => {
        const m = matchScore(t, g)!;
        if (m.score !== null) expect(m.reasons.length).toBeGreaterThan(0);
        if (m.reasons.length > 0) expect(m.score).toBe(Math.round(m.exact));
      }),
    );
    // Nothing of the traveller meets this guide: no score, though something is known.
    const none = matchScore(
      {
        city: 'Tokyo',
        languages: ['Japanese'],
        wants: ['Adventure'],
        budgetMaxUsd: 50,
        quiz: null,
        trip: null,
        party: null,
      },
      lisbonGuide,
    );
    expect(none).toMatchObject({ score: null, basis: 'profile', reasons: [] });
  });

  it("counts the trip's dates and party only when given, with their reasons", () => {
    const weekdays: GuideHours = {
      weekly: {
        mon: [{ start: '10:00', end: '14:00' }],
        tue: [{ start: '10:00', end: '14:00' }],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      },
      exceptions: [{ date: '2027-01-05', kind: 'blocked' }],
    };
    const base = { ...ana, quiz: null };
    const guideWithHours = { ...lisbonGuide, hours: weekdays };
    // 2027-01-04 is a Monday: free on Monday only (Tuesday is blocked), a third of the three days that fit fully.
    const trip = matchScore({ ...base, trip: { from: '2027-01-04', to: '2027-01-08' } }, guideWithHours)!;
    const W = MATCH_WEIGHTS;
    const profile = W.city + W.languages + W.interests + W.budget;
    expect(trip.exact).toBeCloseTo((100 * (profile + W.dates / 3)) / (profile + W.dates));
    expect(trip.reasons.map((r) => r.text)).not.toContain('Free during your trip');
    const solo = { ...base, city: 'Tokyo', languages: [], wants: [], budgetMaxUsd: null };
    const free = matchScore({ ...solo, trip: { from: '2027-01-04', to: '2027-01-04' } }, guideWithHours)!;
    expect(free.reasons.map((r) => r.text)).toEqual(['Free during your trip']);
    // A weekend trip: no hours, no reason, no score (nothing meets).
    const weekend = matchScore({ ...solo, trip: { from: '2027-01-09', to: '2027-01-10' } }, guideWithHours)!;
    expect(weekend).toMatchObject({ score: null, reasons: [] });
    // A guide without hours is free on no day.
    expect(
      matchScore({ ...solo, trip: { from: '2027-01-04', to: '2027-01-04' } }, lisbonGuide)?.score,
    ).toBeNull();
    // The party: one of the guide's experiences must take it.
    const four = matchScore({ ...solo, party: 4 }, lisbonGuide)!;
    expect(four.reasons.map((r) => r.text)).toEqual(['Takes groups of 4']);
    expect(four.exact).toBeCloseTo((100 * (W.interests / 2 + W.budget / 2 + W.party)) / (profile + W.party));
    expect(matchScore({ ...solo, party: 1 }, lisbonGuide)?.reasons[0]?.text).toBe('Takes solo travellers');
    expect(matchScore({ ...solo, party: 9 }, lisbonGuide)?.score).toBeNull();
    // Not given: the other parts alone, as before.
    expect(matchScore(base, guideWithHours)?.score).toBe(100);
  });

  it('reads the trip from today on, and not at all once it is over', () => {
    expect(tripAhead('2027-01-04', '2027-01-08', '2027-01-01')).toEqual({
      from: '2027-01-04',
      to: '2027-01-08',
    });
    expect(tripAhead('2027-01-04', '2027-01-08', '2027-01-06')).toEqual({
      from: '2027-01-06',
      to: '2027-01-08',
    });
    expect(tripAhead('2027-01-04', '2027-01-08', '2027-01-09')).toBeNull();
    expect(tripAhead('2027-01-04', null, '2027-01-01')).toEqual({ from: '2027-01-04', to: '2027-01-04' });
    expect(tripAhead(null, '2027-01-08', '2027-01-01')).toBeNull();
  });

  it('never scores a guide who hides the profile', () => {
    expect(matchScore(ana, { ...lisbonGuide, hidden: true })).toBeNull();
  });

  it('prices above the budget lose points, down to none at twice the budget', () => {
    const at = (fromUsd: number) => matchScore({ ...ana, quiz: null }, { ...lisbonGuide, fromUsd })?.score;
    expect(at(200)).toBe(100);
    expect(at(300)).toBe(87);
    expect(at(400)).toBe(73);
    expect(at(900)).toBe(73);
  });

  it('always lies between 0 and 100, a whole number, and is deterministic', () => {
    fc.assert(
      fc.property(traveller, guide, (t, g) => {
        const m = matchScore(t, g);
        expect(m).not.toBeNull();
        expect(Number.isInteger(Math.round(m!.exact))).toBe(true);
        expect(m!.exact).toBeGreaterThanOrEqual(0);
        expect(m!.exact).toBeLessThanOrEqual(100);
        expect(m!.score === null || m!.score === Math.round(m!.exact)).toBe(true);
        expect(m?.reasons.length).toBeLessThanOrEqual(3);
        expect(matchScore(t, g)).toEqual(m);
      }),
    );
  });

  it('never names a sensitive answer in a reason', () => {
    fc.assert(
      fc.property(traveller, guide, (t, g) => {
        const text = (matchScore(t, g)?.reasons ?? []).map((r) => r.text.toLowerCase()).join(' ');
        for (const word of [
          'cannabis',
          'weed',
          'orientation',
          'gay',
          'lesbian',
          'straight',
          'relationship',
          'single',
        ]) {
          expect(text).not.toContain(word);
        }
      }),
    );
  });

  it('a shared language never lowers the score', () => {
    fc.assert(
      fc.property(traveller, guide, fc.constantFrom(...LANGS), (t, g, lang) => {
        const before = matchScore(t, g)?.score ?? 0;
        const after = matchScore(
          { ...t, languages: [...t.languages, lang] },
          { ...g, languages: [...g.languages, lang] },
        );
        expect(after?.score ?? 0).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('a cheaper guide or a larger budget never lowers the score', () => {
    fc.assert(
      fc.property(traveller, guide, fc.integer({ min: 0, max: 500 }), (t, g, d) => {
        const before = matchScore(t, g)?.score ?? 0;
        if (g.fromUsd !== null) {
          const cheaper = matchScore(t, { ...g, fromUsd: Math.max(1, g.fromUsd - d) });
          expect(cheaper?.score ?? 0).toBeGreaterThanOrEqual(before);
        }
        if (t.budgetMaxUsd !== null) {
          const richer = matchScore({ ...t, budgetMaxUsd: t.budgetMaxUsd + d }, g);
          expect(richer?.score ?? 0).toBeGreaterThanOrEqual(before);
        }
      }),
    );
  });

  it('on the profile basis, a guide offering one more thing never scores lower', () => {
    fc.assert(
      fc.property(traveller, guide, fc.constantFrom(...OFFERS), (t, g, offer) => {
        const plain = { ...t, quiz: null };
        const before = matchScore(plain, g)?.score ?? 0;
        const after = matchScore(plain, { ...g, offers: [...g.offers, offer] });
        expect(after?.score ?? 0).toBeGreaterThanOrEqual(before);
      }),
    );
  });

  it('the same city never scores lower than another', () => {
    fc.assert(
      fc.property(traveller, guide, (t, g) => {
        const away = matchScore(t, { ...g, city: 'Elsewhere' })?.score ?? 0;
        const here = matchScore(t, { ...g, city: t.city })?.score ?? 0;
        expect(here).toBeGreaterThanOrEqual(away);
      }),
    );
  });
});

describe('the shared parts are symmetric', () => {
  it('closeness, music, night life, humour and shared languages do not depend on who is who', () => {
    fc.assert(
      fc.property(temperament, temperament, fc.subarray(LANGS), fc.subarray(LANGS), (a, b, la, lb) => {
        expect(closeness(a.politicalJokes, b.politicalJokes)).toBe(
          closeness(b.politicalJokes, a.politicalJokes),
        );
        expect(musicCloseness(a.music, b.music)).toBeCloseTo(musicCloseness(b.music, a.music), 12);
        expect(nightlifeCloseness(a, b)).toBeCloseTo(nightlifeCloseness(b, a), 12);
        expect(humourCloseness(a, b)).toBeCloseTo(humourCloseness(b, a), 12);
        expect(sharedLanguages(la, lb).length).toBe(sharedLanguages(lb, la).length);
      }),
    );
  });

  it('a temperament is closest to itself', () => {
    fc.assert(
      fc.property(temperament, temperament, (a, b) => {
        expect(musicCloseness(a.music, a.music)).toBe(1);
        expect(nightlifeCloseness(a, a)).toBe(1);
        expect(humourCloseness(a, a)).toBeCloseTo(1, 12);
        expect(musicCloseness(a.music, b.music)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

/**
 * The match as docs/product.md words it, written for clarity and nothing else: the oracle for matchScore(), which
 * compares words in small arrays and allocates as little as it can.
 */
function plainMatch(t: TravellerSide, g: GuideSide) {
  if (g.hidden) return null;
  const norm = (x: string) => x.trim().toLowerCase();
  const told =
    norm(t.city) !== '' ||
    t.languages.some((l) => norm(l) !== '') ||
    t.wants.some((w) => norm(w) !== '') ||
    (t.budgetMaxUsd ?? 0) > 0 ||
    t.quiz !== null ||
    t.trip !== null ||
    t.party !== null;
  if (!told) return { score: null, exact: 0, basis: 'none', reasons: [] };
  const W = MATCH_WEIGHTS;
  const reasons: { text: string; weight: number }[] = [];
  const fits: Record<string, number> = {};
  fits.city = norm(t.city) !== '' && norm(t.city) === norm(g.city) ? 1 : 0;
  if (fits.city) reasons.push({ text: `Guides in ${g.city.trim()}, where you're going`, weight: W.city });
  const languages = sharedLanguages(t.languages, g.languages);
  fits.languages = languages.length > 0 ? 1 : 0;
  if (languages.length > 0) {
    const named = languages.find((l) => norm(l) !== 'english') ?? languages[0];
    reasons.push({ text: `You both speak ${named}`, weight: W.languages });
  }
  const offered = new Set(g.offers.map(norm));
  const unique = [...new Set(t.wants.map(norm))];
  const shared = t.wants.filter(
    (w, i) => offered.has(norm(w)) && t.wants.findIndex((x) => norm(x) === norm(w)) === i,
  );
  fits.interests = unique.length === 0 ? 0.5 : Math.min(1, shared.length / Math.min(unique.length, 3));
  if (shared.length > 0) {
    reasons.push({ text: `Shares your love of ${shared[0]}`, weight: W.interests * fits.interests });
  }
  const max = t.budgetMaxUsd;
  fits.budget =
    max === null || g.fromUsd === null || max <= 0
      ? 0.5
      : g.fromUsd <= max
        ? 1
        : Math.max(0, Math.min(1, 2 - g.fromUsd / max));
  if (fits.budget === 1 && max !== null) reasons.push({ text: 'Within your budget', weight: W.budget });
  const parts: string[] = ['city', 'languages', 'interests', 'budget'];
  if (t.trip) {
    // Days of the trip (its first 31) with hours; free on three of them, or on all of a shorter trip, fits fully.
    const days: string[] = [];
    for (let d = t.trip.from; d <= t.trip.to && days.length < 31; d = addDays(d, 1)) days.push(d);
    const free = g.hours ? days.filter((d) => rangesOn(d, g.hours!).length > 0).length : 0;
    fits.dates = Math.min(1, free / Math.min(days.length, 3));
    if (free > 0) reasons.push({ text: 'Free during your trip', weight: W.dates * fits.dates });
    parts.push('dates');
  }
  const party = t.party;
  if (party !== null) {
    fits.party = g.groups.length === 0 ? 0.5 : g.groups.some((x) => x.min <= party && party <= x.max) ? 1 : 0;
    if (fits.party === 1) {
      reasons.push({
        text: party === 1 ? 'Takes solo travellers' : `Takes groups of ${party}`,
        weight: W.party,
      });
    }
    parts.push('party');
  }
  const q = t.quiz;
  const m = g.temperament;
  if (q && m) {
    fits.music = musicCloseness(q.music, m.music);
    const words = { rap: 'rap', techno: 'techno nights', rock: 'rock' } as const;
    const loved = (['rap', 'techno', 'rock'] as const)
      .filter((x) => q.music[x] >= 4 && m.music[x] >= 4)
      .sort((a, b) => Math.min(m.music[b], q.music[b]) - Math.min(m.music[a], q.music[a]));
    if (loved[0]) reasons.push({ text: `Loves ${words[loved[0]]} too`, weight: W.music });
    fits.nightlife = nightlifeCloseness(q, m);
    if (q.drinks && m.drinks) {
      reasons.push({ text: 'Up for a drink too', weight: W.nightlife * NIGHTLIFE_MIX.drinks });
    }
    fits.humour = humourCloseness(q, m);
    if (fits.humour >= 0.85)
      reasons.push({ text: 'A similar sense of humour', weight: W.humour * fits.humour });
    fits.pace = closeness(q.pace, offerPace(g.offers));
  }
  const counted = q && m ? [...parts, 'music', 'nightlife', 'humour', 'pace'] : parts;
  const total = counted.reduce((sum, p) => sum + W[p as keyof typeof W], 0);
  const got = counted.reduce((sum, p) => sum + W[p as keyof typeof W] * fits[p]!, 0);
  return {
    score: reasons.length ? Math.round((100 * got) / total) : null,
    exact: (100 * got) / total,
    basis: q && m ? 'quiz' : 'profile',
    reasons: reasons
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 3)
      .map((r) => r.text),
  };
}

describe('matchScore against its plain definition', () => {
  // Words in any case and with spaces, repeated: the traveller's first spelling is the one a reason names.
  const word = (words: string[]) =>
    fc
      .tuple(fc.constantFrom(...words), fc.constantFrom('lower', 'upper', 'padded', 'as is'))
      .map(([w, how]) =>
        how === 'lower'
          ? w.toLowerCase()
          : how === 'upper'
            ? w.toUpperCase()
            : how === 'padded'
              ? ` ${w} `
              : w,
      );
  const messy = <T extends { languages: string[] }>(side: fc.Arbitrary<T>, key: 'wants' | 'offers') =>
    side.chain((s) =>
      fc
        .record({
          languages: fc.array(word(LANGS), { maxLength: 5 }),
          words: fc.array(word([...OFFERS, 'Nightclub nights', 'Hidden bars']), { maxLength: 6 }),
        })
        .map(({ languages, words }) => ({ ...s, languages, [key]: words })),
    );

  it('gives the same score, basis and reasons for any pair, however the words are written', () => {
    fc.assert(
      fc.property(messy(traveller, 'wants'), messy(guide, 'offers'), (t, g) => {
        const fast = matchScore(t, g);
        const plain = plainMatch(t, g);
        expect(fast && { ...fast, reasons: fast.reasons.map((r) => r.text) }).toEqual(plain);
      }),
      { numRuns: 2000 },
    );
  });
});

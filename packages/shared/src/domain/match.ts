/**
 * The match between a traveller and a guide (docs/product.md#match-score): 0–100, deterministic, from the
 * traveller's interests, languages, budget and city, their trip's dates and party when given and, when the
 * traveller took the "Travel style" quiz, from the quiz and the guide's assessment side by side. The weights are
 * the table below, once.
 */
import type { Weekday } from '../constants/experiences.ts';
import {
  type AvailabilityException,
  addDays,
  daysBetween,
  rangesOn,
  type WeeklySchedule,
  weekdayOf,
} from './slots.ts';

/**
 * Points each part can give; the trip parts (dates, party) count only when the traveller gave them, the
 * personality parts only when the traveller took the quiz.
 */
export const MATCH_WEIGHTS = {
  city: 10,
  languages: 20,
  interests: 25,
  budget: 20,
  dates: 10,
  party: 6,
  music: 8,
  nightlife: 7,
  humour: 6,
  pace: 4,
} as const;

type Part = keyof typeof MATCH_WEIGHTS;

/** The dimensions both sides answer on a 1–5 scale (the guide's assessment, the traveller's quiz). */
export type Music = { rap: number; techno: number; rock: number };

/** What the quiz and the assessment share. `cannabisComfort` is sensitive: used in the sum, never named. */
export type Temperament = {
  music: Music;
  drinks: boolean;
  cannabisComfort: number;
  politicalJokes: number;
  animeKdrama: 'yes' | 'sometimes' | 'no';
};

export type TravellerSide = {
  city: string;
  languages: string[];
  /** Interests, "looking for" and the quiz's experiences: what the traveller wants to do. */
  wants: string[];
  /** Per person, in USD; null when the traveller gave none. */
  budgetMaxUsd: number | null;
  /** The quiz's answers; null when skipped. `pace` 1 (slow, few stops) – 5 (packed, late nights). */
  quiz: (Temperament & { pace: number }) | null;
  /** The trip's first and last local dates (YYYY-MM-DD), from today on; null when not given or over. */
  trip: { from: string; to: string } | null;
  /** How many travel together; null when not given. */
  party: number | null;
};

/** When a guide works: the weekly hours and the date exceptions (the guide's city time). */
export type GuideHours = { weekly: WeeklySchedule; exceptions: AvailabilityException[] };

export type GuideSide = {
  city: string;
  languages: string[];
  /** The assessment's experiences and the categories of the published experiences. */
  offers: string[];
  /** The lowest price per person of a published experience, in USD; null when nothing is published. */
  fromUsd: number | null;
  temperament: Temperament | null;
  /** "Hide profile" in the assessment: never scored for travellers. */
  hidden: boolean;
  /** The weekly schedule and exceptions; null before the guide sets hours. */
  hours: GuideHours | null;
  /** The group sizes of the published experiences (each min–max). */
  groups: { min: number; max: number }[];
};

export type MatchReason = { part: Part; text: string };

export type Match = {
  /**
   * The score a screen shows; null when there is none worth showing: the traveller told nothing yet
   * (`basis: 'none'`), or nothing of theirs meets this guide (no reason). A shown score always has a reason.
   */
  score: number | null;
  /** The score before rounding: "Best match" orders by it, so guides of one rounded score still come best first. */
  exact: number;
  /**
   * 'quiz' when the traveller's quiz counted; 'profile' when only interests, languages, budget and city did;
   * 'none' when the traveller told nothing the score reads (no city, language, interest, budget or quiz).
   */
  basis: 'quiz' | 'profile' | 'none';
  /** At most three, the strongest first; never a sensitive answer. */
  reasons: MatchReason[];
};

/** Whether the traveller told anything the score reads: without it no guide gets a score (docs/product.md#match-score). */
export function travellerKnown(t: TravellerSide): boolean {
  return (
    t.city.trim() !== '' ||
    t.languages.some((l) => l.trim() !== '') ||
    t.wants.some((w) => w.trim() !== '') ||
    (t.budgetMaxUsd !== null && t.budgetMaxUsd > 0) ||
    t.quiz !== null ||
    t.trip !== null ||
    t.party !== null
  );
}

const norm = (s: string) => s.trim().toLowerCase();
const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);

/** The languages both speak, in the traveller's order. */
export function sharedLanguages(a: string[], b: string[]): string[] {
  return sharedWords(a, b).map((w) => w.text);
}

type Word = { word: string; text: string };

/** `a`'s words lower-cased, each once, as `a` first spells it, in `a`'s order. */
function wordsOf(a: string[]): Word[] {
  const out: Word[] = [];
  for (const text of a) {
    const word = norm(text);
    if (!out.some((w) => w.word === word)) out.push({ word, text });
  }
  return out;
}

/** Words of `a` that `b` also holds, compared lower-cased: each once, as `a` first spells it, in `a`'s order. */
function sharedWords(a: string[], b: string[]): Word[] {
  return sharedOf(wordsOf(a), b);
}

/** The words (of wordsOf) that `b` also holds (a word of `b` already lower-cased and trimmed is not written again). */
function sharedOf(words: Word[], b: string[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    for (const x of b) {
      if (x === w.word || norm(x) === w.word) {
        out.push(w);
        break;
      }
    }
  }
  return out;
}

/** 1 when two 1–5 answers agree, 0 when they are at opposite ends. Symmetric. */
export function closeness(a: number, b: number): number {
  return clamp01(1 - Math.abs(a - b) / 4);
}

/** How alike two music tastes are (0–1). Symmetric. */
export function musicCloseness(a: Music, b: Music): number {
  return (closeness(a.rap, b.rap) + closeness(a.techno, b.techno) + closeness(a.rock, b.rock)) / 3;
}

/** How the night-life and humour parts mix their answers. */
export const NIGHTLIFE_MIX = { drinks: 0.6, cannabis: 0.4 } as const;
export const HUMOUR_MIX = { jokes: 0.7, anime: 0.3 } as const;

/** Night-life comfort: drinks alike, cannabis comfort close — in aggregate only. Symmetric. */
export function nightlifeCloseness(a: Temperament, b: Temperament): number {
  return (
    NIGHTLIFE_MIX.drinks * (a.drinks === b.drinks ? 1 : 0) +
    NIGHTLIFE_MIX.cannabis * closeness(a.cannabisComfort, b.cannabisComfort)
  );
}

/** The anime / drama answer on the 1–5 scale of the others. */
export const ANIME_SCALE = { no: 1, sometimes: 3, yes: 5 } as const;
/** Humour: political jokes and anime/drama taste close. Symmetric. */
export function humourCloseness(a: Temperament, b: Temperament): number {
  return (
    HUMOUR_MIX.jokes * closeness(a.politicalJokes, b.politicalJokes) +
    HUMOUR_MIX.anime * closeness(ANIME_SCALE[a.animeKdrama], ANIME_SCALE[b.animeKdrama])
  );
}

/** Offers that make a guide's offer lively. */
export const LIVELY = [
  'nightlife',
  'pub crawls',
  'nightclub nights',
  'house parties',
  'rooftop bar hopping',
  'adventure',
];
/** How lively a guide's offer is, 1 (all calm) – 5 (all night life and adventure). */
export function offerPace(offers: string[]): number {
  if (offers.length === 0) return 3;
  let lively = 0;
  for (const o of offers) {
    const word = norm(o);
    if (LIVELY.some((l) => word.includes(l))) lively++;
  }
  return 1 + (4 * lively) / offers.length;
}

/** The number of distinct wants that count: the denominator of the interests part (0 = no wants, half points). */
export function wantsCounted(wants: string[]): number {
  return Math.min(new Set(wants.map(norm)).size, 3);
}

/** 1 within the budget, falling to 0 at twice the budget; ½ when either side has no figure. */
function budgetFit(maxUsd: number | null, fromUsd: number | null): number {
  if (maxUsd === null || fromUsd === null || maxUsd <= 0) return 0.5;
  if (fromUsd <= maxUsd) return 1;
  return clamp01(2 - fromUsd / maxUsd);
}

/** The trip days that count: a guide free on this many of them (or on every day of a shorter trip) fits fully. */
export const TRIP_DAYS_FOR_FULL = 3;
/** How many of the trip's first days are looked at. */
const TRIP_DAYS_LOOKED_AT = 31;

/** The trip's days the dates part looks at (its first 31), each with its weekday: one list per traveller. */
export type TripDays = { days: { date: string; weekday: Weekday }[]; full: number };

/** The trip's days, and how many of them free make a full fit (3, or every day of a shorter trip). */
export function tripDaysOf(trip: { from: string; to: string }): TripDays {
  const count = Math.min(daysBetween(trip.from, trip.to), TRIP_DAYS_LOOKED_AT);
  const days = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(trip.from, i);
    days.push({ date, weekday: weekdayOf(date) });
  }
  return { days, full: Math.max(1, Math.min(count, TRIP_DAYS_FOR_FULL)) };
}

/** How many of the trip's days the guide has hours on (weekly or extra, not blocked), counted up to a full fit. */
export function tripDaysFree(trip: TripDays, hours: GuideHours | null): number {
  let free = 0;
  for (const d of trip.days) {
    if (!hours || free >= trip.full) break;
    if (rangesOn(d.date, hours, d.weekday).length > 0) free++;
  }
  return free;
}

const GENRE_WORDS: Record<keyof Music, string> = { rap: 'rap', techno: 'techno nights', rock: 'rock' };
const GENRES = ['rap', 'techno', 'rock'] as const;

/**
 * The match of a traveller and a guide, or null when the guide hides the profile. Without the traveller's
 * quiz (or the guide's assessment) the personality parts drop out and the rest is scaled to 100.
 */
export function matchScore(traveller: TravellerSide, guide: GuideSide): Match | null {
  return matchScorer(traveller)(guide);
}

/**
 * matchScore() for one traveller and many guides: the traveller's words are lower-cased once (a page scores
 * its cards with one scorer).
 */
export function matchScorer(traveller: TravellerSide): (guide: GuideSide) => Match | null {
  return scorerOf(traveller, true);
}

/**
 * matchScorer() without the reasons (an empty list): the same parts and `exact`, for ordering many guides
 * when only the first few are shown ("Best match"); the shown score and reasons come from matchScorer().
 */
export function matchRanker(traveller: TravellerSide): (guide: GuideSide) => Match | null {
  return scorerOf(traveller, false);
}

function scorerOf(traveller: TravellerSide, withReasons: boolean): (guide: GuideSide) => Match | null {
  const travellerCity = norm(traveller.city);
  const languageWords = wordsOf(traveller.languages);
  const wantWords = wordsOf(traveller.wants);
  const den = wantsCounted(traveller.wants);
  const known = travellerKnown(traveller);
  const tripDays = traveller.trip ? tripDaysOf(traveller.trip) : null;
  return (guide) => {
    if (guide.hidden) return null;
    if (!known) return { score: null, exact: 0, basis: 'none', reasons: [] };
    const reasons: (MatchReason & { weight: number })[] = [];
    const W = MATCH_WEIGHTS;

    const city = travellerCity !== '' && travellerCity === norm(guide.city) ? 1 : 0;
    if (withReasons && city === 1) {
      reasons.push({
        part: 'city',
        text: `Guides in ${guide.city.trim()}, where you're going`,
        weight: W.city,
      });
    }

    const shared = sharedOf(languageWords, guide.languages);
    const languages = shared.length > 0 ? 1 : 0;
    if (withReasons && shared.length > 0) {
      // A shared language other than English says more.
      const named = shared.find((l) => l.word !== 'english') ?? shared[0]!;
      reasons.push({ part: 'languages', text: `You both speak ${named.text}`, weight: W.languages });
    }

    // Share of what the traveller wants that the guide offers; up to three wants count fully.
    const offered = sharedOf(wantWords, guide.offers);
    const interests = den === 0 ? 0.5 : clamp01(offered.length / den);
    if (withReasons && offered.length > 0) {
      reasons.push({
        part: 'interests',
        text: `Shares your love of ${offered[0]!.text}`,
        weight: W.interests * interests,
      });
    }

    const budget = budgetFit(traveller.budgetMaxUsd, guide.fromUsd);
    if (withReasons && budget === 1 && traveller.budgetMaxUsd !== null) {
      reasons.push({ part: 'budget', text: 'Within your budget', weight: W.budget });
    }

    let got = W.city * city + W.languages * languages + W.interests * interests + W.budget * budget;
    let total = W.city + W.languages + W.interests + W.budget;

    // The trip's parts count only when the traveller gave them; a guide without hours is free on no day.
    if (tripDays) {
      const free = tripDaysFree(tripDays, guide.hours);
      const dates = clamp01(free / tripDays.full);
      if (withReasons && free > 0) {
        reasons.push({ part: 'dates', text: 'Free during your trip', weight: W.dates * dates });
      }
      got += W.dates * dates;
      total += W.dates;
    }
    const party = traveller.party;
    if (party !== null) {
      // Half when the guide publishes nothing yet (like a missing price), else whether one experience takes them.
      const fits =
        guide.groups.length === 0 ? 0.5 : guide.groups.some((g) => g.min <= party && party <= g.max) ? 1 : 0;
      if (withReasons && fits === 1) {
        reasons.push({
          part: 'party',
          text: party === 1 ? 'Takes solo travellers' : `Takes groups of ${party}`,
          weight: W.party,
        });
      }
      got += W.party * fits;
      total += W.party;
    }
    const quiz = traveller.quiz;
    const mind = guide.temperament;
    const withQuiz = quiz !== null && mind !== null;
    if (withQuiz) {
      const music = musicCloseness(quiz.music, mind.music);
      // The genre both love most (rap, techno, rock on a tie).
      let loved: keyof Music | undefined;
      let most = 0;
      for (const g of withReasons ? GENRES : []) {
        const both = Math.min(mind.music[g], quiz.music[g]);
        if (quiz.music[g] >= 4 && mind.music[g] >= 4 && both > most) {
          loved = g;
          most = both;
        }
      }
      if (withReasons && loved) {
        reasons.push({ part: 'music', text: `Loves ${GENRE_WORDS[loved]} too`, weight: W.music });
      }
      const nightlife = nightlifeCloseness(quiz, mind);
      // Named only from the drinks answer, never from cannabis comfort.
      if (withReasons && quiz.drinks && mind.drinks) {
        reasons.push({
          part: 'nightlife',
          text: 'Up for a drink too',
          weight: W.nightlife * NIGHTLIFE_MIX.drinks,
        });
      }
      const humour = humourCloseness(quiz, mind);
      if (withReasons && humour >= 0.85) {
        reasons.push({ part: 'humour', text: 'A similar sense of humour', weight: W.humour * humour });
      }
      const pace = closeness(quiz.pace, offerPace(guide.offers));
      got = got + W.music * music + W.nightlife * nightlife + W.humour * humour + W.pace * pace;
      total = total + W.music + W.nightlife + W.humour + W.pace;
    }

    const exact = (100 * got) / total;
    const shown = reasons
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 3)
      .map(({ part, text }) => ({ part, text }));
    return {
      // A score is shown with a reason or not at all; the ranker (no reasons) keeps it for ordering only.
      score: withReasons && shown.length === 0 ? null : Math.round(exact),
      exact,
      basis: withQuiz ? 'quiz' : 'profile',
      reasons: shown,
    };
  };
}

/** What a guide's stored profile holds that the match reads (docs/product.md#match-score). */
export type GuideRecord = {
  city: string;
  languages: string[];
  specialties: string[];
  /** The tours the cards show; the "from" price counts only while there is one. */
  tourCount: number;
  priceMin: number;
  hideProfile: boolean;
  /** The assessment's answers, as saved; null before the assessment. */
  assessment: {
    experiences?: unknown;
    musicPreference?: Partial<Music>;
    drinks?: unknown;
    cannabisComfort?: unknown;
    politicalJokes?: unknown;
    animeKdrama?: unknown;
  } | null;
  /** Categories of the guide's published experiences. */
  publishedCategories: string[];
  /** The weekly schedule and exceptions; null before the guide sets hours. */
  hours: GuideHours | null;
  /** The group sizes of the published experiences. */
  groups: { min: number; max: number }[];
};

const isScale = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * The guide's side: offers are the specialties, the assessment's experiences and the published categories,
 * lower-cased once each; the "from" price counts while the guide shows tours.
 */
export function guideSideOf(g: GuideRecord): GuideSide {
  const a = g.assessment;
  const experiences = Array.isArray(a?.experiences) ? (a.experiences as unknown[]).map(String) : [];
  const offers = [...new Set([...g.specialties, ...experiences, ...g.publishedCategories].map(norm))];
  const m = a?.musicPreference;
  const temperament: Temperament | null =
    a &&
    m &&
    isScale(m.rap) &&
    isScale(m.techno) &&
    isScale(m.rock) &&
    typeof a.drinks === 'boolean' &&
    isScale(a.cannabisComfort) &&
    isScale(a.politicalJokes) &&
    (a.animeKdrama === 'yes' || a.animeKdrama === 'sometimes' || a.animeKdrama === 'no')
      ? {
          music: { rap: m.rap, techno: m.techno, rock: m.rock },
          drinks: a.drinks,
          cannabisComfort: a.cannabisComfort,
          politicalJokes: a.politicalJokes,
          animeKdrama: a.animeKdrama,
        }
      : null;
  return {
    city: g.city,
    languages: g.languages,
    offers,
    fromUsd: g.tourCount > 0 ? g.priceMin : null,
    temperament,
    hidden: g.hideProfile,
    hours: g.hours,
    groups: g.groups,
  };
}

/** What a traveller's profile and quiz hold that the match reads. */
export type TravellerRecord = {
  city: string;
  languages: string[];
  interests: string[];
  lookingFor: string[];
  /** The profile's highest budget in USD (converted by the server); null when none is given. */
  budgetMaxUsd: number | null;
  travelStyle: {
    languages: string[];
    experiences: string[];
    musicPreference: Music;
    drinks: boolean;
    cannabisComfort: number;
    politicalJokes: number;
    animeKdrama: 'yes' | 'sometimes' | 'no';
    pace: number;
  } | null;
  /** The trip's dates and party as saved; null when not given. */
  travelFrom: string | null;
  travelTo: string | null;
  partySize: number | null;
};

/** The trip's dates from `today` on (a trip under way counts from today); null when not given or already over. */
export function tripAhead(
  from: string | null,
  to: string | null,
  today: string,
): { from: string; to: string } | null {
  if (!from) return null;
  const last = to && to >= from ? to : from;
  if (last < today) return null;
  return { from: from < today ? today : from, to: last };
}

/**
 * The traveller's side: the profile's and the quiz's languages, everything they said they want, and the trip
 * from `today` (the guide's and traveller's dates compare as calendar dates).
 */
export function travellerSideOf(t: TravellerRecord, today: string): TravellerSide {
  const q = t.travelStyle;
  const languages = [...t.languages];
  for (const l of q?.languages ?? []) if (!languages.some((x) => norm(x) === norm(l))) languages.push(l);
  return {
    city: t.city,
    languages,
    wants: [...t.interests, ...t.lookingFor, ...(q?.experiences ?? [])],
    budgetMaxUsd: t.budgetMaxUsd,
    quiz: q
      ? {
          music: q.musicPreference,
          drinks: q.drinks,
          cannabisComfort: q.cannabisComfort,
          politicalJokes: q.politicalJokes,
          animeKdrama: q.animeKdrama,
          pace: q.pace,
        }
      : null,
    trip: tripAhead(t.travelFrom, t.travelTo, today),
    party: t.partySize !== null && t.partySize > 0 ? t.partySize : null,
  };
}

/** Reasons reworded for the guide who reads them about a traveller (the guide's tourist list). */
export function reasonForGuide(r: MatchReason): string {
  if (r.part === 'budget') return 'Your prices fit their budget';
  if (r.part === 'city') return 'Travelling to your city';
  if (r.part === 'interests') return r.text.replace('Shares your love of', 'Wants');
  if (r.part === 'dates') return 'Visiting on days you work';
  if (r.part === 'party') return 'Their party fits your group sizes';
  return r.text;
}

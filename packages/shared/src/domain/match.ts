/**
 * The match between a traveller and a guide (docs/product.md#match-score): 0–100, deterministic, from the
 * traveller's interests, languages, budget and city and, when the traveller took the "Travel style" quiz,
 * from the quiz and the guide's assessment side by side. The weights are the table below, once.
 */

/** Points each part can give; the personality parts count only when the traveller took the quiz. */
export const MATCH_WEIGHTS = {
  city: 10,
  languages: 20,
  interests: 25,
  budget: 20,
  music: 8,
  nightlife: 7,
  humour: 6,
  pace: 4,
} as const;

type Part = keyof typeof MATCH_WEIGHTS;
const PROFILE_PARTS: Part[] = ['city', 'languages', 'interests', 'budget'];
const QUIZ_PARTS: Part[] = ['music', 'nightlife', 'humour', 'pace'];

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
};

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
};

export type MatchReason = { part: Part; text: string };

export type Match = {
  score: number;
  /** 'quiz' when the traveller's quiz counted; 'profile' when only interests, languages, budget and city did. */
  basis: 'quiz' | 'profile';
  /** At most three, the strongest first; never a sensitive answer. */
  reasons: MatchReason[];
};

const norm = (s: string) => s.trim().toLowerCase();
const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n);

/** The languages both speak, in the traveller's order. */
export function sharedLanguages(a: string[], b: string[]): string[] {
  const other = new Set(b.map(norm));
  return a.filter((l, i) => other.has(norm(l)) && a.findIndex((x) => norm(x) === norm(l)) === i);
}

/** 1 when two 1–5 answers agree, 0 when they are at opposite ends. Symmetric. */
export function closeness(a: number, b: number): number {
  return clamp01(1 - Math.abs(a - b) / 4);
}

/** How alike two music tastes are (0–1). Symmetric. */
export function musicCloseness(a: Music, b: Music): number {
  return (closeness(a.rap, b.rap) + closeness(a.techno, b.techno) + closeness(a.rock, b.rock)) / 3;
}

/** Night-life comfort: drinks alike, cannabis comfort close — in aggregate only. Symmetric. */
export function nightlifeCloseness(a: Temperament, b: Temperament): number {
  return 0.6 * (a.drinks === b.drinks ? 1 : 0) + 0.4 * closeness(a.cannabisComfort, b.cannabisComfort);
}

const ANIME_SCALE = { no: 1, sometimes: 3, yes: 5 } as const;
/** Humour: political jokes and anime/drama taste close. Symmetric. */
export function humourCloseness(a: Temperament, b: Temperament): number {
  return (
    0.7 * closeness(a.politicalJokes, b.politicalJokes) +
    0.3 * closeness(ANIME_SCALE[a.animeKdrama], ANIME_SCALE[b.animeKdrama])
  );
}

const LIVELY = [
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
  const lively = offers.filter((o) => LIVELY.some((l) => norm(o).includes(l))).length;
  return 1 + (4 * lively) / offers.length;
}

/** Share of what the traveller wants that the guide offers; up to three wants count fully. */
function interestsFit(wants: string[], offers: string[]): { fit: number; shared: string[] } {
  const offered = new Set(offers.map(norm));
  const unique = [...new Set(wants.map(norm))];
  const shared = wants.filter(
    (w, i) => offered.has(norm(w)) && wants.findIndex((x) => norm(x) === norm(w)) === i,
  );
  if (unique.length === 0) return { fit: 0.5, shared };
  return { fit: clamp01(shared.length / Math.min(unique.length, 3)), shared };
}

/** 1 within the budget, falling to 0 at twice the budget; ½ when either side has no figure. */
function budgetFit(maxUsd: number | null, fromUsd: number | null): number {
  if (maxUsd === null || fromUsd === null || maxUsd <= 0) return 0.5;
  if (fromUsd <= maxUsd) return 1;
  return clamp01(2 - fromUsd / maxUsd);
}

const GENRE_WORDS: Record<keyof Music, string> = { rap: 'rap', techno: 'techno nights', rock: 'rock' };

/**
 * The match of a traveller and a guide, or null when the guide hides the profile. Without the traveller's
 * quiz (or the guide's assessment) the personality parts drop out and the rest is scaled to 100.
 */
export function matchScore(traveller: TravellerSide, guide: GuideSide): Match | null {
  if (guide.hidden) return null;
  const fits: Partial<Record<Part, number>> = {};
  const reasons: (MatchReason & { weight: number })[] = [];

  const sameCity = norm(traveller.city) !== '' && norm(traveller.city) === norm(guide.city);
  fits.city = sameCity ? 1 : 0;

  const languages = sharedLanguages(traveller.languages, guide.languages);
  fits.languages = languages.length > 0 ? 1 : 0;
  if (languages.length > 0) {
    // A shared language other than English says more.
    const named = languages.find((l) => norm(l) !== 'english') ?? languages[0];
    reasons.push({ part: 'languages', text: `You both speak ${named}`, weight: MATCH_WEIGHTS.languages });
  }

  const interests = interestsFit(traveller.wants, guide.offers);
  fits.interests = interests.fit;
  if (interests.shared.length > 0) {
    reasons.push({
      part: 'interests',
      text: `Shares your love of ${interests.shared[0]}`,
      weight: MATCH_WEIGHTS.interests * interests.fit,
    });
  }

  fits.budget = budgetFit(traveller.budgetMaxUsd, guide.fromUsd);
  if (fits.budget === 1 && traveller.budgetMaxUsd !== null) {
    reasons.push({ part: 'budget', text: 'Within your budget', weight: MATCH_WEIGHTS.budget });
  }

  const quiz = traveller.quiz;
  const mind = guide.temperament;
  const withQuiz = quiz !== null && mind !== null;
  if (withQuiz) {
    fits.music = musicCloseness(quiz.music, mind.music);
    const loved = (Object.keys(GENRE_WORDS) as (keyof Music)[])
      .filter((g) => quiz.music[g] >= 4 && mind.music[g] >= 4)
      .sort((a, b) => Math.min(mind.music[b], quiz.music[b]) - Math.min(mind.music[a], quiz.music[a]));
    if (loved[0]) {
      reasons.push({
        part: 'music',
        text: `Loves ${GENRE_WORDS[loved[0]]} too`,
        weight: MATCH_WEIGHTS.music,
      });
    }
    fits.nightlife = nightlifeCloseness(quiz, mind);
    // Named only from the drinks answer, never from cannabis comfort.
    if (quiz.drinks && mind.drinks) {
      reasons.push({ part: 'nightlife', text: 'Up for a drink too', weight: MATCH_WEIGHTS.nightlife * 0.6 });
    }
    fits.humour = humourCloseness(quiz, mind);
    if (fits.humour >= 0.85) {
      reasons.push({
        part: 'humour',
        text: 'A similar sense of humour',
        weight: MATCH_WEIGHTS.humour * fits.humour,
      });
    }
    fits.pace = closeness(quiz.pace, offerPace(guide.offers));
  }

  const parts = withQuiz ? [...PROFILE_PARTS, ...QUIZ_PARTS] : PROFILE_PARTS;
  const total = parts.reduce((sum, p) => sum + MATCH_WEIGHTS[p], 0);
  const got = parts.reduce((sum, p) => sum + MATCH_WEIGHTS[p] * (fits[p] ?? 0), 0);
  const score = Math.round((100 * got) / total);
  return {
    score,
    basis: withQuiz ? 'quiz' : 'profile',
    reasons: reasons
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 3)
      .map(({ part, text }) => ({ part, text })),
  };
}

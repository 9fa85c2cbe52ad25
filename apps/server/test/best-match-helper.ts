import {
  closeness,
  type GuideSide,
  humourCloseness,
  MATCH_WEIGHTS,
  matchScore,
  musicCloseness,
  nightlifeCloseness,
  offerPace,
  sharedLanguages,
  type TravellerSide,
} from '@lokal/shared/domain/match';

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The match score before rounding (decision 045): matchScore()'s sum of parts over its total, in its order, so
 * the doubles are the ones the function (and the database) adds up. Checked against matchScore(): rounded, it is
 * the card's score.
 */
export function exactMatch(t: TravellerSide, guide: GuideSide): number {
  const w = MATCH_WEIGHTS;
  const city = norm(t.city) !== '' && norm(t.city) === norm(guide.city) ? 1 : 0;
  const languages = sharedLanguages(t.languages, guide.languages).length > 0 ? 1 : 0;
  const offered = new Set(guide.offers.map(norm));
  const unique = [...new Set(t.wants.map(norm))];
  const shared = unique.filter((x) => offered.has(x)).length;
  const interests = unique.length === 0 ? 0.5 : Math.max(0, Math.min(1, shared / Math.min(unique.length, 3)));
  const max = t.budgetMaxUsd;
  const from = guide.fromUsd;
  const budget =
    max === null || from === null || max <= 0
      ? 0.5
      : from <= max
        ? 1
        : Math.max(0, Math.min(1, 2 - from / max));
  let got = 0 + w.city * city + w.languages * languages + w.interests * interests + w.budget * budget;
  let total = w.city + w.languages + w.interests + w.budget;
  const quiz = t.quiz;
  const mind = guide.temperament;
  if (quiz && mind) {
    got =
      got +
      w.music * musicCloseness(quiz.music, mind.music) +
      w.nightlife * nightlifeCloseness(quiz, mind) +
      w.humour * humourCloseness(quiz, mind) +
      w.pace * closeness(quiz.pace, offerPace(guide.offers));
    total = total + w.music + w.nightlife + w.humour + w.pace;
  }
  const exact = (100 * got) / total;
  if (Math.round(exact) !== matchScore(t, guide)?.score)
    throw new Error('exactMatch drifted from matchScore');
  return exact;
}

/** Guides in "Best match" order: the score before rounding, high to low, then the id. */
export function bestMatchOrder(t: TravellerSide, guides: Map<string, GuideSide>): string[] {
  return [...guides]
    .map(([id, side]) => ({ id, exact: exactMatch(t, side) }))
    .sort((a, b) => b.exact - a.exact || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => e.id);
}

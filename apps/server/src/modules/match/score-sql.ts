import {
  ANIME_SCALE,
  HUMOUR_MIX,
  MATCH_WEIGHTS,
  matchWord,
  NIGHTLIFE_MIX,
  type TravellerSide,
  wantsCounted,
} from '@lokal/shared/domain/match';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { guideProfiles as g } from '../../db/schema/profiles.ts';

// The match score of `matchScore` (packages/shared/src/domain/match.ts) as one SQL expression over the guide's
// stored side (decision 037): the same weights (MATCH_WEIGHTS), the same parts summed in the same order, in
// double precision, so the database and the function agree to the point. The traveller's side comes as the
// statement's parameters; a quiz adds the personality parts for guides who answered the assessment.

const p = (name: string) => sql`${sql.placeholder(`m_${name}`)}`;
const f = (n: number) => sql.raw(`${n}::float8`);
const w = (part: keyof typeof MATCH_WEIGHTS) => f(MATCH_WEIGHTS[part]);
const clamp01 = (x: SQL) => sql`greatest(0::float8, least(1::float8, ${x}))`;
/** closeness(a, b) of two 1–5 answers. */
const close = (a: SQL, b: SQL | AnyColumn) =>
  clamp01(sql`1::float8 - abs(${a}::float8 - ${b}::float8) / 4::float8`);

const city = sql`(case when ${p('city')}::text <> '' and ${g.matchCity} = ${p('city')}::text then 1::float8 else 0::float8 end)`;
const languages = sql`(case when ${g.matchLanguages} && ${p('langs')}::text[] then 1::float8 else 0::float8 end)`;
const shared = sql`(case when ${g.matchOffers} && ${p('wants')}::text[]
  then (select count(*) from unnest(${g.matchOffers}) o where o = any(${p('wants')}::text[]))::float8 else 0::float8 end)`;
const interests = sql`(case when ${p('den')}::int = 0 then 0.5::float8 else ${clamp01(sql`${shared} / ${p('den')}::float8`)} end)`;
const budget = sql`(case when ${p('budget')}::float8 is null or ${g.matchFromUsd} is null or ${p('budget')}::float8 <= 0 then 0.5::float8
  when ${g.matchFromUsd} <= ${p('budget')}::float8 then 1::float8
  else ${clamp01(sql`2::float8 - ${g.matchFromUsd} / ${p('budget')}::float8`)} end)`;
const music = sql`((${close(p('rap'), g.matchRap)} + ${close(p('techno'), g.matchTechno)} + ${close(p('rock'), g.matchRock)}) / 3::float8)`;
const nightlife = sql`(${f(NIGHTLIFE_MIX.drinks)} * (case when ${g.matchDrinks} = ${p('drinks')}::boolean then 1::float8 else 0::float8 end)
  + ${f(NIGHTLIFE_MIX.cannabis)} * ${close(p('cannabis'), g.matchCannabis)})`;
const humour = sql`(${f(HUMOUR_MIX.jokes)} * ${close(p('jokes'), g.matchJokes)} + ${f(HUMOUR_MIX.anime)} * ${close(p('anime'), g.matchAnime)})`;
const pace = close(p('pace'), g.matchPace);

const profileGot = sql`${w('city')} * ${city} + ${w('languages')} * ${languages} + ${w('interests')} * ${interests} + ${w('budget')} * ${budget}`;
const quizGot = sql`${profileGot} + ${w('music')} * ${music} + ${w('nightlife')} * ${nightlife} + ${w('humour')} * ${humour} + ${w('pace')} * ${pace}`;
const total = (parts: (keyof typeof MATCH_WEIGHTS)[]) => f(parts.reduce((s, k) => s + MATCH_WEIGHTS[k], 0));
const PROFILE = total(['city', 'languages', 'interests', 'budget']);
const ALL = total(Object.keys(MATCH_WEIGHTS) as (keyof typeof MATCH_WEIGHTS)[]);
/** Math.round of a non-negative score: ties go up, as in JavaScript (PostgreSQL's round goes to even). */
const rounded = (got: SQL, of: SQL) => sql`floor(100::float8 * (${got}) / ${of} + 0.5::float8)::int`;

/** The score expression, 0–100: with the traveller's quiz or from the profile only. */
export function matchScoreSql(withQuiz: boolean): SQL {
  if (!withQuiz) return rounded(profileGot, PROFILE);
  return sql`(case when ${g.matchRap} is null then ${rounded(profileGot, PROFILE)} else ${rounded(quizGot, ALL)} end)`;
}

/**
 * The score before rounding, 0–100 (decision 045): "Best match" orders by it, so guides of one rounded score
 * still come best first. Rounded, it is `matchScoreSql`.
 */
export function matchExactSql(withQuiz: boolean): SQL {
  const exact = (got: SQL, of: SQL) => sql`(100::float8 * (${got}) / ${of})`;
  if (!withQuiz) return exact(profileGot, PROFILE);
  return sql`(case when ${g.matchRap} is null then ${exact(profileGot, PROFILE)} else ${exact(quizGot, ALL)} end)`;
}

/**
 * The quiz's answers as a point of the `cube` extension, each scaled by the points one step apart costs (the
 * weights above; migration 0018's guide_match_point scales the assessment the same way): the taxicab distance
 * (`<#>`) of the traveller's point and a guide's is what the quiz parts lose, so those parts are 25 minus it.
 * Valid for answers on the 1–5 scales, where no closeness is clamped.
 */
export function quizPoint(quiz: NonNullable<TravellerSide['quiz']>): string {
  const perStep = (weight: number, mix = 1, of = 1) => (weight * mix) / of / 4;
  const xs = [
    quiz.music.rap * perStep(MATCH_WEIGHTS.music, 1, 3),
    quiz.music.techno * perStep(MATCH_WEIGHTS.music, 1, 3),
    quiz.music.rock * perStep(MATCH_WEIGHTS.music, 1, 3),
    quiz.drinks ? MATCH_WEIGHTS.nightlife * NIGHTLIFE_MIX.drinks : 0,
    quiz.cannabisComfort * perStep(MATCH_WEIGHTS.nightlife, NIGHTLIFE_MIX.cannabis),
    quiz.politicalJokes * perStep(MATCH_WEIGHTS.humour, HUMOUR_MIX.jokes),
    ANIME_SCALE[quiz.animeKdrama] * perStep(MATCH_WEIGHTS.humour, HUMOUR_MIX.anime),
    quiz.pace * perStep(MATCH_WEIGHTS.pace),
  ];
  return `(${xs.join(',')})`;
}

/** Points the quiz parts give at most (music, night life, humour, pace). */
export const QUIZ_POINTS =
  MATCH_WEIGHTS.music + MATCH_WEIGHTS.nightlife + MATCH_WEIGHTS.humour + MATCH_WEIGHTS.pace;

/**
 * The most profile points (city, languages, interests, budget) a guide can get from this traveller, in or out of
 * the traveller's city, when it offers `shared` of the traveller's wants: a shared language and a price within
 * the budget are assumed (decision 045: an upper bound, never below the guide's own).
 */
export function profileBound(t: TravellerSide, sameCity: boolean, shared: number): number {
  const den = wantsCounted(t.wants);
  const interests = den === 0 ? 0.5 : Math.min(shared, den) / den;
  const budget = t.budgetMaxUsd === null || t.budgetMaxUsd <= 0 ? 0.5 : 1;
  return (
    MATCH_WEIGHTS.city * (sameCity ? 1 : 0) +
    MATCH_WEIGHTS.languages * (t.languages.length > 0 ? 1 : 0) +
    MATCH_WEIGHTS.interests * interests +
    MATCH_WEIGHTS.budget * budget
  );
}

/** The traveller's side as the statement's parameter values. */
export function matchParams(t: TravellerSide): Record<string, unknown> {
  const q = t.quiz;
  return {
    m_city: matchWord(t.city),
    m_langs: [...new Set(t.languages.map(matchWord))],
    m_wants: [...new Set(t.wants.map(matchWord))],
    m_den: wantsCounted(t.wants),
    m_budget: t.budgetMaxUsd,
    ...(q
      ? {
          m_rap: q.music.rap,
          m_techno: q.music.techno,
          m_rock: q.music.rock,
          m_drinks: q.drinks,
          m_cannabis: q.cannabisComfort,
          m_jokes: q.politicalJokes,
          m_anime: ANIME_SCALE[q.animeKdrama],
          m_pace: q.pace,
        }
      : {}),
  };
}

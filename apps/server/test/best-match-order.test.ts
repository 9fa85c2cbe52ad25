import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touristProfiles } from '../src/db/schema/profiles.ts';
import {
  bestMatchOrder,
  exactMatch,
  guideSides,
  takeQuiz,
  travellerSideFor,
  walkSearch,
} from './best-match-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// "Best match" (docs/decisions/037-best-match.md): whatever the guides are like, paging with the cursor must give
// exactly the order of sorting every listed guide by matchScore() (the score before rounding, then the id), each
// guide once, with and without filters.
let t: Awaited<ReturnType<typeof createTestApp>>;
const JAMES = 'james.whitfield@demo.lokal.app';
const AISHA = 'aisha.rahman@demo.lokal.app';
const GUIDES = 300;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
  const db = t.database.db;
  // Guides with varied sides, each attribute from its own hash: three cities, four language sets, two of six
  // offers, prices inside, across and beyond a 100 USD budget, some without tours (no price) or without the
  // assessment, and answers on few values so that many guides tie.
  const pick = (salt: string, k: number) => sql.raw(`(abs(hashtext(n::text || '${salt}')) % ${k})`);
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, personality_test_completed)
    select 'order.guide.' || n || '@test.lokal.app', 'guide', 'Order Guide ' || n, true, true
    from generate_series(1, ${GUIDES}::int) n`);
  await db.execute(sql`
    insert into guide_profiles (user_id, first_name, last_name, age, city, country, profession, bio, image, rating,
      reviews, total_tours, price_min, price_max, specialties, languages, verified, tour_types, listed)
    select u.id, 'Order', 'Guide' || n, 30, (array['Lisbon','Porto','Paris'])[1 + ${pick('city', 3)}], 'Portugal',
      'Guide', 'A local.', '/api/avatars/bench-1.svg', 4.5, 10, 10,
      20 + 10 * ${pick('price', 22)}, 400,
      array[(array['Food & Dining','Nightlife','History','Wine','Art & Culture','Surfing'])[1 + ${pick('s1', 6)}],
        (array['Food & Dining','Nightlife','History','Wine','Art & Culture','Surfing'])[1 + ${pick('s2', 6)}]],
      case ${pick('lang', 4)} when 0 then array['English'] when 1 then array['Portuguese']
        when 2 then array['English','French'] else array['German'] end,
      false,
      case when ${pick('tours', 6)} = 0 then '[]'::jsonb
        else jsonb_build_array(jsonb_build_object('name', 'Walk', 'duration', '2 hours', 'price', 50)) end,
      true
    from users u
    cross join lateral (select substring(u.email from 'order\\.guide\\.(\\d+)@')::int as n) x
    where u.email like 'order.guide.%'`);
  await db.execute(sql`
    insert into guide_assessments (user_id, answers)
    select gp.user_id, jsonb_build_object(
      'languages', to_jsonb(gp.languages), 'customLanguage', '', 'occupation', 'Guide',
      'experiences', jsonb_build_array((array['Pub Crawls','Food & Dining','Hidden bars','Surfing'])[1 + ${pick('exp', 4)}]),
      'musicPreference', jsonb_build_object('rap', 1 + 2 * ${pick('rap', 3)}, 'techno', 3 + 2 * ${pick('techno', 2)},
        'rock', 3),
      'drinks', ${pick('drinks', 2)} = 0, 'cannabisComfort', 2, 'politicalJokes', 2 + 2 * ${pick('jokes', 2)},
      'animeKdrama', (array['yes','sometimes','no'])[1 + ${pick('anime', 3)}],
      'lgbtqFriendly', true, 'orientation', 'straight', 'hideProfile', false, 'relationshipStatus', 'no',
      'socialMedia', '@order', 'hideSocialMedia', false)
    from guide_profiles gp
    join users u on u.id = gp.user_id
    cross join lateral (select substring(u.email from 'order\\.guide\\.(\\d+)@')::int as n) x
    where u.email like 'order.guide.%' and ${pick('assessed', 5)} <> 0`);
}, 120_000);
afterAll(() => t.close());

const WANTS = {
  languages: ['English'],
  interests: ['Food & Dining', 'Wine', 'Surfing'],
  lookingFor: ['Nightlife', 'hidden bars'],
};

/**
 * A demo traveller in Lisbon made to want what the guides above offer (or `wants`), with or without the quiz;
 * their side and cookie.
 */
async function traveller(email: string, quiz: boolean, budgetMax: number, wants = WANTS) {
  const session = await mockSignIn(t.app, email, 'tourist');
  await t.database.db
    .update(touristProfiles)
    .set({ city: 'Lisbon', ...wants, budgetMax, currency: 'USD' })
    .where(eq(touristProfiles.userId, session.id));
  if (quiz) await takeQuiz(t, session.cookie);
  const side = await travellerSideFor(t, session);
  expect(side.quiz !== null).toBe(quiz);
  return { cookie: session.cookie, side };
}

describe('Best match over many varied guides', () => {
  it('pages through exactly the order of sorting every guide by matchScore(), with and without the quiz', async () => {
    const guides = await guideSides(t);
    expect(guides.size).toBeGreaterThan(GUIDES);
    for (const [email, quiz] of [
      [JAMES, true],
      [AISHA, false],
    ] as const) {
      const { cookie, side } = await traveller(email, quiz, 100);
      const expected = bestMatchOrder(side, guides);
      // Many guides share a rounded score: the order within it is the score before rounding, then the id.
      const rounded = new Set(expected.map((id) => Math.round(exactMatch(side, guides.get(id)!))));
      expect(rounded.size).toBeLessThan(expected.length / 4);
      const { guides: walked, pages } = await walkSearch(t, cookie, 'sort=best_match&limit=9');
      expect(pages).toBeGreaterThan(30);
      const ids = walked.map((g) => g.id);
      expect(new Set(ids).size, `${email}: a guide twice`).toBe(ids.length);
      expect(ids, email).toEqual(expected);
      // The cards show the rounded score.
      for (const card of walked.slice(0, 20)) {
        expect(card.match?.score).toBe(Math.round(exactMatch(side, guides.get(card.id)!)));
        expect(card.match?.basis).toBe(quiz && guides.get(card.id)!.temperament ? 'quiz' : 'profile');
      }
    }
  }, 300_000);

  it('pages through a city where every guide ties in id order', async () => {
    const guides = await guideSides(t);
    // No language, wish or budget: every guide of a city gets the same score, so the ids alone order it.
    const { cookie, side } = await traveller(AISHA, false, 0, {
      languages: [],
      interests: [],
      lookingFor: [],
    });
    const expected = bestMatchOrder(side, guides);
    const lisbon = expected.filter((id) => guides.get(id)!.city === 'Lisbon');
    expect(lisbon.length).toBeGreaterThan(50);
    expect(expected.slice(0, lisbon.length)).toEqual([...lisbon].sort());
    const { guides: walked } = await walkSearch(t, cookie, 'sort=best_match&limit=7');
    expect(walked.map((g) => g.id)).toEqual(expected);
  }, 300_000);

  it('keeps the order inside a filter, and without a budget', async () => {
    const guides = await guideSides(t);
    const { cookie, side } = await traveller(JAMES, true, 0);
    expect(side.budgetMaxUsd).toBeNull();
    const all = bestMatchOrder(side, guides);
    const porto = all.filter((id) => guides.get(id)!.city === 'Porto');
    expect(porto.length).toBeGreaterThan(50);
    const lisbon = all.filter((id) => guides.get(id)!.city === 'Lisbon');
    expect(
      (await walkSearch(t, cookie, 'sort=best_match&limit=8&city=Porto')).guides.map((g) => g.id),
    ).toEqual(porto);
    const { guides: walked } = await walkSearch(t, cookie, 'sort=best_match&limit=11&city=Lisbon');
    expect(walked.map((g) => g.id)).toEqual(lisbon);
    // A filter the database answers (the search text): the order of the guides it lets through.
    const { rows } = (await t.database.db.execute(
      sql`select user_id as id from guide_profiles where listed and search_text like '%surf%'`,
    )) as unknown as { rows: { id: string }[] };
    const surfing = new Set(rows.map((r) => r.id));
    expect(surfing.size).toBeGreaterThan(20);
    const searched = await walkSearch(t, cookie, 'sort=best_match&limit=10&q=surf');
    expect(searched.guides.map((g) => g.id)).toEqual(all.filter((id) => surfing.has(id)));
  }, 300_000);
});

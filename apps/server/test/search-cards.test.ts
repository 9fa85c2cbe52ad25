import {
  type GuideCard,
  guideCardSchema,
  guideProfileSchema,
  guideSearchResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideProfiles } from '../src/db/schema/profiles.ts';
import { type GuideCardRow, guideCardColumns, toGuideCard } from '../src/modules/discovery/cards.ts';
import { takeQuiz } from './best-match-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// Every guide card an API answers is the card toGuideCard() builds from the guide's row (docs/decisions/018,
// "Adding a field to the guide card"): the schema's keys and no other, every key filled, each value of the
// schema's type, text with quotes, back-slashes, line breaks and emoji intact, for every sort, filter and viewer.

let t: Awaited<ReturnType<typeof createTestApp>>;
const CARD_KEYS = Object.keys(guideCardSchema.shape)
  .filter((k) => k !== 'match')
  .sort();
/** The card without the match, with strict keys: a key the schema lacks, or one it has left unfilled, fails. */
const strictCard = guideCardSchema.omit({ match: true }).strict();

/** A guide's row with the first replies its card's track record reads. */
const cardRow = { ...getTableColumns(guideProfiles), replies: guideCardColumns.replies };

/** The API's card is the card of the row: the schema's every key, filled, and the values toGuideCard() gives. */
function expectCardOfRow(card: Omit<GuideCard, 'match'>, row: GuideCardRow, query: string) {
  expect(Object.keys(card).sort(), query).toEqual(CARD_KEYS);
  for (const key of CARD_KEYS) expect(card[key as keyof typeof card], `${query}: ${key}`).not.toBeUndefined();
  expect(strictCard.parse(card), query).toEqual(card);
  expect(card, query).toEqual(toGuideCard(row));
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
  const db = t.database.db;
  // A guide whose text needs escaping, without an age, tours or specialties, with a rating a real rounds.
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, personality_test_completed)
    values ('odd.card@test.lokal.app', 'guide', 'Odd Card', true, true)`);
  await db.execute(sql`
    insert into guide_profiles (user_id, first_name, last_name, age, city, country, profession, bio, image, rating,
      reviews, total_tours, price_min, price_max, specialties, languages, verified, tour_types, listed)
    select id, 'Zoë "Zed"', 'O''Brien \\ 🎉', null, 'Lisbon', 'Portugal', 'Fado singer',
      e'Line one\nline "two"\ttabbed \\ back-slash — ünïcödé 🎶', '/api/avatars/bench-1.svg', 4.35, 0, 0, 0, 0,
      '{}', array['Portuguese', 'English'], false, '[]'::jsonb, true
    from users where email = 'odd.card@test.lokal.app'`);
}, 120_000);
afterAll(() => t.close());

/** Every page of a search, and each answer's content type. */
async function walk(query: string, cookie?: string) {
  const cards: GuideCard[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await t.app.inject({
      url: `/api/guides/search?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const page = guideSearchResponseSchema.parse(JSON.parse(res.body));
    cards.push(...page.guides);
    cursor = page.nextCursor;
    if (!cursor) return cards;
  }
  throw new Error('the search never ended');
}

describe('Guide cards', () => {
  it('are the cards built from each guide’s row, key for key, for every sort, filter and viewer', async () => {
    const tourist = await mockSignIn(t.app, 'james.whitfield@demo.lokal.app', 'tourist');
    await takeQuiz(t, tourist.cookie);
    const queries = [
      'sort=best_match&limit=6',
      'sort=best_match&city=Lisbon&limit=3',
      'sort=best_match&language=Portuguese&limit=4',
      'limit=5',
      'sort=rating&limit=4',
      'sort=price_asc&limit=7',
      'sort=price_desc',
      'city=Lisbon&limit=3',
      'q=zed',
      'language=Portuguese&limit=6',
    ];
    let odd = 0;
    for (const viewer of [undefined, tourist.cookie]) {
      for (const query of queries) {
        // "Best match" is for a signed-in traveller only.
        if (!viewer && query.includes('best_match')) continue;
        const cards = await walk(query, viewer);
        expect(cards.length, query).toBeGreaterThan(0);
        const rows = await t.database.db
          .select(cardRow)
          .from(guideProfiles)
          .where(
            inArray(
              guideProfiles.userId,
              cards.map((c) => c.id),
            ),
          );
        const byId = new Map(rows.map((r) => [r.userId, r]));
        for (const card of cards) {
          const { match, ...rest } = card;
          expectCardOfRow(rest, byId.get(card.id)!, query);
          // A signed-in traveller's cards carry the match; nobody else's do.
          if (viewer) expect(match?.score, query).toEqual(expect.any(Number));
          else expect(match, query).toBeUndefined();
          if (card.name === 'Zoë "Zed" O\'Brien \\ 🎉') odd++;
        }
      }
    }
    // The odd guide was among them (Lisbon, Portuguese, "zed", every unfiltered sort), text intact.
    expect(odd).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('are the card of the guide profile too, with what the profile adds', async () => {
    const [row] = await t.database.db
      .select(cardRow)
      .from(guideProfiles)
      .where(eq(guideProfiles.listed, true))
      .limit(1);
    const res = await t.app.inject({ url: `/api/profiles/guide/${row!.userId}` });
    expect(res.statusCode, res.body).toBe(200);
    const { socialMedia: _s, pronouns: _p, ...card } = guideProfileSchema.parse(res.json().profile);
    expectCardOfRow(card, row!, 'profile');
  });

  it('follow every change to a guide’s row, by any writer', async () => {
    const db = t.database.db;
    const tourist = await mockSignIn(t.app, 'james.whitfield@demo.lokal.app', 'tourist');
    const expectCardsOfRows = async (query: string) => {
      const cards = await walk(query, tourist.cookie);
      expect(cards.length).toBeGreaterThan(5);
      const rows = new Map((await db.select(cardRow).from(guideProfiles)).map((r) => [r.userId, r]));
      for (const { match: _m, ...card } of cards) expectCardOfRow(card, rows.get(card.id)!, query);
      return cards;
    };
    await expectCardsOfRows('limit=20');
    // Every field of the card changed in the database at once, an age taken away and one given.
    await db.execute(sql`
      update guide_profiles set first_name = first_name || ' "Jr"', last_name = 'Ñandú \ 2', bio = e'Two\nlines',
        city = 'Porto', country = 'Portugal', profession = 'Tile maker', image = '/api/avatars/bench-2.svg',
        rating = rating + 0.15, reviews = reviews + 1, total_tours = total_tours + 2, price_min = 40,
        price_max = 90, specialties = array['Azulejos', 'Wine'], languages = array['Portuguese'],
        verified = not verified,
        tour_types = '[{"name": "Tile walk", "price": 40, "duration": "2 hours"}]'::jsonb,
        age = case when age is null then 41 else null end`);
    for (const query of ['limit=20', 'sort=best_match&limit=20']) {
      const cards = await expectCardsOfRows(query);
      expect(cards.filter((c) => c.city === 'Porto')).toHaveLength(cards.length);
    }
  }, 120_000);
});

import { type GuideCard, guideSearchResponseSchema } from '@lokal/shared/schemas/discovery';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideProfiles } from '../src/db/schema/profiles.ts';
import type { GuideCardRow } from '../src/modules/discovery/repository.ts';
import { toGuideCard } from '../src/modules/discovery/service.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// The search's cards are written by the database as the API sends them (decision 065), not built and encoded
// here. Every card must still be exactly the card toGuideCard() builds from the guide's row: the schema's keys
// and no other, each value of the schema's type, text with quotes, back-slashes, line breaks and emoji intact.

let t: Awaited<ReturnType<typeof createTestApp>>;
const CARD_KEYS = Object.keys(guideSearchResponseSchema.shape.guides.element.shape)
  .filter((k) => k !== 'match')
  .sort();

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
  const db = t.database.db;
  // A guide whose text needs escaping, without an age, tours or specialties, with a rating a real rounds.
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, personality_test_completed)
    values ('odd.card@test.lokal.app', 'guide', 'Odd Card', true, true)`);
  await db.execute(sql`
    insert into guide_profiles (user_id, first_name, last_name, age, city, country, profession, bio, image, rating,
      reviews, total_tours, price_min, price_max, specialties, languages, response_time, verified, tour_types, listed)
    select id, 'Zoë "Zed"', 'O''Brien \\ 🎉', null, 'Lisbon', 'Portugal', 'Fado singer',
      e'Line one\nline "two"\ttabbed \\ back-slash — ünïcödé 🎶', '/api/avatars/bench-1.svg', 4.35, 0, 0, 0, 0,
      '{}', array['Portuguese', 'English'], 'within a day', false, '[]'::jsonb, true
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

describe('Search cards written by the database', () => {
  it('are the cards built from each guide’s row, key for key, for every sort, filter and viewer', async () => {
    const tourist = await mockSignIn(t.app, 'james.whitfield@demo.lokal.app', 'tourist');
    const queries = [
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
        const cards = await walk(query, viewer);
        expect(cards.length, query).toBeGreaterThan(0);
        const rows = await t.database.db
          .select()
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
          expect(Object.keys(rest).sort(), query).toEqual(CARD_KEYS);
          expect(rest, query).toEqual(toGuideCard(byId.get(card.id)! as GuideCardRow));
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

  it('are kept with each guide’s row through every change to it, by any writer', async () => {
    const db = t.database.db;
    const keptCards = async () => {
      const rows = await db.select().from(guideProfiles);
      expect(rows.length).toBeGreaterThan(5);
      for (const row of rows) {
        expect(JSON.parse(row.card), row.firstName).toEqual(toGuideCard(row as GuideCardRow));
      }
      return rows;
    };
    await keptCards();
    // Every field of the card changed in the database at once, an age taken away and one given.
    await db.execute(sql`
      update guide_profiles set first_name = first_name || ' "Jr"', last_name = 'Ñandú \ 2', bio = e'Two\nlines',
        city = 'Porto', country = 'Portugal', profession = 'Tile maker', image = '/api/avatars/bench-2.svg',
        rating = rating + 0.15, reviews = reviews + 1, total_tours = total_tours + 2, price_min = 40,
        price_max = 90, specialties = array['Azulejos', 'Wine'], languages = array['Portuguese'],
        response_time = 'within an hour', verified = not verified,
        tour_types = '[{"name": "Tile walk", "price": 40, "duration": "2 hours"}]'::jsonb,
        age = case when age is null then 41 else null end`);
    const rows = await keptCards();
    expect(rows.filter((r) => JSON.parse(r.card).city === 'Porto')).toHaveLength(rows.length);
  }, 120_000);
});

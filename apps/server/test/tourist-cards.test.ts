import {
  type TouristCard,
  touristCardSchema,
  touristListResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import { toTouristCard } from '../src/modules/discovery/cards.ts';
import { createDiscoveryRepository } from '../src/modules/discovery/repository.ts';
import { takeQuiz } from './best-match-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// Every tourist card of the guide's list is the card toTouristCard() builds from the tourist's row, with this
// guide's match: the schema's keys and no other, each value of the schema's type, text with quotes,
// back-slashes, line breaks and emoji intact.

let t: Awaited<ReturnType<typeof createTestApp>>;
const CITY = 'Barcelona';
const CARD_KEYS = Object.keys(touristListResponseSchema.shape.tourists.element.shape).sort();

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  // A tourist whose text needs escaping, without an age, with a rating a real rounds and one guide kind only.
  await db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, personality_test_completed, last_active_at)
    values ('odd.tourist@test.lokal.app', 'tourist', 'Odd Tourist', true, true, now())`);
  await db.execute(sql`
    insert into tourist_profiles (user_id, first_name, last_name, age, city, country, occupation, bio, image,
      status, budget_min, budget_max, currency, interests, languages, looking_for, availability, rating, verified)
    select id, 'Zoë "Zed"', 'O''Brien \\ 🎉', null, ${CITY}, e'Côte\td''Ivoire', 'Cellist',
      e'Line one\nline "two"', '/api/avatars/member.svg', 'Luxury VIP Member', 150, 900, 'EUR',
      array['Nightlife', 'Art & "Culture"'], array['French'], '{}',
      '{"newGuides": false, "experiencedGuides": true}'::jsonb, 4.35, true
    from users where email = 'odd.tourist@test.lokal.app'`);
}, 120_000);
afterAll(() => t.close());

/** Every page of the guide's list, each answer held to the schema: no key it lacks, every value of its type. */
async function walk(cookie: string, query: string) {
  const cards: TouristCard[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await t.app.inject({
      url: `/api/guides/tourists?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(res.body);
    expect(body).toEqual(touristListResponseSchema.parse(body));
    cards.push(...body.tourists);
    cursor = body.nextCursor;
    if (!cursor) return cards;
  }
  throw new Error('the list never ended');
}

/** The card toTouristCard() builds from the tourist's row, as the list would show it to this guide now. */
let repository: ReturnType<typeof createDiscoveryRepository> | undefined;
const repo = () => (repository ??= createDiscoveryRepository(t.database.db));

async function builtCard(id: string, canContact: boolean) {
  const row = await repo().touristInCity(id, CITY, new Date(Date.now() - 30 * 86_400_000));
  expect(row, id).not.toBeNull();
  return toTouristCard(
    { profile: row!.profile, lastActive: row!.lastActive, reviews: row!.figures.reviews },
    Date.now(),
    canContact,
  );
}

describe('Tourist cards', () => {
  it('are the cards built from each tourist’s row, key for key, on every page and filter', async () => {
    const sofia = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    let odd = 0;
    for (const query of ['limit=2', 'limit=50', 'q=zed', 'category=Nightlife']) {
      const cards = await walk(sofia.cookie, query);
      expect(cards.length, query).toBeGreaterThan(0);
      for (const card of cards) {
        const { match, ...rest } = card;
        expect(Object.keys(card).sort(), query).toEqual(CARD_KEYS);
        expect(touristCardSchema.strict().parse(card), query).toEqual(card);
        expect(rest, query).toEqual(await builtCard(card.id, card.canContact));
        // Sofia has no quiz of her own to hide: her match with each traveller is on every card.
        expect(match?.score, query).toEqual(expect.any(Number));
        if (card.name === 'Zoë "Zed" O\'Brien \\ 🎉') {
          odd++;
          expect(card).toMatchObject({ country: "Côte\td'Ivoire", age: null, rating: 4.35, reviews: 0 });
          expect(card.availability).toEqual({ newGuides: false, experiencedGuides: true });
        }
      }
    }
    // The odd tourist was on the unfiltered walks, the name search and the nightlife category, text intact.
    expect(odd).toBe(4);
  }, 120_000);

  it('carry the match each traveller sees from their side of it, through a new quiz', async () => {
    const sofia = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const listed = async () => new Map((await walk(sofia.cookie, 'limit=50')).map((c) => [c.id, c.match]));
    const before = await listed();
    const accounts = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [...before.keys()]));
    expect(accounts.length).toBeGreaterThan(3);
    /** The traveller's match with Sofia as her page shows it to them: the same score on the same basis. */
    const seenBy = async (email: string) => {
      const me = await mockSignIn(t.app, email, 'tourist');
      const page = await t.app.inject({
        url: '/api/pages/guides/sofia-martinez',
        headers: { cookie: me.cookie },
      });
      expect(page.statusCode, page.body).toBe(200);
      return { cookie: me.cookie, match: page.json().match as { score: number; basis: string } };
    };
    for (const { id, email } of accounts) {
      const { match } = await seenBy(email);
      expect(before.get(id), email).toMatchObject({ score: match.score, basis: match.basis });
    }
    // One of them takes the quiz: the guide's list follows at once, on the quiz's basis.
    const { id, email } = accounts[0]!;
    const { cookie } = await seenBy(email);
    await takeQuiz(t, cookie);
    const after = (await listed()).get(id);
    const { match } = await seenBy(email);
    expect(match.basis).toBe('quiz');
    expect(after).toMatchObject({ score: match.score, basis: 'quiz' });
  }, 120_000);

  it('count the published reviews about each tourist through every review written, published, moved or removed', async () => {
    const db = t.database.db;
    const rowsOf = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: T[] };
    const sofia = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const [odd, other] = (
      await rowsOf<{ id: string }>(
        sql`select user_id as id from tourist_profiles where city = ${CITY} order by (first_name like 'Zoë%') desc, user_id limit 2`,
      )
    ).rows;
    // Every tourist's kept count equals the published reviews about them; the list shows the odd tourist's.
    const expectCounts = async (oddCount: number) => {
      const { rows } = await rowsOf<{ kept: number; live: number }>(sql`select t.reviews as kept,
        (select count(*)::int from reviews r where r.subject_id = t.user_id and r.published_at is not null) as live
        from tourist_profiles t`);
      for (const row of rows) expect(row.kept).toBe(row.live);
      const card = (await walk(sofia.cookie, 'q=zed')).find((c) => c.id === odd!.id);
      expect(card?.reviews).toBe(oddCount);
    };
    await expectCounts(0);
    // Reviews about the odd tourist on bookings of the seed, by authors who have not reviewed them yet.
    const { rows: pairs } = await rowsOf<{ booking: string; author: string }>(sql`
      select b.id as booking, b.guide_id as author from bookings b
      where not exists (select 1 from reviews r where r.booking_id = b.id and r.author_id = b.guide_id) limit 2`);
    expect(pairs).toHaveLength(2);
    const write = (i: number, published: boolean) =>
      rowsOf<{
        id: string;
      }>(sql`insert into reviews (booking_id, author_id, subject_id, rating, text, published_at)
        values (${pairs[i]!.booking}, ${pairs[i]!.author}, ${odd!.id}, 5, 'Lovely guest',
          ${published ? sql`now()` : sql`null`}) returning id`).then((r) => r.rows[0]!.id);
    const shown = await write(0, true);
    await expectCounts(1);
    const waiting = await write(1, false);
    await expectCounts(1);
    await db.execute(sql`update reviews set published_at = now() where id = ${waiting}`);
    await expectCounts(2);
    await db.execute(sql`update reviews set published_at = null where id = ${shown}`);
    await expectCounts(1);
    await db.execute(sql`update reviews set subject_id = ${other!.id} where id = ${waiting}`);
    await expectCounts(0);
    await db.execute(
      sql`update reviews set subject_id = ${odd!.id}, published_at = now() where id = ${shown}`,
    );
    await expectCounts(1);
    await db.execute(sql`delete from reviews where id in (${shown}, ${waiting})`);
    await expectCounts(0);
  }, 120_000);

  it('follow every change to a tourist’s row, by any writer', async () => {
    const sofia = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    // Every field of the card changed in the database at once (the city kept: the list is the guide's city's),
    // an age taken away and one given.
    await t.database.db.execute(sql`update tourist_profiles set first_name = first_name || ' "Jr"',
      last_name = 'Ñandú \\ 2', country = 'Portugal', image = '/api/avatars/bench-2.svg', rating = rating + 0.15,
      status = case status when 'Gold Member' then 'Premium Member' else 'Gold Member' end,
      budget_min = budget_min + 10, budget_max = budget_max + 20, currency = 'GBP',
      interests = array['Azulejos', 'Wine'], languages = array['Portuguese'], looking_for = array['Food'],
      availability = jsonb_build_object('newGuides', not (availability->>'newGuides')::boolean,
        'experiencedGuides', (availability->>'experiencedGuides')::boolean),
      verified = not verified, age = case when age is null then 41 else null end`);
    const cards = await walk(sofia.cookie, 'limit=50');
    expect(cards.length).toBeGreaterThan(3);
    for (const { match: _m, ...card } of cards) {
      expect(card).toEqual(await builtCard(card.id, card.canContact));
      expect(card).toMatchObject({
        country: 'Portugal',
        languages: ['Portuguese'],
        budget: { currency: 'GBP' },
      });
    }
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, type Session } from './actors-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// One honest track record on cards and pages, and search that forgives accents and case
// (docs/product.md#track-record, #finding-a-guide; docs/decisions/092-search-normalized.md).

let t: Awaited<ReturnType<typeof createTestApp>>;
let tourist: Awaited<ReturnType<typeof mockSignIn>>;
let staff: Session;

const get = async (url: string, cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
type Card = { name: string; slug: string; city: string; track: Record<string, unknown> };
const search = async (q: string) =>
  (await get(`/api/guides/search?q=${encodeURIComponent(q)}`, tourist.cookie)).guides as Card[];
const inCity = async (city: string, sort = 'recommended') =>
  (await get(`/api/guides/search?city=${encodeURIComponent(city)}&sort=${sort}&limit=50`, tourist.cookie))
    .guides as Card[];

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  t = await createTestApp({ seed: true });
  tourist = await mockSignIn(t.app, 'james.whitfield@demo.lokal.app', 'tourist');
  staff = (await createWorld(t.app, t.config, t.database).staffNow())!;
  // A guide new on Lokal: listed with one experience's price, no tour completed, no review, no country.
  await t.database.db.execute(sql`
    insert into users (email, role, display_name, onboarding_completed, personality_test_completed)
    values ('lucia.new@test.lokal.app', 'guide', 'Lucía Ñandú', true, true)`);
  await t.database.db.execute(sql`
    insert into guide_profiles (user_id, first_name, last_name, age, city, country, profession, bio, image,
      price_min, price_max, languages, tour_types, listed)
    select id, 'Lucía', 'Ñandú', 34, 'São Paulo', '', 'Architect', 'Modernism on foot.',
      '/api/avatars/bench-1.svg', 130, 130, array['Portuguese'],
      '[{"name": "Modernist walk", "duration": "3 hours", "price": 130}]'::jsonb, true
    from users where email = 'lucia.new@test.lokal.app'`);
}, 120_000);
afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
});

describe('Search that forgives', () => {
  it('finds Lucía by "lucia", "LUCIA" and "Lucía", and São Paulo by "sao paulo"', async () => {
    for (const q of ['lucia', 'LUCIA', 'Lucía', 'nandu', 'sao paulo', 'SÃO PAULO']) {
      expect(
        (await search(q)).map((g) => g.name),
        q,
      ).toContain('Lucía Ñandú');
    }
    expect(await search('lucianna')).toEqual([]);
  });

  it('finds São Paulo by the city filter "sao paulo", and Barcelona by "BARCELONA", in every sort', async () => {
    for (const sort of ['recommended', 'rating', 'price_asc', 'price_desc', 'best_match']) {
      for (const city of ['sao paulo', 'SAO PAULO', 'São Paulo', 'são paulo']) {
        expect(
          (await inCity(city, sort)).map((g) => g.name),
          `${city} ${sort}`,
        ).toEqual(['Lucía Ñandú']);
      }
      const barcelona = await inCity('BARCELONA', sort);
      expect(barcelona.length, sort).toBeGreaterThan(0);
      expect(
        barcelona.every((g) => g.city === 'Barcelona'),
        sort,
      ).toBe(true);
      expect(await inCity('barcelonaa', sort), sort).toEqual([]);
    }
  });

  it('answers the folded city filter from the per-city indexes', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select user_id from guide_profiles
        where listed and lokal_search_fold(city) = lokal_search_fold('sao paulo')
        order by verified desc, rating desc, user_id limit 13`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toMatch(/guide_profiles_city_\w+_idx/);
  });

  it('forgives accents in the staff console’s member search too', async () => {
    const { users } = await get('/api/admin/users?q=lucia%20nandu', staff.cookie);
    expect(users.map((u: { email: string }) => u.email)).toContain('lucia.new@test.lokal.app');
  });
});

describe('One honest track record', () => {
  it('says a new guide is new on Lokal, with no reply time, "From $130" and no dangling comma', async () => {
    const card = (await search('lucia')).find((g) => g.name === 'Lucía Ñandú');
    expect(card!.track).toEqual({
      newOnLokal: true,
      replyTime: null,
      tours: null,
      reviews: null,
      experiences: '1 experience',
      price: 'From $130',
      location: 'São Paulo',
    });
  });

  it("shows a guide's prices in the guide's own currency", async () => {
    await t.database.db.execute(sql`
      update guide_profiles set tour_types =
        '[{"name": "Modernist walk", "duration": "3 hours", "price": 130, "amount": 650, "currency": "BRL"},
          {"name": "Favela art", "duration": "4 hours", "price": 200, "amount": 1000, "currency": "BRL"}]'::jsonb
      where first_name = 'Lucía'`);
    // A query not asked before: the search answers a repeated one from its page of the last second.
    const card = (await search('ÑANDÚ')).find((g) => g.name === 'Lucía Ñandú');
    expect(card!.track).toMatchObject({ price: 'R$650–R$1,000', experiences: '2 experiences' });
    await t.database.db.execute(sql`
      update guide_profiles set tour_types =
        '[{"name": "Modernist walk", "duration": "3 hours", "price": 130}]'::jsonb
      where first_name = 'Lucía'`);
  });

  it('gives the experience page, the landing and the shared-link previews the same track record', async () => {
    const [sofia] = await search('sofia');
    const page = await get(`/api/pages/guides/${sofia!.slug}`, tourist.cookie);
    const [first] = page.details.experiences as { id: string }[];
    for (const cookie of [tourist.cookie, undefined]) {
      const xp = await get(`/api/pages/experiences/${first!.id}`, cookie);
      expect(xp.preview.guide.track).toEqual(sofia!.track);
      expect((await get(`/api/pages/guides/${sofia!.slug}`, cookie)).preview.track).toEqual(sofia!.track);
    }
    const { guides } = await get('/api/showcase');
    expect(guides.length).toBeGreaterThan(0);
    for (const card of guides as { slug: string; location: string; track: Record<string, unknown> }[]) {
      const [found] = await search(card.slug.split('-')[0]!);
      const same = (await search(String(found?.name ?? ''))).find((g) => g.slug === card.slug);
      expect(card.track, card.slug).toEqual(same!.track);
      expect(card.location).toBe(card.track.location);
    }
  });

  it('gives the card and the guide page the same track record', async () => {
    for (const q of ['lucia ñandú', 'sofia']) {
      const [card] = await search(q);
      const page = await get(`/api/pages/guides/${card!.slug}`, tourist.cookie);
      expect(page.preview.track, q).toEqual(card!.track);
      const profile = await get(`/api/profiles/guide/${page.preview.id}`);
      expect(profile.profile.track, q).toEqual(card!.track);
    }
  });

  it('does not call a reviewed guide new, and counts reviews with the right plural', async () => {
    const [sofia] = await search('sofia');
    const page = await get(`/api/pages/guides/${sofia!.slug}`, tourist.cookie);
    expect(sofia!.track.newOnLokal).toBe(false);
    expect(sofia!.track.reviews).toBe(
      `${page.preview.reviews} review${page.preview.reviews === 1 ? '' : 's'}`,
    );
    expect(page.preview.reviews).toBeGreaterThan(0);
  });
});

describe('A new guide, then one tour and one review', () => {
  it('is new on Lokal with a price in euros, then counts "1 tour" and "1 review" everywhere', async () => {
    const world = createWorld(t.app, t.config, t.database);
    const guide = (await world.makeActor('guide', 'euro'))!;
    const experienceId = await world.offerOf(guide); // published at €90 per person
    const trackNow = async () => {
      const { profile } = await get(`/api/profiles/guide/${guide.id}`, tourist.cookie);
      const page = await get(`/api/pages/experiences/${experienceId}`, tourist.cookie);
      const visitor = await get(`/api/pages/experiences/${experienceId}`);
      expect(page.preview.guide.track).toEqual(profile.track);
      expect(visitor.preview.guide.track).toEqual(profile.track);
      return profile.track;
    };
    expect(await trackNow()).toMatchObject({
      newOnLokal: true,
      tours: null,
      reviews: null,
      replyTime: null,
      price: 'From €90',
    });

    const traveller = (await world.makeActor('tourist', 'reviewer'))!;
    const booking = await world.completedBooking(traveller, guide);
    // Both sides review, so the reviews are published at once (docs/product.md#reviews).
    await world.must({
      method: 'POST',
      url: `/api/bookings/${booking}/review`,
      as: traveller,
      payload: { rating: 5, text: 'Wonderful night.' },
      status: 201,
    });
    await world.must({
      method: 'POST',
      url: `/api/bookings/${booking}/review`,
      as: guide,
      payload: { rating: 5, text: 'A lovely guest.' },
      status: 201,
    });
    expect(await trackNow()).toMatchObject({
      newOnLokal: false,
      tours: '1 tour',
      reviews: '1 review',
      price: 'From €90',
    });
  });
});

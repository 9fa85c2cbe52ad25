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
const search = async (q: string) =>
  (await get(`/api/guides/search?q=${encodeURIComponent(q)}`, tourist.cookie)).guides as {
    name: string;
    slug: string;
    track: Record<string, unknown>;
  }[];

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

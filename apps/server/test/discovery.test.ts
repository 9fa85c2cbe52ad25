import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createDiscoveryRepository } from '../src/modules/discovery/repository.ts';
import { createTestApp, mockSignIn } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;

type Card = {
  id: string;
  name: string;
  city: string;
  specialties: string[];
  languages: string[];
  track: { price: string | null };
};

/** The lowest and highest price of a card's "From $130" or "$90–$200". */
const pricesOf = (g: Card) => (g.track.price?.match(/\d+/g) ?? []).map(Number);

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/guides/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { guides: Card[]; nextCursor: string | null };
}

async function allPages(query: string): Promise<Card[]> {
  const out: Card[] = [];
  let cursor: string | null = null;
  do {
    const page = await search(`${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...page.guides);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

async function addGuide(over: Partial<typeof guideProfiles.$inferInsert> & { email?: string } = {}) {
  const { email = `g${Date.now()}.${n++}@example.com`, ...profile } = over;
  const [u] = await t.database.db
    .insert(users)
    .values({ email, role: 'guide', onboardingCompleted: true, personalityTestCompleted: true })
    .returning();
  await t.database.db.insert(guideProfiles).values({
    userId: u!.id,
    firstName: 'Test',
    lastName: `Guide${n}`,
    city: 'Lisbon',
    country: 'Portugal',
    profession: 'Painter',
    image: '/api/avatars/x.svg',
    specialties: ['Art & Culture'],
    languages: ['English'],
    priceMin: 50,
    priceMax: 90,
    rating: 4.5,
    listed: true,
    ...profile,
  });
  return u!.id;
}

const signIn = async (email: string, userType: 'tourist' | 'guide') =>
  (await mockSignIn(t.app, email, userType)).cookie;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('GET /api/guides/search', () => {
  it('lists guides with every field of the sample guide card, verified first', async () => {
    const { guides } = await search('limit=50');
    expect(guides.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(guides[0]!).sort()).toEqual(
      [
        'age',
        'bio',
        'city',
        'country',
        'id',
        'image',
        'languages',
        'name',
        'profession',
        'rating',
        'reviews',
        'slug',
        'specialties',
        'thumbnail',
        'totalTours',
        'track',
        'tourTypes',
        'verified',
      ].sort(),
    );
    const flags = guides.map((g) => (g as unknown as { verified: boolean }).verified);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false)).every((v) => v === false)).toBe(true);
  });

  it('matches name, city, profession and specialties case-insensitively', async () => {
    expect((await search('q=SOFIA')).guides.map((g) => g.name)).toContain('Sofia Martinez');
    expect((await search('q=tokyo')).guides.every((g) => g.city === 'Tokyo')).toBe(true);
    expect((await search('q=historian')).guides.length).toBeGreaterThan(0);
    expect((await search('q=street%20art')).guides.length).toBeGreaterThan(0);
    expect((await search('q=zzzznothing')).guides).toEqual([]);
  });

  it('filters by category, city, language and price, alone and together', async () => {
    const night = await allPages('category=Nightlife');
    expect(night.length).toBeGreaterThan(0);
    expect(night.every((g) => g.specialties.includes('Nightlife'))).toBe(true);
    const paris = await allPages('city=paris');
    expect(paris.length).toBeGreaterThan(0);
    expect(paris.every((g) => g.city === 'Paris')).toBe(true);
    const french = await allPages('language=French');
    expect(french.every((g) => g.languages.includes('French'))).toBe(true);
    const cheap = await allPages('maxPrice=90');
    expect(cheap.every((g) => pricesOf(g)[0]! <= 90)).toBe(true);
    const rich = await allPages('minPrice=200');
    expect(rich.every((g) => pricesOf(g).at(-1)! >= 200)).toBe(true);
    const combo = await allPages('category=Nightlife&city=Barcelona&language=Spanish');
    expect(combo.map((g) => g.name)).toContain('Sofia Martinez');
    expect(combo.every((g) => g.city === 'Barcelona' && g.specialties.includes('Nightlife'))).toBe(true);
    expect((await allPages('category=All')).length).toBe((await allPages('sort=recommended')).length);
  });

  it('matches %, _, quote and backslash literally', async () => {
    await addGuide({ firstName: 'Percy', lastName: '100%_Real', profession: "O'Neil \\ Co" });
    expect((await search('q=100%25_')).guides.map((g) => g.name)).toEqual(['Percy 100%_Real']);
    expect((await search('q=%25')).guides.map((g) => g.name)).toEqual(['Percy 100%_Real']);
    expect((await search('q=_')).guides.map((g) => g.name)).toEqual(['Percy 100%_Real']);
    expect((await search(`q=${encodeURIComponent("o'neil \\")}`)).guides.map((g) => g.name)).toEqual([
      'Percy 100%_Real',
    ]);
  });

  it('shows lists of words exactly as saved: commas, quotes, braces, backslashes and accents', async () => {
    const specialties = ['Food, wine & "tapas"', 'Back\\slash {braces}', 'NULL'];
    const languages = ['Português', 'Ελληνικά'];
    await addGuide({ firstName: 'Listy', lastName: 'Words', specialties, languages });
    const [card] = (await search('q=listy')).guides;
    expect(card).toMatchObject({ name: 'Listy Words', specialties, languages });
  });

  it('pages with a cursor that stays stable when guides are added', async () => {
    for (const sort of ['recommended', 'rating', 'price_asc', 'price_desc']) {
      const first = await search(`sort=${sort}&limit=10`);
      // A new guide with top values: it lands before the cursor, or after it when it ties the cursor's row
      // and its random id sorts later. Either way the next page starts right after the first page's last row.
      await addGuide({ rating: 5, verified: true, priceMin: 1, priceMax: 999 });
      const second = await search(`sort=${sort}&limit=10&cursor=${first.nextCursor}`);
      const ids = [...first.guides, ...second.guides].map((g) => g.id);
      expect(new Set(ids).size, sort).toBe(20);
      const now = (await search(`sort=${sort}&limit=50`)).guides.map((g) => g.id);
      const last = now.indexOf(first.guides.at(-1)!.id);
      expect(last, sort).toBeGreaterThanOrEqual(9);
      expect(
        second.guides.map((g) => g.id),
        sort,
      ).toEqual(now.slice(last + 1, last + 11));
    }
  });

  it('never lists hidden or unfinished guides, in search, by tour type or as a profile', async () => {
    const hidden = await addGuide({
      firstName: 'Hidden',
      lastName: 'Person',
      listed: false,
      hideProfile: true,
    });
    expect((await search('q=hidden%20person')).guides).toEqual([]);
    const byType = await t.app.inject({
      url: '/api/guides/search/by-tour-type?tourType=Pub%20Crawls&limit=50',
    });
    expect(byType.json().guides.map((g: Card) => g.id)).not.toContain(hidden);
    expect((await t.app.inject({ url: `/api/profiles/guide/${hidden}` })).statusCode).toBe(404);
  });

  it('finds guides by tour type, with extra filters', async () => {
    const res = await t.app.inject({
      url: '/api/guides/search/by-tour-type?tourType=Pub%20Crawls&city=Barcelona',
    });
    expect(res.statusCode).toBe(200);
    const guides = res.json().guides as (Card & { tourTypes: { name: string }[] })[];
    expect(guides.length).toBeGreaterThan(0);
    expect(
      guides.every((g) => g.tourTypes.some((x) => x.name === 'Pub Crawls') && g.city === 'Barcelona'),
    ).toBe(true);
    expect((await t.app.inject({ url: '/api/guides/search/by-tour-type' })).statusCode).toBe(400);
  });

  it('refuses bad filters and cursors with a 400 JSON error', async () => {
    for (const q of [
      'limit=0',
      'limit=51',
      'minPrice=-1',
      'sort=random',
      'cursor=not-a-cursor',
      // Shaped like a real cursor, with an id PostgreSQL would refuse (36 dashes): still the client's mistake.
      `cursor=${Buffer.from(JSON.stringify({ v: true, r: 5, id: '-'.repeat(36), pMin: 0, pMax: 0 })).toString('base64url')}`,
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ url: `/api/guides/search?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('is served from indexes, never a sequential scan of the guide table', async () => {
    const repo = createDiscoveryRepository(t.database.db);
    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const context = { rates: { USD: 1, EUR: 0.9 }, now: new Date() };
    for (const filters of [
      {},
      { q: 'sofia' },
      { category: 'Nightlife' },
      { language: 'French' },
      { city: 'paris' },
      { tourType: 'Pub Crawls' },
      { date: inTwoWeeks, party: 3 },
      {
        city: 'paris',
        date: inTwoWeeks,
        type: 'Food & Dining' as const,
        maxPrice: 90,
        currency: 'EUR' as const,
      },
    ]) {
      const plan = await repo.explainSearch(filters, context);
      expect(plan, JSON.stringify(filters)).not.toMatch(
        /Seq Scan on (guide_profiles|guide_availability|availability_exceptions|bookings|experiences)/,
      );
      expect(plan).toMatch(/Index|Bitmap/);
    }
  });
});

describe('GET /api/profiles/{type}/{id}', () => {
  it("hides a guide's handle unless shown to all or the viewer is a VIP tourist", async () => {
    const open = await addGuide({ socialMedia: '@open', hideSocialMedia: false });
    const hidden = await addGuide({ socialMedia: '@secret', hideSocialMedia: true });
    expect((await t.app.inject({ url: `/api/profiles/guide/${open}` })).json().profile.socialMedia).toBe(
      '@open',
    );
    expect(
      (await t.app.inject({ url: `/api/profiles/guide/${hidden}` })).json().profile.socialMedia,
    ).toBeNull();

    const vip = await signIn('james.whitfield@demo.lokal.app', 'tourist');
    const gold = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    const seen = (cookie: string) =>
      t.app
        .inject({ url: `/api/profiles/guide/${hidden}`, headers: { cookie } })
        .then((r) => r.json().profile.socialMedia);
    expect(await seen(vip)).toBe('@secret');
    expect(await seen(gold)).toBeNull();
  });

  it('answers an unknown or malformed id with 404/400', async () => {
    expect(
      (await t.app.inject({ url: '/api/profiles/guide/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/profiles/guide/not-a-uuid' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/profiles/alien/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(400);
  });
});

describe('favorites', () => {
  it('are idempotent and private to each user', async () => {
    const a = await signIn(`fa${Date.now()}@example.com`, 'tourist');
    const b = await signIn(`fb${Date.now()}@example.com`, 'tourist');
    const fav = { profileId: 'sofia-martinez-28', profileType: 'guide', profileName: 'Sofia Martinez' };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/favorites/add',
        payload: fav,
        headers: { cookie: a },
      });
      expect(res.statusCode).toBe(200);
    }
    const mine = (await t.app.inject({ url: '/api/favorites', headers: { cookie: a } })).json().favorites;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject(fav);
    expect((await t.app.inject({ url: '/api/favorites', headers: { cookie: b } })).json().favorites).toEqual(
      [],
    );
    // B removing A's favorite changes nothing for A.
    await t.app.inject({
      method: 'POST',
      url: '/api/favorites/remove',
      payload: fav,
      headers: { cookie: b },
    });
    expect(
      (await t.app.inject({ url: '/api/favorites', headers: { cookie: a } })).json().favorites,
    ).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/favorites/remove',
        payload: fav,
        headers: { cookie: a },
      });
      expect(res.json().favorites).toEqual([]);
    }
  });

  it('need a session and a valid payload', async () => {
    expect((await t.app.inject({ url: '/api/favorites' })).statusCode).toBe(401);
    const a = await signIn(`fc${Date.now()}@example.com`, 'tourist');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/favorites/add',
      payload: { profileId: '', profileType: 'planet', profileName: 'x' },
      headers: { cookie: a },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the guide side', () => {
  async function guideCookie(opts: { verified: boolean; test: boolean; city: string }) {
    const email = `gs${Date.now()}.${n++}@example.com`;
    const id = await addGuide({ email, verified: opts.verified, city: opts.city });
    await t.database.db
      .update(users)
      .set({ personalityTestCompleted: opts.test })
      .where(sql`${users.id} = ${id}`);
    return signIn(email, 'guide');
  }

  it("lists the tourists of the guide's city, premium first, with real figures", async () => {
    const cookie = await guideCookie({ verified: true, test: true, city: 'Paris' });
    const res = await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.city).toBe('Paris');
    expect(body.tourists.length).toBeGreaterThan(0);
    expect(body.tourists.every((x: { city: string }) => x.city === 'Paris')).toBe(true);
    const ranks = body.tourists.map((x: { status: string }) =>
      ['Luxury VIP Member', 'Premium Member', 'Gold Member'].indexOf(x.status),
    );
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    expect(body.stats).toEqual({
      thisWeek: 0,
      earnings: 0,
      rating: 4.5,
      responseRate: null,
      response: expect.objectContaining({ measured: false, rate: null }),
    });
    expect(body.tourists.every((x: { canContact: boolean }) => x.canContact)).toBe(true);

    const searched = await t.app.inject({ url: '/api/guides/tourists?q=aisha', headers: { cookie } });
    expect(searched.json().tourists.map((x: { name: string }) => x.name)).toEqual(['Aisha Rahman']);
  });

  it("counts the city's Luxury VIP and Premium tourists online, also when the search finds nobody", async () => {
    const city = `Ghent${n++}`;
    const now = Date.now();
    const tourist = async (
      status: (typeof touristProfiles.$inferInsert)['status'],
      ago: number,
      suspended = false,
    ) => {
      const at = new Date(now - ago);
      const [u] = await t.database.db
        .insert(users)
        .values({
          email: `hv${now}.${n++}@example.com`,
          role: 'tourist',
          onboardingCompleted: true,
          lastActiveAt: at,
          suspendedAt: suspended ? at : null,
        })
        .returning();
      await t.database.db.insert(touristProfiles).values({
        userId: u!.id,
        firstName: 'Hv',
        lastName: `Tourist${n}`,
        city,
        occupation: 'Architect',
        image: '/api/avatars/x.svg',
        status,
        lastActiveAt: at,
      });
    };
    await tourist('Luxury VIP Member', 60_000);
    await tourist('Premium Member', 2 * 60_000);
    await tourist('Premium Member', 60 * 60_000); // not online: an hour ago
    await tourist('Gold Member', 60_000); // online, not high value
    await tourist('Luxury VIP Member', 60_000, true); // suspended
    const cookie = await guideCookie({ verified: true, test: true, city });
    const list = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json();
    expect(list.tourists).toHaveLength(4);
    expect(list.highValueOnline).toBe(2);
    const none = (await t.app.inject({ url: '/api/guides/tourists?q=nobody', headers: { cookie } })).json();
    expect(none.tourists).toEqual([]);
    expect(none.highValueOnline).toBe(2);
  });

  it("opens the profile of every traveller on a verified guide's list, not only the top 3", async () => {
    const cookie = await guideCookie({ verified: true, test: true, city: 'Paris' });
    const list = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json();
    const top = (await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie } })).json();
    const topIds = new Set(top.tourists.map((x: { id: string }) => x.id));
    const beyond = list.tourists.filter((x: { id: string }) => !topIds.has(x.id));
    expect(beyond.length).toBeGreaterThan(0);
    for (const listed of list.tourists as { id: string; name: string }[]) {
      const res = await t.app.inject({ url: `/api/profiles/tourist/${listed.id}`, headers: { cookie } });
      expect(res.statusCode, listed.name).toBe(200);
      expect(res.json()).toMatchObject({ type: 'tourist', profile: { id: listed.id, name: listed.name } });
    }
  });

  it('lets an unverified guide contact only the top 3 of the city who welcome new guides', async () => {
    const cookie = await guideCookie({ verified: false, test: true, city: 'Lisbon' });
    const list = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json();
    const allowed = list.tourists.filter((x: { canContact: boolean }) => x.canContact);
    expect(allowed.length).toBeLessThanOrEqual(3);
    expect(allowed.every((x: { availability: { newGuides: boolean } }) => x.availability.newGuides)).toBe(
      true,
    );
    const refused = list.tourists.find((x: { canContact: boolean }) => !x.canContact);
    expect(refused).toBeDefined();
    const res = await t.app.inject({ url: `/api/profiles/tourist/${refused.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('verification-required');
    const ok = await t.app.inject({ url: `/api/profiles/tourist/${allowed[0].id}`, headers: { cookie } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses tourist profiles to a guide without the personality test, and to tourists', async () => {
    const cookie = await guideCookie({ verified: true, test: false, city: 'Paris' });
    const [anyTourist] = await t.database.db
      .select({ id: touristProfiles.userId })
      .from(touristProfiles)
      .limit(1);
    const res = await t.app.inject({ url: `/api/profiles/tourist/${anyTourist!.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('personality-test-required');
    const tourist = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    expect(
      (await t.app.inject({ url: `/api/profiles/tourist/${anyTourist!.id}`, headers: { cookie: tourist } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/profiles/tourist/${anyTourist!.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie: tourist } })).statusCode,
    ).toBe(403);
  });

  it('ranks the top 3 premium tourists of the city on the server', async () => {
    const cookie = await guideCookie({ verified: true, test: true, city: 'Lisbon' });
    const res = await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const top = res.json().tourists as {
      name: string;
      score: number;
      status: string;
      profileImages: string[];
    }[];
    expect(top).toHaveLength(3);
    expect(top.map((x) => x.score)).toEqual([...top.map((x) => x.score)].sort((a, b) => b - a));
    expect(top[0]!.name).toBe('James Whitfield');
    expect(top[0]!.profileImages.length).toBeGreaterThan(1);
    // Counted from the seeded chat and reviews: 28 guides wrote to James this month, he answered 2 (7 %).
    expect(top[0]).toMatchObject({ requestsLast30Days: 28, acceptanceRate: 7 });
    const james = top[0] as unknown as {
      rating: number;
      reviews: number;
      recentReviews: { rating: number }[];
    };
    expect(james.reviews).toBeGreaterThan(0);
    expect(james.rating).toBeGreaterThan(0);
    expect(james.recentReviews.length).toBe(Math.min(3, james.reviews));
  });

  it('reports verification', async () => {
    const v = await guideCookie({ verified: true, test: true, city: 'Paris' });
    const u = await guideCookie({ verified: false, test: true, city: 'Paris' });
    expect((await t.app.inject({ url: '/api/guides/verification', headers: { cookie: v } })).json()).toEqual({
      verified: true,
      status: 'verified',
      rejectionReason: null,
    });
    expect((await t.app.inject({ url: '/api/guides/verification', headers: { cookie: u } })).json()).toEqual({
      verified: false,
      status: 'pending',
      rejectionReason: null,
    });
  });
});

describe("tourist privacy: onboarding, the assessment and a city first, the guide's city only", () => {
  async function guide(opts: { onboarded?: boolean; test?: boolean; verified?: boolean; city: string }) {
    const email = `gp${Date.now()}.${n++}@example.com`;
    const id = await addGuide({ email, verified: opts.verified ?? true, city: opts.city });
    await t.database.db
      .update(users)
      .set({ onboardingCompleted: opts.onboarded ?? true, personalityTestCompleted: opts.test ?? true })
      .where(sql`${users.id} = ${id}`);
    return signIn(email, 'guide');
  }
  const touristOf = async (city: string) => {
    const [row] = await t.database.db
      .select({ id: touristProfiles.userId })
      .from(touristProfiles)
      .where(sql`${touristProfiles.city} = ${city}`)
      .limit(1);
    return row!.id;
  };
  /** The four ways a guide reads tourists, each naming a tourist where it needs one. */
  const reads = (touristId: string) => [
    '/api/guides/tourists',
    '/api/guides/top-tourists',
    `/api/profiles/tourist/${touristId}`,
    `/api/profiles/tourist/${touristId}/reviews`,
  ];

  it('answers a guide before onboarding or the assessment 403, and one without a city 409', async () => {
    const lisbon = await touristOf('Lisbon');
    // Signed in as a guide, nothing else: no onboarding, no assessment, no city.
    const fresh = await signIn(`gnew${Date.now()}.${n++}@example.com`, 'guide');
    const noTest = await guide({ test: false, city: 'Lisbon' });
    const noCity = await guide({ city: '' });
    for (const url of reads(lisbon)) {
      const a = await t.app.inject({ url, headers: { cookie: fresh } });
      expect([url, a.statusCode, a.json()]).toEqual([
        url,
        403,
        { code: 'onboarding-required', message: 'Complete onboarding to see travellers.' },
      ]);
      const b = await t.app.inject({ url, headers: { cookie: noTest } });
      expect([url, b.statusCode, b.json()]).toEqual([
        url,
        403,
        {
          code: 'personality-test-required',
          message: 'Complete your personality test before contacting tourists.',
        },
      ]);
      const c = await t.app.inject({ url, headers: { cookie: noCity } });
      expect([url, c.statusCode, c.json()]).toEqual([
        url,
        409,
        { code: 'city-required', message: 'Add your city to see travellers there.' },
      ]);
    }
    // The placeholder of an undetected city is not a city either.
    await t.app.inject({
      method: 'POST',
      url: '/api/users/update-city',
      payload: { city: 'Your City' },
      headers: { cookie: noCity },
    });
    expect(
      (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie: noCity } })).statusCode,
    ).toBe(409);
    // Once the guide names a city, its travellers show.
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/guides/me/profile',
      payload: { city: 'Lisbon' },
      headers: { cookie: noCity },
    });
    expect(named.statusCode).toBe(200);
    const list = await t.app.inject({ url: '/api/guides/tourists', headers: { cookie: noCity } });
    expect(list.statusCode).toBe(200);
    expect(list.json().city).toBe('Lisbon');
  });

  it('never shows a guide of Lisbon a Barcelona tourist: not listed, not ranked, not opened, not contacted', async () => {
    const cookie = await guide({ city: 'Lisbon' });
    const barcelona = await touristOf('Barcelona');
    const list = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json();
    expect(list.tourists.length).toBeGreaterThan(0);
    expect(list.tourists.every((x: { city: string }) => x.city === 'Lisbon')).toBe(true);
    const top = (await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie } })).json();
    expect(top.tourists.every((x: { city: string }) => x.city === 'Lisbon')).toBe(true);
    for (const url of reads(barcelona).slice(2)) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'not-found']);
    }
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      payload: { touristId: barcelona },
      headers: { cookie },
    });
    expect(chat.statusCode).toBe(404);
    expect(chat.json()).toEqual({ code: 'not-found', message: 'Tourist not found' });
    // The same guide opens a tourist of their own city.
    const own = await t.app.inject({
      url: `/api/profiles/tourist/${list.tourists[0].id}`,
      headers: { cookie },
    });
    expect(own.statusCode).toBe(200);
  });

  it("lists the account's city when the profile names none, in the list and the top 3, with each top tourist's newest reviews", async () => {
    const cookie = await guide({ city: '  ' });
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-city',
      payload: { city: 'Lisbon' },
      headers: { cookie },
    });
    expect(named.statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json();
    expect(list.city).toBe('Lisbon');
    expect(list.tourists.length).toBeGreaterThan(0);
    expect(list.tourists.every((x: { city: string }) => x.city === 'Lisbon')).toBe(true);
    const top = (await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie } })).json();
    expect(top.city).toBe('Lisbon');
    expect(top.tourists).toHaveLength(3);
    // The reviews on a top-3 card are the ones the tourist's profile shows, newest first.
    for (const x of top.tourists as { id: string; city: string; recentReviews: unknown[] }[]) {
      expect(x.city).toBe('Lisbon');
      const profile = await t.app.inject({ url: `/api/profiles/tourist/${x.id}`, headers: { cookie } });
      expect(x.recentReviews).toEqual(profile.json().profile.recentReviews);
    }
    expect(top.tourists.some((x: { recentReviews: unknown[] }) => x.recentReviews.length > 0)).toBe(true);
  });

  it('lists the words of a tourist exactly as saved: commas, quotes and accents', async () => {
    const cookie = await guide({ city: 'Lisbon' });
    const [first] = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json()
      .tourists as { id: string }[];
    const interests = ['Jazz, blues', 'Say "olá"', '{braces}'];
    const set = (to: string[]) =>
      t.database.db
        .update(touristProfiles)
        .set({ interests: to })
        .where(sql`${touristProfiles.userId} = ${first!.id}`)
        .returning({ interests: touristProfiles.interests });
    const [saved] = await t.database.db
      .select({ interests: touristProfiles.interests })
      .from(touristProfiles)
      .where(sql`${touristProfiles.userId} = ${first!.id}`);
    await set(interests);
    try {
      const list = (await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } })).json();
      expect(list.tourists.find((x: { id: string }) => x.id === first!.id).interests).toEqual(interests);
    } finally {
      await set(saved!.interests);
    }
  });

  it('gives the top 3 profile details only for tourists the guide may open, like the profile', async () => {
    // Seoul's best tourist stops welcoming new guides: an unverified guide may not open them.
    const verified = await guide({ city: 'Seoul' });
    const best = (
      await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie: verified } })
    ).json().tourists[0].id as string;
    await t.database.db
      .update(touristProfiles)
      .set({ availability: { newGuides: false, experiencedGuides: true } })
      .where(sql`${touristProfiles.userId} = ${best}`);
    const cookie = await guide({ verified: false, city: 'Seoul' });
    const top = (await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie } })).json()
      .tourists as Record<string, unknown>[];
    expect(top).toHaveLength(3);
    expect(top.find((x) => x.id === best)?.canContact).toBe(false);
    expect(top.some((x) => x.canContact)).toBe(true);
    for (const x of top) {
      const profile = await t.app.inject({ url: `/api/profiles/tourist/${x.id}`, headers: { cookie } });
      if (x.canContact) {
        expect(profile.statusCode).toBe(200);
        expect(x).toMatchObject({ bio: expect.any(String), occupation: expect.any(String) });
        expect(x.recentReviews).toBeDefined();
      } else {
        expect(profile.statusCode).toBe(403);
        for (const key of ['bio', 'occupation', 'recentReviews', 'profileImages', 'verifiedInfo'])
          expect(x, key).not.toHaveProperty(key);
        // The card and the ranking's figures stay.
        expect(x).toMatchObject({ name: expect.any(String), score: expect.any(Number) });
      }
    }
  });
});

describe('city and currency', () => {
  it("falls back to 'Your City' and USD ×1 when the IP says nothing, and saves what the user picks", async () => {
    const cookie = await signIn(`cc${Date.now()}@example.com`, 'tourist');
    const first = await t.app.inject({ url: '/api/users/profile', headers: { cookie } });
    expect(first.json()).toEqual({ city: 'Your City', currency: 'USD', currencyMultiplier: 1 });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/update-city',
      payload: { city: 'Lisbon' },
      headers: { cookie },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/update-currency',
      payload: { currency: 'EUR' },
      headers: { cookie },
    });
    const after = await t.app.inject({ url: '/api/users/profile', headers: { cookie } });
    expect(after.json()).toEqual({ city: 'Lisbon', currency: 'EUR', currencyMultiplier: 0.92 });
  });

  it('detects the city and currency from a public IP with the offline database', async () => {
    const cookie = await signIn(`geo${Date.now()}@example.com`, 'tourist');
    const res = await t.app.inject({
      url: '/api/users/profile',
      headers: { cookie },
      remoteAddress: '81.2.69.142',
    });
    expect(res.json()).toMatchObject({ city: 'Newmarket', currency: 'GBP' });
    expect(res.json().currencyMultiplier).toBeGreaterThan(0);
  });

  it('refuses bad values', async () => {
    const cookie = await signIn(`cb${Date.now()}@example.com`, 'tourist');
    for (const [url, payload] of [
      ['/api/users/update-city', { city: '' }],
      ['/api/users/update-currency', { currency: 'euro' }],
      ['/api/users/update-currency', { currency: 'XXX' }],
      // The client never sets its own rate.
      ['/api/users/update-currency', { currency: 'EUR', multiplier: 0.0001 }],
    ] as const) {
      expect((await t.app.inject({ method: 'POST', url, payload, headers: { cookie } })).statusCode).toBe(
        400,
      );
    }
  });

  it('serves the shipped, dated rates offline', async () => {
    const res = await t.app.inject({ url: '/api/exchange-rates' });
    expect(res.json()).toMatchObject({ base: 'USD', source: 'fallback', date: '2026-11-01' });
    expect(res.json().rates.EUR).toBeGreaterThan(0);
  });
});

describe('the guide search cache (SEARCH_CACHE_MS, 1 s by default)', () => {
  it('answers the same query from the page it just read, and shows a new guide once the second is over', async () => {
    const token = `cachecheck${Date.now()}`;
    expect(t.config.searchCacheMs).toBe(1000);
    expect((await search(`q=${token}`)).guides).toEqual([]);
    await addGuide({ lastName: token });
    // Within the second the same question gets the same (now outdated) page …
    expect((await search(`q=${token}`)).guides).toEqual([]);
    // … another question is asked afresh …
    expect((await search(`q=${token}&limit=5`)).guides.map((g) => g.name)).toEqual([`Test ${token}`]);
    // … and after the second the first one sees the guide too.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await search(`q=${token}`)).guides.map((g) => g.name)).toEqual([`Test ${token}`]);
  });
});

import { addDays, weekdayOf } from '@lokal/shared/domain/slots';
import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityExceptions,
  experiences,
  guideAvailability,
  type WeeklyRanges,
} from '../src/db/schema/experiences.ts';
import { guideProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp } from './helper.ts';

// Finding guides by where and when (docs/product.md#finding-a-guide): every filter of GET /api/guides/search
// alone and together, the sorts, cursor pages, bad input, hidden guides, and the "available on" rules (blocked
// days, extra hours, the daily maximum, the city's time zone, an experience that fits the hours).

let t: Awaited<ReturnType<typeof createTestApp>>;
let rates: Record<string, number>;
let tourist: string;
let n = 0;

const today = new Date().toISOString().slice(0, 10);
/** Two weeks ahead: the day every schedule below is about. */
const DAY = addDays(today, 14);
const DOW = weekdayOf(DAY);

type Exp = Partial<typeof experiences.$inferInsert>;
type GuideSpec = {
  name: string;
  city?: string;
  rating?: number;
  verified?: boolean;
  listed?: boolean;
  priceMin?: number;
  /** Working ranges on DAY's weekday ('HH:MM-HH:MM'); none = not working that weekday. */
  hours?: string[];
  exception?: { kind: 'blocked' } | { kind: 'extra'; ranges: string[] };
  maxPerDay?: number;
  /** Open bookings starting at these instants (ISO). */
  bookings?: { start: string; status?: 'accepted' | 'requested'; expired?: boolean }[];
  experiences?: Exp[];
};

const range = (r: string) => ({ start: r.slice(0, 5), end: r.slice(6, 11) });
const ids: Record<string, string> = {};

async function addGuide(spec: GuideSpec) {
  const [u] = await t.database.db
    .insert(users)
    .values({
      email: `finding.${n++}@example.com`,
      role: 'guide',
      onboardingCompleted: true,
      personalityTestCompleted: true,
    })
    .returning();
  const id = u!.id;
  ids[spec.name] = id;
  await t.database.db.insert(guideProfiles).values({
    userId: id,
    firstName: spec.name,
    lastName: 'Guide',
    city: spec.city ?? 'Lisbon',
    country: 'Somewhere',
    profession: 'Guide',
    image: '/api/avatars/x.svg',
    rating: spec.rating ?? 4,
    verified: spec.verified ?? false,
    priceMin: spec.priceMin ?? 50,
    priceMax: (spec.priceMin ?? 50) + 100,
    listed: spec.listed ?? true,
    hideProfile: spec.listed === false,
  });
  const weekly = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] } as WeeklyRanges;
  weekly[DOW] = (spec.hours ?? []).map(range);
  await t.database.db
    .insert(guideAvailability)
    .values({ guideId: id, weekly, maxPerDay: spec.maxPerDay ?? 3, noticeHours: 1, bufferMinutes: 0 });
  if (spec.exception) {
    await t.database.db.insert(availabilityExceptions).values({
      guideId: id,
      date: DAY,
      kind: spec.exception.kind,
      ranges: spec.exception.kind === 'extra' ? spec.exception.ranges.map(range) : [],
    });
  }
  const made = await t.database.db
    .insert(experiences)
    .values(
      (spec.experiences ?? [{}]).map((e) => ({
        guideId: id,
        title: `${spec.name}'s walk`,
        category: 'Art & Museums',
        durationMinutes: 120,
        price: 60,
        currency: 'USD',
        minGroup: 1,
        maxGroup: 6,
        languages: ['English'],
        meetingAddress: 'The square',
        status: 'published' as const,
        ...e,
      })),
    )
    .returning();
  for (const b of spec.bookings ?? []) {
    const start = new Date(b.start);
    await t.database.db.execute(sql`
      insert into bookings (tourist_id, guide_id, experience_id, tour_name, duration_minutes, price_per_person,
        party_size, total_usd, total_local, start_at, end_at, time_zone, status, expires_at)
      values (${tourist}, ${id}, ${made[0]!.id}, 'Walk', 60, 60, 1, 60, 60, ${start.toISOString()}::timestamptz,
        ${new Date(start.getTime() + 3_600_000).toISOString()}::timestamptz, 'UTC', ${b.status ?? 'accepted'},
        ${b.expired ? new Date(Date.now() - 60_000).toISOString() : new Date(Date.now() + 86_400_000).toISOString()}::timestamptz)`);
  }
  return id;
}

/** The instant a city's clocks show DAY at `time`. */
const at = (time: string, zone: string, date = DAY) => zonedTimeToInstant(date, time, zone)!.toISOString();

type Card = { id: string; name: string; rating: number; verified: boolean; track: { price: string | null } };

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/guides/search?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as { guides: Card[]; nextCursor: string | null };
}

/** Every page of a search, `limit` at a time. */
async function allPages(query: string, limit = 50): Promise<Card[]> {
  const out: Card[] = [];
  let cursor: string | null = null;
  do {
    const page = await search(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...page.guides);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** The first names of every guide a search finds, sorted (the fixtures' names). */
const names = async (query: string) =>
  (await allPages(query)).map((g) => g.name.replace(/ Guide$/, '')).sort();

beforeAll(async () => {
  t = await createTestApp({ config: { searchCacheMs: 0 } });
  rates = (await t.app.inject({ url: '/api/exchange-rates' })).json().rates;
  const [u] = await t.database.db
    .insert(users)
    .values({ email: 'finding.tourist@example.com', role: 'tourist', onboardingCompleted: true })
    .returning();
  tourist = u!.id;
  const nine = ['09:00-17:00'];
  await addGuide({ name: 'Ana', hours: nine, rating: 4.9, verified: true, priceMin: 60 });
  await addGuide({ name: 'Blocked', hours: nine, exception: { kind: 'blocked' }, rating: 4.8 });
  await addGuide({
    name: 'Full',
    hours: nine,
    maxPerDay: 2,
    rating: 4.7,
    bookings: [{ start: at('09:00', 'Europe/Lisbon') }, { start: at('12:00', 'Europe/Lisbon') }],
  });
  // Two bookings that day, but one is a request past its expiry: it holds nothing, so one of two is taken.
  await addGuide({
    name: 'Freed',
    hours: nine,
    maxPerDay: 2,
    rating: 4.6,
    bookings: [
      { start: at('09:00', 'Europe/Lisbon') },
      { start: at('12:00', 'Europe/Lisbon'), status: 'requested', expired: true },
    ],
  });
  await addGuide({ name: 'Extra', exception: { kind: 'extra', ranges: ['10:00-14:00'] }, rating: 4.5 });
  await addGuide({ name: 'Short', hours: ['10:00-11:00'], experiences: [{ durationMinutes: 180 }] });
  // A range past midnight is 22:00 to 02:00: four hours, enough for a three-hour experience.
  await addGuide({ name: 'Night', hours: ['22:00-02:00'], experiences: [{ durationMinutes: 180 }] });
  await addGuide({
    name: 'Porto',
    city: 'Porto',
    hours: nine,
    rating: 4.2,
    priceMin: 120,
    experiences: [
      {
        category: 'Food & Dining',
        priceMode: 'group',
        price: 300,
        currency: 'EUR',
        minGroup: 2,
        maxGroup: 4,
        languages: ['Spanish', 'Portuguese'],
      },
    ],
  });
  await addGuide({ name: 'Hidden', hours: nine, listed: false, rating: 5, verified: true });
  await addGuide({ name: 'Draft', hours: nine, experiences: [{ status: 'draft' }], rating: 3.9 });
  // Time zones: a booking at 08:00 in Tokyo on DAY is 23:00 UTC the day before, and fills Tokyo's day; one at
  // 21:00 in New York the day before is DAY in UTC, and leaves New York's day free.
  await addGuide({
    name: 'Tokyo',
    city: 'Tokyo',
    hours: nine,
    maxPerDay: 1,
    bookings: [{ start: at('08:00', 'Asia/Tokyo') }],
  });
  await addGuide({
    name: 'NewYork',
    city: 'New York',
    hours: nine,
    maxPerDay: 1,
    bookings: [{ start: at('21:00', 'America/New_York', addDays(DAY, -1)) }],
  });
  // A crowded machine can take more than the default minute to migrate a fresh database.
}, 180_000);
afterAll(() => t.close());

describe('GET /api/guides/search: where and when', () => {
  it('without filters lists every listed guide, hidden ones never', async () => {
    expect(await names('sort=recommended')).toEqual(
      [
        'Ana',
        'Blocked',
        'Full',
        'Freed',
        'Extra',
        'Short',
        'Night',
        'Porto',
        'Draft',
        'Tokyo',
        'NewYork',
      ].sort(),
    );
  });

  it('filters by city', async () => {
    expect(await names('city=porto')).toEqual(['Porto']);
    expect(await names('city=Tokyo')).toEqual(['Tokyo']);
    expect(await names('city=Atlantis')).toEqual([]);
  });

  it('lists on a date only guides who work that day, with room and an experience that fits', async () => {
    // Not Blocked (blocked day), Full (daily maximum reached), Short (3 h tour, 1 h of hours), Draft (nothing
    // published), Tokyo (its day is full in Tokyo time), Hidden (never listed).
    expect(await names(`date=${DAY}`)).toEqual(['Ana', 'Extra', 'Freed', 'Night', 'NewYork', 'Porto'].sort());
    // The day before, nobody has hours: every schedule above is for DAY's weekday only.
    expect(await names(`date=${addDays(DAY, -1)}`)).toEqual([]);
  });

  it('filters by party size within the experience group limits', async () => {
    expect(await names('party=1')).not.toContain('Porto');
    expect(await names('party=5')).not.toContain('Porto');
    expect(await names('party=3')).toContain('Porto');
    expect(await names('party=3')).not.toContain('Draft');
    expect(await names('party=7')).toEqual([]);
  });

  it('filters by experience type and language, from published experiences', async () => {
    expect(await names('type=Food%20%26%20Dining')).toEqual(['Porto']);
    expect(await names('type=Art%20%26%20Museums')).not.toContain('Porto');
    expect(await names('type=Art%20%26%20Museums')).not.toContain('Draft');
    expect(await names('language=Spanish')).toEqual(['Porto']);
    expect(await names('language=Korean')).toEqual([]);
  });

  it("filters by price per person in the tourist's currency, converted with the server's rates", async () => {
    const eur = rates.EUR!;
    // Porto sells a group for 300 EUR from 2 people: 150 EUR each for the smallest group, 75 EUR for 4.
    expect(await names('maxPrice=70')).not.toContain('Porto');
    expect(await names('maxPrice=70')).toContain('Ana');
    expect(await names('minPrice=100')).toEqual(['Porto']);
    expect(await names('party=4&minPrice=70&maxPrice=80&currency=EUR')).toEqual(['Porto']);
    expect(await names('party=4&minPrice=70&maxPrice=74&currency=EUR')).toEqual([]);
    expect(await names('party=4&maxPrice=80&currency=EUR')).toContain('Ana');
    // Ana's 60 USD in EUR, rounded as the screens round it.
    const anaEur = Math.round(60 * eur);
    expect(await names(`minPrice=${anaEur}&maxPrice=${anaEur}&currency=EUR`)).toContain('Ana');
    expect(await names(`minPrice=${anaEur + 1}&maxPrice=${anaEur + 1}&currency=EUR`)).not.toContain('Ana');
  });

  it('combines filters: one experience must answer them all', async () => {
    expect(await names(`city=Lisbon&date=${DAY}&party=3`)).toEqual(['Ana', 'Extra', 'Freed', 'Night']);
    expect(await names(`date=${DAY}&party=3&language=Spanish`)).toEqual(['Porto']);
    // Porto's one experience is for 2-4 in Spanish: not for 5 in Spanish.
    expect(await names('party=5&language=Spanish')).toEqual([]);
    expect(await names(`city=Lisbon&date=${DAY}&type=Food%20%26%20Dining`)).toEqual([]);
  });

  it('sorts by recommended, rating and price', async () => {
    const recommended = await allPages('sort=recommended');
    expect(recommended[0]!.name).toBe('Ana Guide');
    const rating = (await allPages('sort=rating')).map((g) => g.rating);
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    const price = (await allPages('sort=price_asc')).map((g) => Number(g.track.price?.match(/\d+/)?.[0]));
    expect(price).toEqual([...price].sort((a, b) => a - b));
    expect(price.at(-1)).toBe(120);
    const dated = (await allPages(`date=${DAY}&sort=rating`)).map((g) => g.rating);
    expect(dated).toEqual([...dated].sort((a, b) => b - a));
  });

  it('pages with cursors, with no duplicate and no gap, for every sort and with filters', async () => {
    for (const query of [
      'sort=recommended',
      'sort=rating',
      'sort=price_asc',
      'sort=price_desc',
      `date=${DAY}&sort=rating`,
      `date=${DAY}&party=2&sort=price_asc`,
    ]) {
      const whole = (await allPages(query, 50)).map((g) => g.id);
      const paged = (await allPages(query, 2)).map((g) => g.id);
      expect(paged, query).toEqual(whole);
      expect(new Set(paged).size, query).toBe(paged.length);
    }
  });

  it('never lists a hidden guide, whatever the filters', async () => {
    for (const query of [
      'sort=rating',
      `date=${DAY}`,
      'party=2',
      'type=Art%20%26%20Museums',
      'city=Lisbon',
      'maxPrice=100',
    ]) {
      expect(
        (await allPages(query)).map((g) => g.id),
        query,
      ).not.toContain(ids.Hidden);
    }
  });

  it('refuses bad filters and cursors with a 400 { message, code }', async () => {
    for (const query of [
      'date=2026-02-30',
      'date=24.12.2026',
      `date=${addDays(today, 400)}`,
      `date=${addDays(today, -3)}`,
      'party=0',
      'party=21',
      'party=two',
      'type=Bowling',
      'currency=XYZ',
      'minPrice=100&maxPrice=50',
      'sort=cheapest',
      'cursor=nope',
    ]) {
      const res = await t.app.inject({ url: `/api/guides/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { averageRating } from '@lokal/shared/domain/reviews';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../seed/seed.ts';
import { openDatabase } from '../src/db/client.ts';
import { guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { createTestApp, DATABASE_URL, ON_POSTGRES } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('demo data', () => {
  const activity = async () =>
    (
      (await t.database.db.execute(sql`
        select (select count(*)::int from bookings) as bookings, (select count(*)::int from reviews) as reviews,
          (select count(*)::int from conversations) as conversations, (select count(*)::int from messages) as messages,
          (select count(*)::int from reviews where published_at is null) as hidden`)) as unknown as {
        rows: {
          bookings: number;
          reviews: number;
          conversations: number;
          messages: number;
          hidden: number;
        }[];
      }
    ).rows[0]!;

  it('is idempotent: seeding again changes nothing', async () => {
    const before = await activity();
    const first = await seedDemoData(t.database.db);
    const second = await seedDemoData(t.database.db);
    expect(second).toEqual(first);
    expect(first.guides).toBeGreaterThanOrEqual(43);
    expect(first.tourists).toBeGreaterThanOrEqual(33);
    expect(await activity()).toEqual(before);
    // Past tours reviewed both ways, guides' first messages, and two reviews still waiting for the other side.
    expect(before.bookings).toBeGreaterThan(200);
    expect(before.reviews).toBeGreaterThan(before.bookings);
    expect(before.conversations).toBeGreaterThan(100);
    expect(before.hidden).toBe(2);
  });

  it("counts every guide's rating and review count, and every tourist's rating, from published reviews", async () => {
    const people = (
      (await t.database.db.execute(sql`
        select u.email, coalesce(g.rating, tp.rating) as rating, g.reviews as count,
          coalesce((select array_agg(r.rating) from reviews r where r.subject_id = u.id and r.published_at is not null), '{}') as ratings
        from users u left join guide_profiles g on g.user_id = u.id left join tourist_profiles tp on tp.user_id = u.id
        where u.email like '%@demo.lokal.app'`)) as unknown as {
        rows: { email: string; rating: number; count: number | null; ratings: number[] }[];
      }
    ).rows;
    expect(people.length).toBeGreaterThanOrEqual(76);
    // A few guides are new on Lokal: no reviews, so no rating yet.
    const fresh = people.filter((p) => p.count === 0);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    for (const p of fresh) expect(p.rating, p.email).toBe(0);
    for (const p of people.filter((x) => x.count !== 0)) {
      expect(p.ratings.length, p.email).toBeGreaterThan(0);
      expect(p.rating, p.email).toBe(averageRating(p.ratings));
      if (p.count !== null) expect(p.count, p.email).toBe(p.ratings.length);
    }
    // The landing page's first guide keeps her 4.9, now from ten reviews.
    expect(people.find((p) => p.email === 'sofia.martinez@demo.lokal.app')).toMatchObject({
      rating: 4.9,
      count: 10,
    });
  });

  it('spreads guides and tourists over at least 6 cities', async () => {
    const [g] = await t.database.db
      .select({ n: sql<number>`count(distinct ${guideProfiles.city})::int` })
      .from(guideProfiles);
    const [tr] = await t.database.db
      .select({ n: sql<number>`count(distinct ${touristProfiles.city})::int` })
      .from(touristProfiles);
    expect(g?.n).toBeGreaterThanOrEqual(6);
    expect(tr?.n).toBeGreaterThanOrEqual(6);
  });

  it('fills every field of the sample guide card', async () => {
    const guides = await t.database.db.select().from(guideProfiles);
    for (const g of guides) {
      expect(g.firstName && g.city && g.country && g.profession && g.bio && g.image).toBeTruthy();
      expect(g.image).toMatch(/^\/api\/avatars\//);
      expect(g.specialties.length).toBeGreaterThan(0);
      expect(g.languages.length).toBeGreaterThan(0);
      expect(g.tourTypes.length).toBeGreaterThan(0);
      expect(g.priceMax).toBeGreaterThanOrEqual(g.priceMin);
    }
  });
});

describe('GET /api/showcase', () => {
  it("returns the landing page's 3 guides and 3 travelers with every card field", async () => {
    const res = await t.app.inject({ url: '/api/showcase' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.guides.map((g: { name: string }) => g.name)).toEqual([
      'Sofia Martinez',
      'Kenji Watanabe',
      'Amélie Laurent',
    ]);
    expect(body.travelers).toHaveLength(3);
    for (const card of [...body.guides, ...body.travelers]) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'age',
          'bio',
          'id',
          'image',
          'location',
          'name',
          'profession',
          'rating',
          'slug',
          'tags',
          'track',
          'type',
        ].sort(),
      );
    }
    // A guide's figures come from the track record; a traveler has none (docs/product.md#track-record).
    for (const card of body.guides) expect(card.track.location).toBe(card.location);
    for (const card of body.travelers) expect(card.track).toBeNull();
    expect(body.guides[0]).toMatchObject({
      type: 'guide',
      age: 28,
      location: 'Barcelona, Spain',
      rating: 4.9,
    });
    expect(
      body.travelers.every((c: { rating: number; type: string }) => c.rating === 0 && c.type === 'traveler'),
    ).toBe(true);

    // A featured member who never gave an age shows none: null, not 0 (the card then shows the name alone).
    const [traveler] = body.travelers as { id: string; age: number | null }[];
    await t.database.db
      .update(touristProfiles)
      .set({ age: null })
      .where(eq(touristProfiles.userId, traveler!.id));
    try {
      const again = (await t.app.inject({ url: '/api/showcase' })).json();
      expect(again.travelers.find((c: { id: string }) => c.id === traveler!.id).age).toBeNull();
      expect(again.guides[0].age).toBe(28);
    } finally {
      await t.database.db
        .update(touristProfiles)
        .set({ age: traveler!.age })
        .where(eq(touristProfiles.userId, traveler!.id));
    }
  });
});

describe('migrations', () => {
  it('apply once even when two servers open the same database together', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lokal-mig-'));
    // PGlite allows one process per folder, so there the second opening follows the first.
    const opened = ON_POSTGRES
      ? await Promise.all([openDatabase(DATABASE_URL, dataDir), openDatabase(DATABASE_URL, dataDir)])
      : [await openDatabase(undefined, dataDir)];
    if (!ON_POSTGRES) {
      await opened[0]!.close();
      opened[0] = await openDatabase(undefined, dataDir);
    }
    const rows = await opened[0]!.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const applied = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const files = (await import('node:fs'))
      .readdirSync(new URL('../src/db/migrations', import.meta.url))
      .filter((f) => f.endsWith('.sql'));
    expect(applied).toBe(files.length);
    await Promise.all(opened.map((d) => d.close()));
  });
});

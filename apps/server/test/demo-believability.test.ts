import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, filesOf } from './helper.ts';

// The demo data a traveller would believe (docs/product.md#demo-data): people with their own names and
// words, guides who sell something written for their city, photos that are not copies, ratings that vary.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const demo = sql`u.email like '%@demo.lokal.app'`;

describe('the demo data', () => {
  it('gives every person their own name and their own bio', async () => {
    const people = await rows<{ name: string; bio: string; role: string }>(sql`
      select coalesce(g.first_name || ' ' || g.last_name, tp.first_name || ' ' || tp.last_name) as name,
        coalesce(g.bio, tp.bio) as bio, u.role
      from users u left join guide_profiles g on g.user_id = u.id left join tourist_profiles tp on tp.user_id = u.id
      where ${demo}`);
    expect(people.length).toBeGreaterThanOrEqual(76);
    const names = people.map((p) => p.name);
    const bios = people.map((p) => p.bio);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(bios.filter((b, i) => bios.indexOf(b) !== i)).toEqual([]);
    for (const p of people) expect(p.bio.length, p.name).toBeGreaterThan(40);
  });

  it('gives every listed guide 1 to 4 published experiences, written out, and a weekly schedule', async () => {
    const guides = await rows<{
      email: string;
      city: string;
      count: number;
      unwritten: number;
      weekly: Record<string, { start: string; end: string }[]> | null;
    }>(sql`
      select u.email, g.city,
        (select count(*)::int from experiences e where e.guide_id = u.id and e.status = 'published') as count,
        (select count(*)::int from experiences e where e.guide_id = u.id
          and (length(e.summary) < 30 or length(e.description) < 120 or e.meeting_address like 'To be agreed%')) as unwritten,
        a.weekly
      from users u join guide_profiles g on g.user_id = u.id left join guide_availability a on a.guide_id = u.id
      where ${demo} and g.listed`);
    expect(guides.length).toBeGreaterThanOrEqual(43);
    for (const g of guides) {
      expect(g.count, g.email).toBeGreaterThanOrEqual(1);
      expect(g.count, g.email).toBeLessThanOrEqual(4);
      expect(g.unwritten, g.email).toBe(0);
      expect(g.weekly, g.email).not.toBeNull();
      expect(Object.values(g.weekly!).flat().length, g.email).toBeGreaterThanOrEqual(4);
    }
    // Not one size for all: guides offer different numbers of experiences, and most titles are their own.
    expect(new Set(guides.map((g) => g.count)).size).toBeGreaterThanOrEqual(3);
    const titles = await rows<{ title: string; city: string }>(sql`
      select e.title, g.city from experiences e join guide_profiles g on g.user_id = e.guide_id
      join users u on u.id = e.guide_id where ${demo}`);
    const perCity = titles.map((x) => `${x.city}|${x.title}`);
    expect(perCity.filter((x, i) => perCity.indexOf(x) !== i)).toEqual([]);
  });

  it("shows each experience's own photos: no picture twice, each one served", async () => {
    const photos = await rows<{ file: string; experience_id: string }>(sql`
      select p.file, p.experience_id from experience_photos p join experiences e on e.id = p.experience_id
      join users u on u.id = e.guide_id where ${demo} order by p.experience_id, p.position`);
    const { n } = (
      await rows<{ n: number }>(sql`
        select count(*)::int as n from experiences e join users u on u.id = e.guide_id where ${demo}`)
    )[0]!;
    expect(new Set(photos.map((p) => p.experience_id)).size).toBe(n);
    const files = filesOf(t.config, t.database);
    const hashes = await Promise.all(
      photos.map(async (p) => {
        const stored = await files.get(`uploads/${p.file}`);
        return createHash('sha256').update(stored!.data).digest('hex');
      }),
    );
    expect(hashes.filter((h, i) => hashes.indexOf(h) !== i)).toEqual([]);
    const res = await t.app.inject({ url: `/api/uploads/${photos[0]!.file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('spreads guide ratings from 3.6 to 5.0, with some guides still new', async () => {
    const guides = await rows<{ rating: number; reviews: number }>(sql`
      select g.rating, g.reviews from guide_profiles g join users u on u.id = g.user_id where ${demo}`);
    const rated = guides.filter((g) => g.reviews > 0).map((g) => g.rating);
    expect(guides.filter((g) => g.reviews === 0).length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...rated)).toBeGreaterThanOrEqual(3.6);
    expect(Math.min(...rated)).toBeLessThanOrEqual(3.8);
    expect(Math.max(...rated)).toBe(5);
    expect(new Set(rated).size).toBeGreaterThanOrEqual(8);
    expect(rated.filter((r) => r < 4.5).length).toBeGreaterThanOrEqual(5);
  });

  it("varies the travellers' interests and wishes, and when they were last seen", async () => {
    const tourists = await rows<{ interests: string[]; looking_for: string[]; minutes: number }>(sql`
      select tp.interests, tp.looking_for, extract(epoch from (now() - u.last_active_at)) / 60 as minutes
      from tourist_profiles tp join users u on u.id = tp.user_id where ${demo}`);
    expect(tourists.length).toBeGreaterThanOrEqual(33);
    const combos = (key: 'interests' | 'looking_for') =>
      new Set(tourists.map((x) => [...x[key]].sort().join('|'))).size;
    expect(combos('interests')).toBeGreaterThanOrEqual(25);
    expect(combos('looking_for')).toBeGreaterThanOrEqual(25);
    // No wish is everybody's: the most common one is on fewer than a third of the travellers.
    const counts = new Map<string, number>();
    for (const x of tourists) for (const w of x.looking_for) counts.set(w, (counts.get(w) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThan(tourists.length / 3);
    // Online means active in the last 5 minutes: a few are, most are not.
    const online = tourists.filter((x) => Number(x.minutes) < 5).length;
    expect(online).toBeGreaterThanOrEqual(1);
    expect(online).toBeLessThan(tourists.length / 4);
  });
});

import type { CardMatch } from '@lokal/shared/schemas/match';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, SCHEDULE, type Session, type World } from './actors-helper.ts';
import { createTestApp } from './helper.ts';

// A match worth showing (docs/product.md#match-score): no score while nothing is known of the traveller, and
// every score given with a reason, on cards, the guide page and the experience page.
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0, rateLimitScale: 100 } });
  w = createWorld(t.app, t.config, t.database);
});
afterAll(() => t.close());

/** A new traveller through onboarding, with the trip step told or skipped. */
async function traveller(name: string, trip?: Record<string, unknown>): Promise<Session> {
  const who = (await w.makeActor('touristNew', name))!;
  const phone = await w.verifiedPhone(who);
  await w.must({
    method: 'POST',
    url: '/api/tourists/onboarding',
    as: who,
    payload: { firstName: name, lastName: 'Lokal', phone, phoneVerified: true, occupation: 'Writer', trip },
  });
  return who;
}

async function cards(who: Session, query: string) {
  const res = await w.call({ url: `/api/guides/search?${query}`, as: who });
  expect(res.statusCode).toBe(200);
  return res.json().guides as { id: string; slug: string; match?: CardMatch | null }[];
}

async function pages(who: Session, slug: string) {
  const guide = await w.call({ url: `/api/pages/guides/${slug}`, as: who });
  expect(guide.statusCode).toBe(200);
  const r = await t.database.db.execute(
    sql`select e.id from experiences e join guide_profiles g on g.user_id = e.guide_id where g.slug = ${slug} and e.status = 'published' limit 1`,
  );
  const id = (r as unknown as { rows: { id: string }[] }).rows[0]?.id;
  const experience = id ? await w.call({ url: `/api/pages/experiences/${id}`, as: who }) : null;
  return { guide: guide.json().match as CardMatch, experience: experience?.json().match as CardMatch };
}

describe('the match of a new traveller', () => {
  it('gives no score anywhere while the traveller skipped the trip step', async () => {
    const who = await traveller('skipper');
    for (const query of ['limit=50', 'limit=50&sort=best_match', 'limit=10&city=Lisbon']) {
      const list = await cards(who, query);
      expect(list.length).toBeGreaterThan(0);
      for (const c of list) expect(c.match).toEqual({ score: null, basis: 'none', reasons: [] });
    }
    const [first] = await cards(who, 'limit=1');
    const { guide, experience } = await pages(who, first!.slug);
    expect(guide).toEqual({ score: null, basis: 'none', reasons: [] });
    if (experience) expect(experience).toEqual({ score: null, basis: 'none', reasons: [] });
  });

  it('scores from the trip step told at onboarding, each score with a reason', async () => {
    const who = await traveller('teller', {
      city: 'Lisbon',
      travelFrom: '2027-05-01',
      travelTo: '2027-05-04',
      partySize: 2,
      languages: ['Portuguese'],
      interests: ['Food & Dining'],
    });
    const list = await cards(who, 'limit=50&sort=best_match');
    const scored = list.filter((c) => c.match?.score !== null);
    expect(scored.length).toBeGreaterThan(0);
    for (const c of list) {
      expect(c.match?.basis).toBe('profile');
      if (c.match?.score !== null) expect(c.match?.reasons.length).toBeGreaterThan(0);
      else expect(c.match.reasons).toEqual([]);
    }
    // The best first: a Lisbon guide, said so.
    expect(scored[0]!.match!.reasons.join(' ')).toMatch(/Lisbon|Portuguese|Food & Dining/);
    const { guide, experience } = await pages(who, scored[0]!.slug);
    expect(guide.score).toBe(scored[0]!.match!.score);
    expect(guide.reasons).toEqual(scored[0]!.match!.reasons);
    if (experience) expect(experience).toEqual(guide);

    // Saved on the profile.
    const row = await t.database.db.execute(
      sql`select city, languages, interests, travel_from::text as "from", travel_to::text as "to", party_size as party from tourist_profiles where user_id = ${who.id}`,
    );
    expect((row as unknown as { rows: unknown[] }).rows[0]).toEqual({
      city: 'Lisbon',
      languages: ['Portuguese'],
      interests: ['Food & Dining'],
      from: '2027-05-01',
      to: '2027-05-04',
      party: 2,
    });
  });

  it('lets the traveller tell or change the trip later, and scores follow', async () => {
    const who = await traveller('later');
    const edit = async (payload: object) =>
      w.call({ method: 'POST', url: '/api/tourists/me/profile', as: who, payload });
    expect((await edit({ travelFrom: '2027-06-10', travelTo: '2027-06-01' })).json()).toMatchObject({
      code: 'validation-error',
    });
    expect((await edit({ partySize: 0 })).statusCode).toBe(400);
    const saved = await edit({
      travelFrom: '2027-06-01',
      travelTo: '2027-06-10',
      partySize: 3,
      languages: ['Spanish'],
    });
    expect(saved.statusCode).toBe(200);
    const me = (await w.call({ url: '/api/tourists/me', as: who })).json();
    expect(me).toMatchObject({
      travelFrom: '2027-06-01',
      travelTo: '2027-06-10',
      partySize: 3,
      languages: ['Spanish'],
    });
    const list = await cards(who, 'limit=50');
    expect(list.some((c) => c.match?.reasons.includes('You both speak Spanish'))).toBe(true);
    for (const c of list) if (c.match?.score !== null) expect(c.match?.reasons.length).toBeGreaterThan(0);
  });

  it("scores the trip's dates against the guide's hours and the party against the group sizes", async () => {
    const guide = (await w.makeActor('guide', 'tripguide'))!;
    await w.offerOf(guide); // every day 09:00–17:00, groups of 1–8
    const [slugRow] = (
      (await t.database.db.execute(
        sql`select slug from guide_profiles where user_id = ${guide.id}`,
      )) as unknown as { rows: { slug: string }[] }
    ).rows;
    const day = w.nextDate();
    const who = await traveller('tripper', { travelFrom: day, travelTo: day, partySize: 3 });
    const matchOf = async () => (await pages(who, slugRow!.slug)).guide;
    expect(await matchOf()).toMatchObject({
      basis: 'profile',
      score: expect.any(Number),
      reasons: ['Free during your trip', 'Takes groups of 3'],
    });
    // The guide blocks the day: no longer free then, and the match says so at once.
    await w.must({
      method: 'PATCH',
      url: '/api/availability',
      as: guide,
      payload: { ...SCHEDULE, exceptions: [{ date: day, kind: 'blocked' }] },
    });
    expect((await matchOf()).reasons).toEqual(['Takes groups of 3']);
    // A party the guide's groups cannot take: no reason left, no score.
    await w.must({ method: 'POST', url: '/api/tourists/me/profile', as: who, payload: { partySize: 12 } });
    expect(await matchOf()).toMatchObject({ score: null, reasons: [] });
  });

  it('refuses a trip that ends before it starts, or a party of none, with the reason', async () => {
    const who = (await w.makeActor('touristNew', 'wrongtrip'))!;
    const phone = await w.verifiedPhone(who);
    const base = { firstName: 'Wrong', lastName: 'Trip', phone, phoneVerified: true, occupation: 'Writer' };
    for (const trip of [
      { travelFrom: '2027-05-04', travelTo: '2027-05-01' },
      { partySize: 0 },
      { travelFrom: 'tomorrow' },
    ]) {
      const res = await w.call({
        method: 'POST',
        url: '/api/tourists/onboarding',
        as: who,
        payload: { ...base, trip },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });
});

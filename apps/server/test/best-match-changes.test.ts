import { matchScore } from '@lokal/shared/domain/match';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { cardMatch } from '../src/modules/match/service.ts';
import {
  bestMatchOrder,
  guideSides,
  mirrorAssessment,
  takeQuiz,
  travellerSideFor,
  walkSearch,
} from './best-match-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// "Best match" scores pages from every listed guide's side held in memory (docs/decisions/037-best-match.md): a change of a guide
// (a new assessment, a hidden profile, an unlisting made straight in the database) shows in the pages that
// follow, which stay exactly the order of sorting every listed guide by matchScore().
let t: Awaited<ReturnType<typeof createTestApp>>;
const JAMES = 'james.whitfield@demo.lokal.app';

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
});
afterAll(() => t.close());

/** The first page of this traveller's "Best match": the guides' ids. */
async function firstPage(cookie: string) {
  const res = await t.app.inject({ url: '/api/guides/search?sort=best_match&limit=5', headers: { cookie } });
  return (res.json() as { guides: { id: string }[] }).guides.map((g) => g.id);
}

/** Every page of this traveller's "Best match": the guides' ids. */
async function walk(cookie: string) {
  return (await walkSearch(t, cookie, 'sort=best_match&limit=5')).guides.map((g) => g.id);
}

/** Every page of James's "Best match" (ids), and the order a brute-force sort of the listed guides gives. */
async function pagesAndExpected(cookie: string, side: Awaited<ReturnType<typeof travellerSideFor>>) {
  const walked = await walk(cookie);
  return { walked, expected: bestMatchOrder(side, await guideSides(t)) };
}

describe('Best match after a guide changes', () => {
  it('follows a new assessment, a hidden profile and an unlisting made in the database', async () => {
    const james = await mockSignIn(t.app, JAMES, 'tourist');
    await takeQuiz(t, james.cookie);
    const side = await travellerSideFor(t, james);
    const before = await pagesAndExpected(james.cookie, side);
    expect(before.walked.length).toBeGreaterThan(10);
    expect(before.walked).toEqual(before.expected);

    // The last guide of the order, in James's city, answers the assessment as James answered the quiz.
    const [traveller] = await t.database.db
      .select({ city: touristProfiles.city })
      .from(touristProfiles)
      .where(eq(touristProfiles.userId, james.id));
    const candidates = await t.database.db
      .select({ id: guideProfiles.userId, email: users.email, city: guideProfiles.city })
      .from(guideProfiles)
      .innerJoin(users, eq(users.id, guideProfiles.userId))
      .where(eq(guideProfiles.listed, true));
    const mover = [...before.walked]
      .reverse()
      .map((id) => candidates.find((c) => c.id === id)!)
      .find((c) => c.city === traveller!.city)!;
    expect(mover).toBeDefined();
    const guide = await mockSignIn(t.app, mover.email, 'guide');
    const assess = (hideProfile: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/guides/personality-assessment',
        headers: { cookie: guide.cookie, origin: 'http://localhost:3000' },
        payload: mirrorAssessment(hideProfile),
      });
    expect((await assess(false)).statusCode).toBeLessThan(300);
    // It climbs from the end of the order to its first page. The first page alone shows it: the change is read
    // back from the database's notification (in process on PGlite, within moments on PostgreSQL), not from the
    // cards of a later page.
    const moved = bestMatchOrder(side, await guideSides(t));
    expect(moved.indexOf(mover.id)).toBeLessThan(5);
    expect(before.walked.indexOf(mover.id)).toBeGreaterThan(8);
    await expect.poll(() => firstPage(james.cookie)).toEqual(moved.slice(0, 5));
    expect(await walk(james.cookie)).toEqual(moved);

    // Hidden: gone from the very next page (the cards are read listed ones only).
    expect((await assess(true)).statusCode).toBeLessThan(300);
    const hidden = await pagesAndExpected(james.cookie, side);
    expect(hidden.walked).not.toContain(mover.id);
    expect(hidden.walked).toEqual(hidden.expected);

    // Unlisted by a statement outside the app (as an operator would): the database's notification carries it.
    const top = hidden.walked[0]!;
    await t.database.db.update(guideProfiles).set({ listed: false }).where(eq(guideProfiles.userId, top));
    const unlisted = await pagesAndExpected(james.cookie, side);
    expect(unlisted.walked).not.toContain(top);
    expect(unlisted.walked).toEqual(unlisted.expected);
  }, 120_000);

  it('corrects a page from the rows it reads when a change was never announced', async () => {
    const james = await mockSignIn(t.app, JAMES, 'tourist');
    const side = await travellerSideFor(t, james);
    const db = t.database.db;
    const first = async () =>
      (
        await t.app.inject({
          url: '/api/guides/search?sort=best_match&limit=5',
          headers: { cookie: james.cookie },
        })
      ).json() as { guides: { id: string; match: { score: number; reasons: string[] } }[] };
    const before = await first();
    const [top, second] = before.guides;
    // No notification for these changes: the table learns of them only from the versions of the rows it reads.
    await db.execute(sql`alter table guide_profiles disable trigger guide_match_changed_trg`);
    try {
      // The first guide loses every language and offer James could share; the second only changes its bio.
      await db
        .update(guideProfiles)
        .set({ languages: ['Klingon'], specialties: [] })
        .where(eq(guideProfiles.userId, top!.id));
      await db.update(guideProfiles).set({ bio: 'A new bio.' }).where(eq(guideProfiles.userId, second!.id));
      const sides = await guideSides(t);
      const expected = bestMatchOrder(side, sides);
      expect(expected.indexOf(top!.id)).toBeGreaterThan(4);
      const after = await first();
      expect(after.guides.map((g) => g.id)).toEqual(expected.slice(0, 5));
      // Each card's match is the one of the row it shows.
      for (const card of after.guides) {
        expect(card.match).toEqual(cardMatch(matchScore(side, sides.get(card.id)!)));
      }
      expect(await walk(james.cookie)).toEqual(expected);
    } finally {
      await db.execute(sql`alter table guide_profiles enable trigger guide_match_changed_trg`);
    }
  }, 120_000);
});

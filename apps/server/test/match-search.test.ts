import { matchScore } from '@lokal/shared/domain/match';
import type { GuideCard } from '@lokal/shared/schemas/discovery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { travelStyles } from '../src/db/schema/match.ts';
import { guideProfiles } from '../src/db/schema/profiles.ts';
import { cardMatch } from '../src/modules/match/service.ts';
import { TRAVEL_STYLE } from './actors-helper.ts';
import { bestMatchOrder, guideSides, takeQuiz, travellerSideFor, walkSearch } from './best-match-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// "Best match" (docs/product.md#match-score): every card's match is matchScore() of the shared domain, and the
// pages follow one another without a repeat or a gap.
let t: Awaited<ReturnType<typeof createTestApp>>;
const JAMES = 'james.whitfield@demo.lokal.app';
const AISHA = 'aisha.rahman@demo.lokal.app';

beforeAll(async () => {
  // Uncached, so a page after a change reads the database (the cache holds a page for a second).
  t = await createTestApp({ seed: true, config: { searchCacheMs: 0 } });
});
afterAll(() => t.close());

const signIn = async (email: string, role: 'tourist' | 'guide' = 'tourist') =>
  (await mockSignIn(t.app, email, role)).cookie;

async function search(cookie: string | null, query: string) {
  const res = await t.app.inject({
    url: `/api/guides/search?${query}`,
    headers: cookie ? { cookie } : {},
  });
  return res;
}

/** Every page of a search, following the cursor. */
const walk = async (cookie: string, query: string) => (await walkSearch(t, cookie, query)).guides;

/** A demo traveller's side from their profile and quiz (USD budgets in the demo data). */
const travellerSide = async (email: string) => travellerSideFor(t, await mockSignIn(t.app, email, 'tourist'));

describe('the Best match sort', () => {
  it('shows on every card matchScore() of the guide and the traveller, for every demo guide and traveller', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/tourists/travel-style',
      headers: { cookie: await signIn(JAMES) },
      payload: TRAVEL_STYLE,
    });
    const guides = await guideSides(t);
    expect(guides.size).toBeGreaterThan(40);
    let quizzed = 0;
    for (const email of [JAMES, AISHA, 'lucas.meyer@demo.lokal.app']) {
      const traveller = await travellerSide(email);
      if (traveller.quiz) quizzed++;
      const cards = await walk(await signIn(email), 'sort=rating&limit=20');
      expect(cards.length).toBe(guides.size);
      for (const card of cards) {
        expect(card.match, `${email} × ${card.id}`).toEqual(
          cardMatch(matchScore(traveller, guides.get(card.id)!)),
        );
      }
    }
    expect(quizzed).toBe(1);
  });

  it('walks every guide once, best first, in stable pages, with the match on each card', async () => {
    const cookie = await signIn(JAMES);
    const traveller = await travellerSide(JAMES);
    const guides = await guideSides(t);
    const walked = await walk(cookie, 'sort=best_match&limit=5');
    const ids = walked.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(guides.keys()));

    // The order is the shared function's: score (before rounding) high to low, then the id.
    expect(ids).toEqual(bestMatchOrder(traveller, guides));
    for (const card of walked) {
      const m = matchScore(traveller, guides.get(card.id)!)!;
      expect(card.match).toEqual({ score: m.score, basis: m.basis, reasons: m.reasons.map((r) => r.text) });
    }
    // Demo guides took the assessment: the quiz counts and some cards say why.
    expect(walked[0]!.match!.basis).toBe('quiz');
    expect(walked.some((g) => (g.match?.reasons.length ?? 0) > 0)).toBe(true);

    // One page of 50 is the same list; the quiz-taker's default order is Best match.
    const whole = (await search(cookie, 'sort=best_match&limit=50')).json().guides as GuideCard[];
    expect(whole.map((g) => g.id)).toEqual(ids);
    const byDefault = (await search(cookie, 'limit=50')).json().guides as GuideCard[];
    expect(byDefault.map((g) => g.id)).toEqual(ids);
  });

  it('keeps filters and names no sensitive answer in a reason', async () => {
    const cookie = await signIn(JAMES);
    const walked = await walk(cookie, 'sort=best_match&limit=4&city=Lisbon');
    expect(walked.length).toBeGreaterThan(0);
    expect(walked.every((g) => g.city === 'Lisbon')).toBe(true);
    for (const s of walked.map((g) => g.match!.reasons.join(' ')))
      expect(s).not.toMatch(/cannabis|weed|orientation|straight|gay|single|relationship/i);
  });

  it('scores a traveller without the quiz from the profile only, labelled so', async () => {
    const cookie = await signIn(AISHA);
    const plain = await search(cookie, 'limit=3');
    // Without the quiz the default order stays "recommended", each card with its profile-only match.
    const recommended = await search(cookie, 'limit=3&sort=recommended');
    expect(plain.json().guides.map((g: GuideCard) => g.id)).toEqual(
      recommended.json().guides.map((g: GuideCard) => g.id),
    );
    const best = await walk(cookie, 'sort=best_match&limit=10');
    expect(best.every((g) => g.match?.basis === 'profile')).toBe(true);
    // A score is shown only with a reason; those shown still run best first.
    expect(best.every((g) => g.match!.score === null || g.match!.reasons.length > 0)).toBe(true);
    const scores = best.flatMap((g) => (g.match!.score === null ? [] : [g.match!.score]));
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('is for travellers: others get no match and cannot sort by it', async () => {
    const anonymous = await search(null, 'limit=2');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().guides[0]).not.toHaveProperty('match');
    for (const cookie of [null, await signIn('sofia.martinez@demo.lokal.app', 'guide')]) {
      const res = await search(cookie, 'sort=best_match');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Sign in as a traveller to sort by best match.',
        code: 'invalid-filter',
      });
    }
    const cookie = await signIn(JAMES);
    const bad = await search(
      cookie,
      `sort=best_match&cursor=${Buffer.from('{"v":true}').toString('base64url')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid-cursor');
  });

  it("follows the traveller's own change on the very next page", async () => {
    // The traveller's side is kept as long as the session read with it: a write of theirs must end both.
    const { id, cookie } = await mockSignIn(t.app, AISHA, 'tourist');
    const before = (await search(cookie, 'sort=best_match&limit=5')).json().guides as GuideCard[];
    expect(before.every((g) => g.match?.basis === 'profile')).toBe(true);
    await takeQuiz(t, cookie);
    const after = (await search(cookie, 'limit=5')).json().guides as GuideCard[];
    expect(after.some((g) => g.match?.basis === 'quiz')).toBe(true);
    // AISHA stays a traveller without the quiz for the other tests.
    await t.database.db.delete(travelStyles).where(eq(travelStyles.userId, id));
  });

  it('never scores a hidden guide, and follows a guide who changes', async () => {
    const cookie = await signIn(JAMES);
    const [first] = (await search(cookie, 'sort=best_match&limit=1')).json().guides as GuideCard[];
    await t.database.db
      .update(guideProfiles)
      .set({ hideProfile: true, listed: false })
      .where(eq(guideProfiles.userId, first!.id));
    const after = (await search(cookie, 'sort=best_match&limit=50')).json().guides as GuideCard[];
    expect(after.map((g) => g.id)).not.toContain(first!.id);
    // The guide now first is scored from its side as the profile, assessment and experiences say.
    const side = (await guideSides(t)).get(after[0]!.id)!;
    expect(side.offers.length).toBeGreaterThan(0);
    expect(after[0]!.match).toEqual(cardMatch(matchScore(await travellerSide(JAMES), side)));
  });
});

describe("the guide's tourist list", () => {
  it('shows the match of each traveller, worded for the guide', async () => {
    const cookie = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    const list = await t.app.inject({ url: '/api/guides/tourists', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const tourists = list.json().tourists as { match: { score: number; reasons: string[] } | null }[];
    expect(tourists.length).toBeGreaterThan(0);
    for (const x of tourists) {
      expect(x.match!.score).toBeGreaterThanOrEqual(0);
      expect(x.match!.reasons.join(' ')).not.toMatch(/your budget|cannabis/i);
    }
    const top = await t.app.inject({ url: '/api/guides/top-tourists', headers: { cookie } });
    expect(top.statusCode).toBe(200);
    for (const x of top.json().tourists) expect(x.match.score).toBeGreaterThanOrEqual(0);
  });
});

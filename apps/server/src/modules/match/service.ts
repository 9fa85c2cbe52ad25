import {
  type GuideSide,
  type Match,
  matchScorer,
  reasonForGuide,
  type TravellerSide,
  travellerSideOf,
} from '@lokal/shared/domain/match';
import { convertAmount, type UsdRates } from '@lokal/shared/domain/money';
import type { CardMatch } from '@lokal/shared/schemas/match';
import { travelStyleSchema } from '@lokal/shared/schemas/travel-style';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type AppContext, perApp } from '../context.ts';
import { localeOf } from '../locale/service.ts';
import { createGuideSides, type GuideSides } from './guide-sides.ts';
import { createMatchRepository, type TravellerRow } from './repository.ts';

function travellerSide(r: TravellerRow, rates: UsdRates, today: string): TravellerSide {
  const style = r.answers ? travelStyleSchema.safeParse(r.answers) : null;
  return travellerSideOf(
    {
      city: r.city,
      languages: r.languages,
      interests: r.interests,
      lookingFor: r.lookingFor,
      budgetMaxUsd: r.budgetMax > 0 ? convertAmount(r.budgetMax, r.currency, 'USD', rates) : null,
      travelStyle: style?.success ? style.data : null,
      travelFrom: r.travelFrom,
      travelTo: r.travelTo,
      partySize: r.partySize,
    },
    today,
  );
}

/** Today's date (UTC) by the app's clock: a trip counts from it. */
const todayOf = (ctx: AppContext) => new Date(ctx.now()).toISOString().slice(0, 10);

/** A match as the screens show it; the reasons in the reader's words. */
export function cardMatch(m: Match | null, reader: 'traveller' | 'guide' = 'traveller'): CardMatch | null {
  if (!m) return null;
  return {
    score: m.score,
    basis: m.basis,
    reasons: m.reasons.map((r) => (reader === 'guide' ? reasonForGuide(r) : r.text)),
  };
}

/** How many travellers' scorers a server keeps (a few hundred bytes each). */
const TRAVELLER_SCORERS = 5000;

/** The match between travellers and guides (docs/product.md#match-score), for the modules that show it. */
export function createMatchService(ctx: AppContext) {
  // The travellers the guides' lists scored lately, each by the values of its side: a city's busiest
  // travellers are on every guide's first page, read again long before they change. A change to the profile or
  // the quiz is another key; new rates start the table again.
  const scorers = new Map<string, (guide: GuideSide) => Match | null>();
  let scorersRates: UsdRates | null = null;
  function travellerScorer(row: TravellerRow, rates: UsdRates) {
    const today = todayOf(ctx);
    if (rates !== scorersRates) {
      scorers.clear();
      scorersRates = rates;
    }
    const key = JSON.stringify([
      row.city,
      row.languages,
      row.interests,
      row.lookingFor,
      row.budgetMax,
      row.currency,
      row.answers,
      row.travelFrom,
      row.travelTo,
      row.partySize,
      today,
    ]);
    let scorer = scorers.get(key);
    if (!scorer) {
      scorer = matchScorer(travellerSide(row, rates, today));
      if (scorers.size >= TRAVELLER_SCORERS) scorers.delete(scorers.keys().next().value!);
      scorers.set(key, scorer);
    }
    return scorer;
  }
  const sides = guideSidesOf(ctx);

  const repo = createMatchRepository(ctx.db);
  const rates = async () => (await localeOf(ctx).rates()).rates;
  // A traveller's own row (profile and quiz) and side are read once per session look-up: the session cache
  // hands every request of that moment the same user object, and a new one once the entry ends
  // (its second is up, the member wrote something on this instance, or signed out anywhere).
  type Own = { row: Awaited<ReturnType<typeof repo.traveller>>; side: TravellerSide | null };
  const own = new WeakMap<SessionUser, Promise<Own>>();
  async function readOwn(id: string): Promise<Own> {
    const [row, r] = await Promise.all([repo.traveller(id), rates()]);
    return { row, side: row ? travellerSide(row, r, todayOf(ctx)) : null };
  }
  /** A tourist's own row and side, read once per session look-up. */
  function ownOf(viewer: SessionUser): Promise<Own> {
    let found = own.get(viewer);
    if (!found) {
      found = readOwn(viewer.id);
      own.set(viewer, found);
      found.catch(() => own.delete(viewer));
    }
    return found;
  }
  /** The signed-in traveller's side; null for anyone else (or a traveller without a profile yet). */
  async function traveller(viewer: SessionUser | null): Promise<TravellerSide | null> {
    return viewer?.role === 'tourist' ? (await ownOf(viewer)).side : null;
  }
  /**
   * This traveller's match with each guide of these rows (null for a hidden guide), the guides' sides as the
   * rows are (docs/decisions/037-best-match.md).
   */
  async function withGuides(
    side: TravellerSide,
    rows: { userId: string; version: string }[],
  ): Promise<Map<string, CardMatch | null>> {
    await sides.current(rows);
    const score = matchScorer(side);
    return new Map(
      rows.map((r): [string, CardMatch | null] => {
        const entry = sides.entry(r.userId);
        return [r.userId, entry ? cardMatch(score(entry.side)) : null];
      }),
    );
  }
  /** The same, for guides known by id only: their sides as the engine holds them. */
  async function withGuideIds(side: TravellerSide, ids: string[]): Promise<Map<string, CardMatch | null>> {
    await sides.ready();
    const score = matchScorer(side);
    return new Map(
      ids.map((id): [string, CardMatch | null] => {
        const entry = sides.entry(id);
        return [id, entry ? cardMatch(score(entry.side)) : null];
      }),
    );
  }
  return {
    traveller,
    withGuideIds,

    /** A tourist's own "Travel style" answers and when they were saved; null until taken. */
    async travelStyleOf(viewer: SessionUser): Promise<{ answers: unknown; updatedAt: Date } | null> {
      const { row } = await ownOf(viewer);
      // Without a profile (not onboarded) the quiz is read on its own.
      if (!row) return repo.travelStyleOf(viewer.id);
      return row.answeredAt ? { answers: row.answers, updatedAt: row.answeredAt } : null;
    },

    withGuides,

    /** The viewer's match with the guide of this row; undefined for anyone but a traveller. */
    async travellerWith(
      viewer: SessionUser | null,
      guide: { userId: string; version: string },
    ): Promise<CardMatch | null | undefined> {
      const side = await traveller(viewer);
      return side ? ((await withGuides(side, [guide])).get(guide.userId) ?? null) : undefined;
    },

    /**
     * The guide of this row's match with travellers read elsewhere (travellerSideColumns), worded for the guide;
     * none while the guide hides.
     */
    async scorerWith(guide: {
      userId: string;
      version: string;
    }): Promise<(row: TravellerRow) => CardMatch | null> {
      const [r] = await Promise.all([rates(), sides.current([guide])]);
      const side = sides.entry(guide.userId)?.side;
      return (row) => (side ? cardMatch(travellerScorer(row, r)(side), 'guide') : null);
    },
  };
}

export type MatchService = ReturnType<typeof createMatchService>;
export const matchOf = perApp(createMatchService);

/** The app's one "Best match" engine: every guide's side of the match (docs/decisions/037-best-match.md). */
export const guideSidesOf = perApp((ctx): GuideSides => {
  const repo = createMatchRepository(ctx.db);
  return createGuideSides({ load: (ids) => repo.guideSides(ids), listen: ctx.listen, log: ctx.log });
});

import {
  type GuideSide,
  type Match,
  matchScore,
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
import { createMatchRepository, type TravellerRow, type VectorRow } from './repository.ts';
import { createMatchVectors, type MatchVectors } from './vectors.ts';

const ANIME = { 1: 'no', 3: 'sometimes', 5: 'yes' } as const;

/** The guide's side from the stored vector (decision 037); scores the same as guideSideOf() of the profile. */
export function guideSideFromVector(v: VectorRow): GuideSide {
  const t =
    v.matchRap !== null &&
    v.matchTechno !== null &&
    v.matchRock !== null &&
    v.matchDrinks !== null &&
    v.matchCannabis !== null &&
    v.matchJokes !== null &&
    v.matchAnime !== null
      ? {
          music: { rap: v.matchRap, techno: v.matchTechno, rock: v.matchRock },
          drinks: v.matchDrinks,
          cannabisComfort: v.matchCannabis,
          politicalJokes: v.matchJokes,
          animeKdrama: ANIME[v.matchAnime as 1 | 3 | 5] ?? 'no',
        }
      : null;
  return {
    city: v.matchCity,
    languages: v.matchLanguages,
    offers: v.matchOffers,
    fromUsd: v.matchFromUsd,
    temperament: t,
    hidden: v.hideProfile,
  };
}

function travellerSide(r: TravellerRow, rates: UsdRates): TravellerSide {
  const style = r.answers ? travelStyleSchema.safeParse(r.answers) : null;
  return travellerSideOf({
    city: r.city,
    languages: r.languages,
    interests: r.interests,
    lookingFor: r.lookingFor,
    budgetMaxUsd: r.budgetMax > 0 ? convertAmount(r.budgetMax, r.currency, 'USD', rates) : null,
    travelStyle: style?.success ? style.data : null,
  });
}

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
  // The travellers the guides' lists scored lately, each by its side as its row wrote it (decision 074): a
  // city's busiest travellers are on every guide's first page, read again long before they change. A change
  // to the profile or the quiz is another text; new rates start the table again.
  const scorers = new Map<string, (guide: GuideSide) => Match | null>();
  let scorersRates: UsdRates | null = null;
  function travellerScorer(matchSide: string, rates: UsdRates) {
    if (rates !== scorersRates) {
      scorers.clear();
      scorersRates = rates;
    }
    let scorer = scorers.get(matchSide);
    if (!scorer) {
      const [city, languages, interests, lookingFor, budgetMax, currency, answers] = JSON.parse(matchSide);
      scorer = matchScorer(
        travellerSide({ city, languages, interests, lookingFor, budgetMax, currency, answers }, rates),
      );
      if (scorers.size >= TRAVELLER_SCORERS) scorers.delete(scorers.keys().next().value!);
      scorers.set(matchSide, scorer);
    }
    return scorer;
  }

  const repo = createMatchRepository(ctx.db);
  const rates = async () => (await localeOf(ctx).rates()).rates;
  // A traveller's own row (profile and quiz) and side are read once per session look-up: the session cache
  // (decision 044) hands every request of that moment the same user object, and a new one once the entry ends
  // (its second is up, the member wrote something on this instance, or signed out anywhere).
  type Own = { row: Awaited<ReturnType<typeof repo.traveller>>; side: TravellerSide | null };
  const own = new WeakMap<SessionUser, Promise<Own>>();
  async function readOwn(id: string): Promise<Own> {
    const [row, r] = await Promise.all([repo.traveller(id), rates()]);
    return { row, side: row ? travellerSide(row, r) : null };
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
  return {
    traveller,

    /** A tourist's own "Travel style" answers and when they were saved; null until taken. */
    async travelStyleOf(viewer: SessionUser): Promise<{ answers: unknown; updatedAt: Date } | null> {
      const { row } = await ownOf(viewer);
      // Without a profile (not onboarded) the quiz is read on its own.
      if (!row) return repo.travelStyleOf(viewer.id);
      return row.answeredAt ? { answers: row.answers, updatedAt: row.answeredAt } : null;
    },

    /** The viewer's match with a guide whose stored side was read already; undefined for anyone but a traveller. */
    async travellerWith(viewer: SessionUser | null, guide: VectorRow): Promise<CardMatch | null | undefined> {
      const side = await traveller(viewer);
      return side ? cardMatch(matchScore(side, guideSideFromVector(guide))) : undefined;
    },

    /** This traveller's match with each of these guides (null for a hidden guide). */
    async withGuides(traveller: TravellerSide, guideIds: string[]): Promise<Map<string, CardMatch | null>> {
      const rows = await repo.guideVectors(guideIds);
      const score = matchScorer(traveller);
      return new Map(rows.map((r) => [r.id, cardMatch(score(guideSideFromVector(r)))]));
    },

    /**
     * A guide's match with travellers read elsewhere (their profile and quiz answers), worded for the guide;
     * none while the guide hides. The guide's side was read with the guide's row, so a list scores its page
     * without a look-up.
     */
    async scorerWith(guide: VectorRow): Promise<(matchSide: string) => CardMatch | null> {
      const r = await rates();
      const side = guideSideFromVector(guide);
      return (matchSide) => cardMatch(travellerScorer(matchSide, r)(side), 'guide');
    },
  };
}

export type MatchService = ReturnType<typeof createMatchService>;
export const matchOf = perApp(createMatchService);

/**
 * The app's in-memory table of listed guides for "Best match" (decision 052), or null when it is turned off or
 * no notifications reach this instance (then the SQL path answers).
 */
export const matchVectorsOf = perApp((ctx): MatchVectors | null => {
  if (!ctx.config.matchVectors || !ctx.listen) return null;
  const repo = createMatchRepository(ctx.db);
  return createMatchVectors({ load: (ids) => repo.listedVectors(ids), listen: ctx.listen, log: ctx.log });
});

import { MAX_AHEAD_DAYS } from '@lokal/shared/constants/bookings';
import { GUIDE_CATEGORY_INTERESTS } from '@lokal/shared/constants/discovery';
import type { TravellerSide } from '@lokal/shared/domain/match';
import type { UsdRates } from '@lokal/shared/domain/money';
import { responseFigures } from '@lokal/shared/domain/response-figures';
import { acceptanceRate } from '@lokal/shared/domain/reviews';
import { isUuid } from '@lokal/shared/domain/uuid';
import type {
  GuideFilters,
  GuideSort,
  PremiumTourist,
  TopTourist,
  TouristListResponse,
} from '@lokal/shared/schemas/discovery';
import type { CardMatch } from '@lokal/shared/schemas/match';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import * as listCursor from '../cursor.ts';
import type { TravellerRow } from '../match/repository.ts';
import { ONLINE_WINDOW_MS, toGuideCard, toTouristCard } from './cards.ts';
import { type ContactRule, scoreOf, type TouristRow } from './contact-rule.ts';
import { keptFor } from './kept-for.ts';
import type { DiscoveryRepository } from './repository.ts';
import type { Cursor, SearchRow } from './search-repository.ts';
import { RECENT_REVIEWS } from './top-tourists-repository.ts';
import type { TouristCursor } from './tourist-list-repository.ts';

const bestMatchNeedsTraveller = () =>
  new HttpError(400, 'Sign in as a traveller to sort by best match.', 'invalid-filter');

const DAY_MS = 86_400_000;
/** How long a city's count of high-value tourists online is reused (the dashboard's figure). */
const ONLINE_COUNT_MS = 1000;
/** How many search pages, or cities' counts, an instance keeps. */
const KEPT_ENTRIES = 1000;

/** A page's row: the card's values and, on a "Best match" page, the score before rounding. */
type PageRow = SearchRow & { matchScore?: number };
type SearchPage = { rows: PageRow[]; nextCursor: string | null };

function encodeCursor(row: PageRow): string {
  const c: Cursor = { v: row.verified, r: row.rating, p: 0, m: row.matchScore ?? 0, id: row.userId };
  return Buffer.from(JSON.stringify({ ...c, pMin: row.priceMin, pMax: row.priceMax })).toString('base64url');
}

/** Filters the schema accepts one by one but not together, or not on this day (docs/product.md#finding-a-guide). */
function checkFilters(f: GuideFilters, at: number) {
  if (f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice) {
    throw new HttpError(400, 'The lowest price is above the highest price.', 'invalid-filter');
  }
  if (f.date !== undefined) {
    // Yesterday in UTC is still today somewhere west of it; a year ahead is as far as bookings go.
    const earliest = new Date(at - DAY_MS).toISOString().slice(0, 10);
    const latest = new Date(at + MAX_AHEAD_DAYS * DAY_MS).toISOString().slice(0, 10);
    if (f.date < earliest || f.date > latest) {
      throw new HttpError(400, 'Choose a date from today to a year ahead.', 'invalid-filter');
    }
  }
}

function decodeCursor(raw: string | undefined, sort: GuideSort): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof c.v !== 'boolean' || typeof c.r !== 'number' || !isUuid(c.id)) {
      throw new Error('bad cursor');
    }
    // Best match pages end on the score before rounding (docs/decisions/037-best-match.md).
    if (sort === 'best_match' && !(typeof c.m === 'number' && Number.isFinite(c.m))) {
      throw new Error('bad cursor');
    }
    return {
      v: c.v,
      r: c.r,
      m: Number(c.m) || 0,
      id: c.id,
      p: Number(sort === 'price_desc' ? c.pMax : c.pMin) || 0,
    };
  } catch {
    throw new HttpError(400, 'This page link is no longer valid. Please search again.', 'invalid-cursor');
  }
}

function encodeTouristCursor(t: { profile: { tier: number; userId: string }; cursorAt: string }) {
  return listCursor.encodeCursor({
    s: t.profile.tier,
    at: t.cursorAt,
    id: t.profile.userId,
  } satisfies TouristCursor);
}

/** The tourist list's cursor, or 400. */
function decodeTouristCursor(raw: string | undefined): TouristCursor | null {
  return listCursor.decodeCursor(raw, (c) =>
    Number.isInteger(c.s) && listCursor.isPgTimestamp(c.at) && isUuid(c.id)
      ? { s: c.s as number, at: c.at, id: c.id as string }
      : null,
  );
}

/** A tourist row of the top 3 or the profile as toTouristCard() reads it. */
const touristCardOf = (t: TouristRow, now: number, canContact: boolean) =>
  toTouristCard(
    { profile: t.profile, lastActive: t.lastActive, reviews: t.figures.reviews },
    now,
    canContact,
  );

function membershipDuration(createdAt: Date, now: number): string {
  const months = Math.floor((now - createdAt.getTime()) / (30 * 86_400_000));
  if (months < 1) return 'New member';
  if (months < 12) return `${months} month${months === 1 ? '' : 's'}`;
  const years = Math.floor(months / 12);
  return `${years} year${years === 1 ? '' : 's'}`;
}

function personalityType(interests: string[]): string {
  if (interests.some((i) => /night|music/i.test(i))) return 'Social Explorer';
  if (interests.some((i) => /art|architecture|history/i.test(i))) return 'Cultural Connoisseur';
  if (interests.some((i) => /dining|wine|food/i.test(i))) return 'Epicurean';
  return 'Curious Traveller';
}

export function createDiscoveryService(deps: {
  repo: DiscoveryRepository;
  now: () => number;
  /** The server's USD-based rates: a price filter is in the tourist's currency. */
  rates: () => Promise<{ rates: UsdRates }>;
  /** How long a search page is reused for the same query (0 = never). */
  searchCacheMs?: number;
  /** The guide's response figures from chat (docs/product.md#response-figures), as of a moment. */
  contactRule: ContactRule;
  /** This guide's match with a traveller of a tourist row (docs/product.md#match-score). */
  scorerWith?: (guide: {
    userId: string;
    version: string;
  }) => Promise<(row: TravellerRow) => CardMatch | null>;
  /** A traveller's match with the guides of these rows. */
  matchesWith?: (
    traveller: TravellerSide,
    rows: { userId: string; version: string }[],
  ) => Promise<Map<string, CardMatch | null>>;
  /** A "Best match" page of the guides given (match/best-match.ts). */
  bestMatch?: (
    traveller: TravellerSide,
    among: { ids: ReadonlySet<string> | null },
    limit: number,
    cursor: { m: number; id: string } | null,
  ) => Promise<PageRow[]>;
}) {
  const scorerWith = deps.scorerWith ?? (async () => () => null);
  const matchesWith = deps.matchesWith ?? (async () => new Map<string, CardMatch | null>());
  const { repo, now, contactRule } = deps;
  const { guideContext, deskContext } = contactRule;
  const cacheMs = deps.searchCacheMs ?? 0;
  // The guide search is the same for every viewer and by far the most asked question (every tourist's
  // home): a page is reused for the same query for cacheMs, so a change to a guide shows within that time.
  const keptPage = keptFor<SearchPage>(cacheMs, KEPT_ENTRIES);
  // Every guide of a city sees the same count of its high-value tourists online, and it moves by the minute:
  // it is counted once a second per city and instance (docs/decisions/079-read-models.md).
  const keptCount = keptFor<number>(ONLINE_COUNT_MS, KEPT_ENTRIES);
  const highValueOnline = (city: string, at: number) =>
    keptCount(city.toLowerCase(), at, () =>
      repo.highValueOnline(city.toLowerCase(), new Date(at - ONLINE_WINDOW_MS)),
    );

  async function searchPage(
    filters: GuideFilters,
    sort: GuideSort,
    limit: number,
    rawCursor: string | undefined,
    traveller: TravellerSide | null,
  ): Promise<SearchPage> {
    const cursor = decodeCursor(rawCursor, sort);
    const rates =
      filters.minPrice !== undefined || filters.maxPrice !== undefined ? (await deps.rates()).rates : {};
    const context = { rates, now: new Date(now()) };
    let rows: PageRow[];
    if (sort === 'best_match') {
      if (!traveller || !deps.bestMatch) throw bestMatchNeedsTraveller();
      const ids = await repo.filteredIds(filters, context);
      rows = await deps.bestMatch(traveller, { ids }, limit + 1, cursor);
    } else {
      rows = await repo.searchGuides(filters, sort, limit + 1, cursor, context);
    }
    const page = rows.slice(0, limit);
    return {
      rows: page,
      nextCursor: rows.length > limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
    };
  }

  /** The page's answer: each row's card (toGuideCard), and a traveller's match with each guide. */
  async function cardsOf(page: SearchPage, traveller: TravellerSide | null) {
    const matches = traveller ? await matchesWith(traveller, page.rows) : null;
    return {
      guides: page.rows.map((row) => {
        const card = toGuideCard(row);
        return matches ? { ...card, match: matches.get(row.userId) ?? null } : card;
      }),
      nextCursor: page.nextCursor,
    };
  }

  /** The three newest published reviews of each tourist (docs/product.md#tourist-profiles). */
  async function recentReviewsOf(ids: string[]) {
    const byTourist = new Map<string, PremiumTourist['recentReviews']>();
    for (const r of await repo.recentReviews(ids, RECENT_REVIEWS)) {
      const list = byTourist.get(r.subjectId) ?? [];
      list.push({ rating: Number(r.rating), reviewer: r.reviewer, text: r.text });
      byTourist.set(r.subjectId, list);
    }
    return (id: string) => byTourist.get(id) ?? [];
  }

  /** The ranking's figures, shown on every top-3 card; the score the list was ranked by when given. */
  function ranked(t: TouristRow, at: number, stored?: number | null) {
    return {
      acceptanceRate: acceptanceRate(t.figures.answered, t.figures.requests),
      requestsLast30Days: t.figures.requests30,
      score: stored ?? Math.round(scoreOf(t, new Date(at)) * 10) / 10,
    };
  }

  /** The tourist profile: only for a tourist the contact rule lets this guide open. */
  function premium(
    t: TouristRow,
    recentReviews: PremiumTourist['recentReviews'],
  ): PremiumTourist & { canContact: true } {
    const p = t.profile;
    const at = now();
    return {
      ...touristCardOf(t, at, true),
      canContact: true,
      profileImages: p.profileImages.length ? p.profileImages : [p.image],
      membershipDuration: membershipDuration(t.createdAt, at),
      verifiedDocuments: p.verified,
      verifiedInfo: [
        'Email',
        ...(t.phoneVerifiedAt || p.verified ? ['Phone'] : []),
        ...(p.verified ? ['ID'] : []),
      ],
      personalityType: personalityType(p.interests),
      tourPreferences: p.lookingFor,
      recentReviews,
      bio: p.bio,
      occupation: p.occupation,
      ...ranked(t, at),
    };
  }

  return {
    /**
     * One page of the guide search. A signed-in traveller (`traveller`) gets each card's match, and "Best match"
     * as the default sort once the quiz is taken (docs/product.md#match-score); anyone else cannot sort by it.
     */
    async search(
      filters: GuideFilters,
      asked: GuideSort | undefined,
      limit: number,
      rawCursor: string | undefined,
      traveller: TravellerSide | null = null,
    ) {
      checkFilters(filters, now());
      const sort = asked ?? (traveller?.quiz ? 'best_match' : 'recommended');
      if (sort === 'best_match' && !traveller) throw bestMatchNeedsTraveller();
      // A best-match page is the traveller's own: their side is part of the key.
      const mine = sort === 'best_match' ? traveller : null;
      if (cacheMs === 0) return cardsOf(await searchPage(filters, sort, limit, rawCursor, mine), traveller);
      const key = JSON.stringify([filters, sort, limit, rawCursor ?? null, mine]);
      const page = keptPage(key, now(), () => searchPage(filters, sort, limit, rawCursor, mine));
      return cardsOf(await page, traveller);
    },

    explainSearch: async (
      filters: GuideFilters,
      options?: Parameters<DiscoveryRepository['explainSearch']>[2],
    ) => repo.explainSearch(filters, { rates: (await deps.rates()).rates, now: new Date(now()) }, options),

    async guideProfile(id: string, viewer: SessionUser | null) {
      const g = await repo.listedGuide(id);
      if (!g) throw new HttpError(404, 'Profile not found', 'not-found');
      // The handle is for everyone unless hidden; hidden handles are for luxury (VIP) tourists only.
      let showHandle = !g.hideSocialMedia;
      if (!showHandle && viewer?.role === 'tourist') {
        showHandle = (await repo.touristStatus(viewer.id)) === 'Luxury VIP Member';
      }
      return {
        ...toGuideCard(g),
        socialMedia: showHandle ? g.socialMedia : null,
        pronouns: g.pronouns,
      };
    },

    async touristProfile(id: string, viewer: SessionUser) {
      const tourist = await contactRule.viewableTourist(viewer, id);
      const recent = await recentReviewsOf([id]);
      return premium(tourist, recent(id));
    },

    /**
     * A page of the guide's dashboard list with the dashboard figures (docs/product.md#tourist-list). The
     * list is filtered, ordered and cut in SQL; nothing here grows with the city (decision 039). Each tourist
     * is toTouristCard() of the row with this guide's match.
     */
    async touristsForGuide(
      viewer: SessionUser,
      query: { q?: string; category?: string; cursor?: string; limit: number },
    ): Promise<TouristListResponse> {
      const cursor = decodeTouristCursor(query.cursor);
      const at = now();
      const { category } = query;
      // Own keys only: ?category=valueOf must not find Object.prototype's function (500).
      const interests =
        category && category !== 'All'
          ? Object.hasOwn(GUIDE_CATEGORY_INTERESTS, category)
            ? GUIDE_CATEGORY_INTERESTS[category]!
            : [category]
          : undefined;
      // The guide with the dashboard's figures and match side, then the page of the guide's city with each
      // tourist's card and quiz and the city's count: statements whose work does not grow with the page.
      const ctx = await deskContext(viewer, new Date(at));
      const g = ctx.guide.profile;
      const [rows, score, online] = await Promise.all([
        repo.touristPage(
          ctx.city,
          { needle: query.q?.toLowerCase() || undefined, interests },
          query.limit + 1,
          cursor,
        ),
        scorerWith({ userId: ctx.guide.profile.userId, version: ctx.guide.version }),
        highValueOnline(ctx.city, at),
      ]);
      const response = responseFigures(ctx.guide.replies, new Date(at));
      const figures = ctx.guide;
      const head = {
        city: ctx.city,
        verified: ctx.verified,
        personalityTestCompleted: viewer.personalityTestCompleted,
        highValueOnline: online,
        // Counted from bookings, reviews and chat (decision 010).
        stats: {
          thisWeek: figures.thisWeek,
          earnings: figures.earnings,
          rating: g.rating,
          responseRate: response.rate,
          response,
        },
      };
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > query.limit && last ? encodeTouristCursor(last) : null;
      return {
        ...head,
        tourists: page.map((t) => ({
          ...toTouristCard(t, at, ctx.canContact(t.profile.userId)),
          match: score(t.matchSide),
        })),
        nextCursor,
      };
    },

    async topTourists(viewer: SessionUser): Promise<{ city: string; tourists: TopTourist[] }> {
      // Ranked in SQL by the score the tourist-ranking job keeps (docs/product.md#top-3-ranking), read
      // beside the guide's row, each with their newest reviews.
      const ctx = await guideContext(viewer, (guide) => repo.topOf({ guide }, 3, contactRule.monthAgo()));
      const top = ctx.besides;
      const score = await scorerWith({ userId: ctx.guide.profile.userId, version: ctx.guide.version });
      const at = now();
      // The details follow the tourist profile's rule (docs/product.md#top-3-ranking): only for those
      // this guide may contact; the others keep their card and the ranking's figures.
      return {
        city: ctx.city,
        tourists: top.map((t) => ({
          ...(ctx.canContact(t.profile.userId)
            ? { ...premium(t, t.recentReviews), ...ranked(t, at, t.rankScore) }
            : { ...touristCardOf(t, at, false), canContact: false as const, ...ranked(t, at, t.rankScore) }),
          match: score(t.matchSide),
        })),
      };
    },

    async verification(viewer: SessionUser) {
      const p = (await repo.guideOf(viewer.id))?.profile;
      // The verified flag is what every other rule reads: it wins over a status that disagrees.
      const status = p?.verified ? 'verified' : p?.verificationStatus === 'rejected' ? 'rejected' : 'pending';
      return {
        verified: p?.verified ?? false,
        status,
        rejectionReason: status === 'rejected' ? (p?.rejectionReason ?? null) : null,
      } as const;
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

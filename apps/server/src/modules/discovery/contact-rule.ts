import { DISCOVERY_MESSAGES } from '@lokal/shared/constants/discovery';
import { topTouristScore } from '@lokal/shared/domain/discovery';
import { isUuid } from '@lokal/shared/domain/uuid';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type AppContext, perApp } from '../context.ts';
import { createDiscoveryRepository, type DiscoveryRepository } from './repository.ts';

const DAY_MS = 86_400_000;

/** A guide as a guide's screen reads them first. */
type GuideRow = NonNullable<Awaited<ReturnType<DiscoveryRepository['guideOf']>>>;

/** A tourist with the figures counted from chat and reviews (decision 010), read with the row. */
export type TouristRow = NonNullable<Awaited<ReturnType<DiscoveryRepository['touristInCity']>>>;

/** The top-3 ranking on real inputs: demand is guides' requests in the last 30 days, rating from reviews. */
export function scoreOf(t: TouristRow, at: Date): number {
  const p = t.profile;
  return topTouristScore(
    {
      status: p.status,
      rating: p.rating,
      verified: p.verified,
      requestsLast30Days: t.figures.requests30,
      lastActive: t.lastActive,
    },
    at,
  );
}

/**
 * Which tourists a guide may contact and open: discovery lists by it, the tourist profile and its reviews
 * are shown by it, chat opens conversations by it. It sits below those three so each depends on it, one way.
 * It reads only the rows it is asked about (and the city's top 3 for an unverified guide), never the city.
 */
export function createContactRule(deps: { repo: DiscoveryRepository; now: () => number }) {
  const { repo, now } = deps;

  /** The start of the last 30 days: a tourist's recent requests count from it. */
  const monthAgo = () => new Date(now() - 30 * DAY_MS);

  /**
   * The guide who may see travellers: onboarding and the assessment done (403), and a city (409). Everything
   * about tourists starts here (docs/product.md#tourist-list).
   */
  async function readyGuide<G extends GuideRow, B>(
    user: SessionUser,
    read: (id: string) => Promise<G | null>,
    beside: (guideId: string) => Promise<B>,
  ) {
    if (user.role !== 'guide') throw new HttpError(403, 'Only guides can open tourist profiles', 'forbidden');
    if (!user.onboardingCompleted) {
      throw new HttpError(403, DISCOVERY_MESSAGES.onboardingRequired, 'onboarding-required');
    }
    if (!user.personalityTestCompleted) {
      throw new HttpError(403, DISCOVERY_MESSAGES.personalityRequired, 'personality-test-required');
    }
    // What the screen lists is read beside the guide's row, by the guide's city as that statement finds it.
    const [guide, besides] = await Promise.all([read(user.id), beside(user.id)]);
    const city = guide?.listCity;
    if (!guide || !city) throw new HttpError(409, DISCOVERY_MESSAGES.cityRequired, 'city-required');
    return { guide, city, besides };
  }

  /**
   * The ready guide, their city, and whom of the city they may contact: a verified guide anyone; an
   * unverified guide only the three top guests of the city who welcome new guides.
   */
  async function contextOf<G extends GuideRow, B>(
    user: SessionUser,
    read: (id: string) => Promise<G | null>,
    beside: (guideId: string) => Promise<B>,
  ) {
    const { guide, city, besides } = await readyGuide(user, read, beside);
    const verified = guide.profile.verified;
    const allowed = verified
      ? null
      : new Set((await repo.topOpenToNew(city, 3, monthAgo())).map((t) => t.profile.userId));
    /** For a tourist of the guide's city. */
    const canContact = (touristId: string) => verified || allowed!.has(touristId);
    return { guide, city, verified, canContact, besides };
  }
  const nothing = async () => undefined;
  /** `beside`: what the screen lists, read with the guide's row (its city found in the same statement). */
  const guideContext = <B = undefined>(
    user: SessionUser,
    beside: (guideId: string) => Promise<B> = nothing as () => Promise<B>,
  ) => contextOf(user, repo.guideOf, beside);
  /** The same, the guide read with the dashboard's figures (docs/product.md#tourist-list). */
  const deskContext = (user: SessionUser, now: Date) =>
    contextOf(user, (id) => repo.guideDesk(id, now), nothing);

  /** The tourist of the guide's city, or the refusal: 404 (unknown or elsewhere), 403 (not allowed). */
  async function reachable(viewer: SessionUser, id: string, notFound: string): Promise<TouristRow> {
    const ctx = await guideContext(viewer);
    const tourist = isUuid(id) ? await repo.touristInCity(id, ctx.city, monthAgo()) : null;
    if (!tourist) throw new HttpError(404, notFound, 'not-found');
    if (!ctx.canContact(id))
      throw new HttpError(403, DISCOVERY_MESSAGES.unverifiedContact, 'verification-required');
    return tourist;
  }

  /**
   * The tourist this viewer may open, or the refusal: 403 (not a guide, not ready, not allowed), 409 (no
   * city), 404 (unknown, or not of the guide's city: a guide sees their city's tourists only).
   */
  async function viewableTourist(viewer: SessionUser, id: string): Promise<TouristRow> {
    return reachable(viewer, id, 'Profile not found');
  }

  return {
    monthAgo,
    guideContext,
    deskContext,
    viewableTourist,

    /** Throws the tourist profile's own refusal (403/404) when this viewer may not see the tourist. */
    async assertMayViewTourist(viewer: SessionUser, touristId: string): Promise<void> {
      await viewableTourist(viewer, touristId);
    },

    /**
     * Whether this guide may start a conversation with this tourist (chat asks before one starts): the same
     * answers as the tourist profile, a tourist of another city being "Tourist not found".
     */
    async assertGuideMayContact(viewer: SessionUser, touristId: string): Promise<void> {
      await reachable(viewer, touristId, 'Tourist not found');
    },
  };
}

export type ContactRule = ReturnType<typeof createContactRule>;

/** The one contact rule of this app. */
export const contactRuleOf = perApp((ctx: AppContext) =>
  createContactRule({
    repo: createDiscoveryRepository(ctx.db),
    now: ctx.now,
  }),
);

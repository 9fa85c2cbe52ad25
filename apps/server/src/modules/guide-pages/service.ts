import { convertAmount, type UsdRates } from '@lokal/shared/domain/money';
import { responseFigures } from '@lokal/shared/domain/response-figures';
import type { ExperienceCard } from '@lokal/shared/schemas/experiences';
import type {
  ExperiencePageResponse,
  GuidePageResponse,
  GuidePreview,
} from '@lokal/shared/schemas/guide-pages';
import type { CardMatch } from '@lokal/shared/schemas/match';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { trackOf } from '../discovery/cards.ts';
import type { ExperiencesService } from '../experiences/service.ts';
import type { GuidePagesRepository } from './repository.ts';

type Viewer = SessionUser | null;

const guideNotFound = () => new HttpError(404, 'Guide not found', 'not-found');

/** The cheapest of some prices, compared in US dollars at Lokal's rates, shown in its own currency. */
export function cheapest(
  cards: Pick<ExperienceCard, 'price' | 'currency' | 'priceMode'>[],
  rates: UsdRates,
): GuidePreview['fromPrice'] {
  let best: { usd: number; card: (typeof cards)[number] } | null = null;
  for (const card of cards) {
    const usd = convertAmount(card.price, card.currency, 'USD', rates) ?? card.price;
    if (!best || usd < best.usd) best = { usd, card };
  }
  return best
    ? { amount: best.card.price, currency: best.card.currency, priceMode: best.card.priceMode }
    : null;
}

/**
 * The public guide and experience pages (docs/product.md#guide-page): a preview anyone may see, the rest for
 * members. A guide travellers cannot see, or an experience that is not published, is a 404 for everyone but
 * its guide and staff.
 */
export function createGuidePagesService(deps: {
  repo: GuidePagesRepository;
  experiences: ExperiencesService;
  rates: () => Promise<{ rates: UsdRates }>;
  now: () => number;
  /** The viewer's match with a guide when the viewer is a traveller (docs/product.md#match-score). */
  matchFor?: (viewer: Viewer, guideId: string) => Promise<CardMatch | null | undefined>;
  /** The same, for the guide of a row read already (its match side's version). */
  matchWithSide?: (
    viewer: Viewer,
    guide: { userId: string; version: string },
  ) => Promise<CardMatch | null | undefined>;
}) {
  const matchFor = deps.matchFor ?? (async () => undefined);
  const matchWithSide = deps.matchWithSide ?? (async () => undefined);
  const withMatch = (m: CardMatch | null | undefined) => (m === undefined ? {} : { match: m });
  return {
    async guide(slug: string, viewer: Viewer): Promise<GuidePageResponse> {
      const g = await deps.repo.guideBySlug(slug);
      if (!g) throw guideNotFound();
      const privileged = viewer?.id === g.userId || viewer?.role === 'staff';
      if (!g.visible && !privileged) throw guideNotFound();
      // Everything else the page shows, side by side: one round trip after the guide's row, which carries
      // the version of the guide's match side and the first replies (docs/product.md#response-figures).
      const [experiences, { rates }, match] = await Promise.all([
        deps.experiences.ofGuide(g.userId, viewer),
        deps.rates(),
        viewer && g.visible ? matchWithSide(viewer, { userId: g.userId, version: g.version }) : undefined,
      ]);
      const response = viewer ? responseFigures(g.firstReplies, new Date(deps.now())) : null;
      const preview: GuidePreview = {
        id: g.userId,
        slug: g.slug,
        name: `${g.firstName} ${g.lastName}`.trim(),
        city: g.city,
        country: g.country,
        image: g.image,
        verified: g.verified,
        rating: g.rating,
        reviews: g.reviews,
        fromPrice: cheapest(experiences, rates),
        track: trackOf(g, new Date(deps.now())),
        experiences: experiences.map((e) => ({ id: e.id, title: e.title, photo: e.photo })),
      };
      if (!viewer || !response) return { preview, details: null };
      return {
        ...withMatch(match),
        preview,
        details: {
          profession: g.profession,
          bio: g.bio,
          languages: g.languages,
          specialties: g.specialties,
          photos: [g.image, ...experiences.flatMap((e) => (e.photo ? [e.photo] : []))].slice(0, 6),
          response,
          experiences,
          canMessage: viewer.role === 'tourist' && g.visible,
          own: viewer.id === g.userId,
          hidden: !g.visible,
        },
      };
    },

    async experience(id: string, viewer: Viewer): Promise<ExperiencePageResponse> {
      const { experience: e, public: isPublic } = await deps.experiences.forPage(id, viewer);
      const [match, guide] = await Promise.all([
        viewer && isPublic ? matchFor(viewer, e.guideId) : undefined,
        deps.repo.guideBySlug(e.guide.slug),
      ]);
      if (!guide) throw guideNotFound();
      return {
        ...withMatch(match),
        preview: {
          id: e.id,
          title: e.title,
          summary: e.summary,
          category: e.category,
          city: e.city,
          photo: e.photos[0]?.url ?? null,
          durationMinutes: e.durationMinutes,
          rating: e.rating,
          fromPrice: { amount: e.price, currency: e.currency, priceMode: e.priceMode },
          guide: {
            name: e.guide.name,
            slug: e.guide.slug,
            image: e.guide.image,
            verified: e.guide.verified,
            rating: guide.rating,
            // The guide box says what the guide's card and page say (docs/product.md#track-record).
            track: trackOf(guide, new Date(deps.now())),
          },
        },
        experience: viewer ? e : null,
        hidden: !isPublic,
      };
    },
  };
}

export type GuidePagesService = ReturnType<typeof createGuidePagesService>;

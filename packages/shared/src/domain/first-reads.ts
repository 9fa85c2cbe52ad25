import { SUPPORTED_CURRENCIES } from '../constants/currency.ts';
import { SEARCH_SORTS } from '../constants/discovery.ts';
import { EXPERIENCE_CATEGORIES } from '../constants/experiences.ts';
import type { StatusUser } from '../schemas/auth.ts';
import type { GuideSearchFilters } from '../schemas/discovery.ts';
import type { ExperiencePageResponse, GuidePageResponse } from '../schemas/guide-pages.ts';
import { decideAccess } from './access-guard.ts';
import { apiUrl } from './api-url.ts';
import { PROTECTED_ROUTES, paths } from './pages.ts';

/** Guides per page of the search. */
export const GUIDE_PAGE_SIZE = 12;

/** The filters of the tourist home that live in its URL, in the one order both sides spell them (decision 016). */
const HOME_FILTERS = [
  'q',
  'category',
  'city',
  'date',
  'party',
  'type',
  'language',
  'minPrice',
  'maxPrice',
  'currency',
  'sort',
] as const;

const text = (v: string) => (v.length <= 100 ? v : undefined);
const wholeIn = (min: number, max: number) => (v: string) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
const oneOf =
  <T extends string>(list: readonly T[]) =>
  (v: string) =>
    (list as readonly string[]).includes(v) ? (v as T) : undefined;
const isDate = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
    ? v
    : undefined;
// The same rules as the search's schema (schemas/discovery.ts), without zod: this file ships in every page's
// entry script (the router reads it), where zod would cost tens of kilobytes.
const PARSERS: Record<(typeof HOME_FILTERS)[number], (v: string) => unknown> = {
  q: text,
  category: text,
  city: text,
  date: isDate,
  party: wholeIn(1, 20),
  type: oneOf(EXPERIENCE_CATEGORIES),
  language: text,
  minPrice: wholeIn(0, 100_000),
  maxPrice: wholeIn(0, 100_000),
  currency: oneOf(SUPPORTED_CURRENCIES),
  sort: oneOf(SEARCH_SORTS),
};

/**
 * The tourist home's search as its URL describes it (`?city=Lisbon&date=2026-12-24&party=3…`): each value the
 * search accepts, in a fixed order; a value it would refuse (a hand-edited link) is dropped, so a stale link
 * still shows guides. The price filters travel with the currency they were typed in.
 */
export function touristHomeSearch(params: URLSearchParams): GuideSearchFilters {
  const out: Record<string, unknown> = {};
  for (const key of HOME_FILTERS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const value = PARSERS[key](raw);
    if (value !== undefined) out[key] = value;
  }
  if (out.category === 'All') delete out.category;
  // No sort is the viewer's default (Best match once a traveller took the quiz), so a chosen one stays.
  if (out.minPrice === undefined && out.maxPrice === undefined) delete out.currency;
  return out as GuideSearchFilters;
}

/** Reviews per page on a guide's or an experience's page ("Show more" loads the next). */
export const PAGE_REVIEWS = 5;

/**
 * What a guide's or an experience's page shows a member beside its own answer: the first reviews and, for a
 * tourist who may save the guide, the saved hearts. Read with the page (server) and before its first render
 * (browser), so the page renders once, complete, instead of again as each arrives (decision 082).
 */
export function pageExtras(pathname: string, answer: unknown): string[] {
  if (!answer || typeof answer !== 'object') return [];
  if (/^\/guides\/[^/]+$/.test(pathname)) {
    const { preview, details } = answer as Partial<GuidePageResponse>;
    if (!preview || !details) return [];
    return [
      apiUrl(`/profiles/guide/${encodeURIComponent(preview.id)}/reviews`, { limit: PAGE_REVIEWS }),
      ...(details.canMessage ? [apiUrl('/favorites/ids')] : []),
    ];
  }
  if (/^\/experiences\/[^/]+$/.test(pathname)) {
    const { experience } = answer as Partial<ExperiencePageResponse>;
    if (!experience) return [];
    return [apiUrl(`/experiences/${encodeURIComponent(experience.id)}/reviews`, { limit: PAGE_REVIEWS })];
  }
  return [];
}

/** The session look-up every page starts with. */
export const SESSION_READ = apiUrl('/auth/session');

/** Whether this signed-in member passes a protected screen's guard (docs/product.md#access-guard) as it stands. */
export function mayOpen(pathname: string, user: StatusUser | null): boolean {
  const requirement = PROTECTED_ROUTES[pathname];
  if (!requirement || !user) return false;
  const decision = decideAccess({
    requirement,
    loading: false,
    signedIn: true,
    devMode: false,
    status: {
      exists: true,
      onboardingCompleted: user.onboardingCompleted,
      personalityTestCompleted: user.personalityTestCompleted ?? false,
      role: user.role,
    },
    statusError: null,
    location: { pathname },
  });
  return decision.kind === 'show';
}

/**
 * What a screen reads for its first render besides the session, when the signed-in user may see it
 * (decision 016). The server answers these inside the page; the browser then renders without a round trip.
 */
export function screenReads(pathname: string, search: URLSearchParams, user: StatusUser | null): string[] {
  if (!mayOpen(pathname, user)) return [];
  switch (pathname) {
    case paths.tourist.home:
      return [
        apiUrl('/guides/search', {
          ...touristHomeSearch(search),
          limit: GUIDE_PAGE_SIZE,
        }),
        apiUrl('/favorites/ids'),
        apiUrl('/chat/unread'),
        apiUrl('/tourists/travel-style'),
      ];
    case paths.guide.home:
      return [
        apiUrl('/guides/tourists'),
        apiUrl('/guides/verification'),
        apiUrl('/users/profile'),
        apiUrl('/chat/unread'),
      ];
    default:
      return [];
  }
}

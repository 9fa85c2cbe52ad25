import type { StatusUser } from '../schemas/auth.ts';
import { decideAccess } from './access-guard.ts';
import { apiUrl } from './api-url.ts';
import { PROTECTED_ROUTES, paths } from './pages.ts';

/** Guides per page of the search. */
export const GUIDE_PAGE_SIZE = 12;

/** The tourist home's search as its URL describes it (`?q=…&category=…`). */
export function touristHomeSearch(q: string | null | undefined, category: string | null | undefined) {
  return { q: q?.trim() || undefined, category: category && category !== 'All' ? category : undefined };
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
          ...touristHomeSearch(search.get('q'), search.get('category')),
          limit: GUIDE_PAGE_SIZE,
        }),
        apiUrl('/favorites'),
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

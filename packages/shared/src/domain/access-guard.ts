import type { UserType } from '../schemas/auth.ts';
import { paths, type RouteRequirement } from './pages.ts';
import { roleHome, safeRedirect } from './redirect.ts';

/** The route-guard state, as the status call reports it. */
export type GuardStatus = {
  exists: boolean;
  onboardingCompleted: boolean;
  personalityTestCompleted: boolean;
  role: UserType | 'staff' | null;
};

export type GuardInput = {
  requirement: RouteRequirement;
  /** Session check still running, or the status call still loading. */
  loading: boolean;
  signedIn: boolean;
  devMode: boolean;
  status: GuardStatus | null;
  statusError: string | null;
  location: { pathname: string; search?: string; from?: string | null };
};

export type GuardDecision =
  | { kind: 'loading'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'redirect'; to: string; from?: string }
  | { kind: 'show' };

const CHECKING = 'Checking authentication...';

/** The access guard of docs/product.md#access-guard, 11 steps in order. Pure: the React wrapper applies the result. */
export function decideAccess(input: GuardInput): GuardDecision {
  const { requirement: req, status, location } = input;
  const here = `${location.pathname}${location.search ?? ''}`;
  const role = req.role;
  const staffPage = role === 'staff';
  const login = staffPage ? paths.admin.login : role ? paths[role].login : paths.landing;

  // 1. Still checking.
  if (input.loading) return { kind: 'loading', message: CHECKING };
  // 2. Nobody signed in. Development mode counts as signed in, but not at the staff console.
  if (!input.signedIn || (staffPage && !status && input.statusError === null)) {
    return { kind: 'redirect', to: login, from: here };
  }
  // 3. Development mode skips every other check (the staff console keeps them: the server refuses anyway).
  if (input.devMode && !staffPage) return { kind: 'show' };
  // 4. The status call failed.
  if (input.statusError !== null) {
    if (/not found/i.test(input.statusError) && !staffPage) {
      return { kind: 'redirect', to: paths[role ?? 'guide'].onboarding, from: here };
    }
    return { kind: 'error', message: input.statusError };
  }
  if (!status) return { kind: 'loading', message: CHECKING };
  // 5. No user record yet.
  if (!status.exists) {
    return { kind: 'redirect', to: staffPage ? login : paths[role ?? 'guide'].onboarding, from: here };
  }
  // 6. Each role is kept out of the other's area.
  if (status.role === 'tourist' && location.pathname.startsWith('/guide/')) {
    return { kind: 'redirect', to: paths.tourist.home };
  }
  if (status.role === 'guide' && location.pathname.startsWith('/tourist/')) {
    return { kind: 'redirect', to: paths.guide.home };
  }
  // 7. Wrong role for this page.
  if (role && status.role !== role) return { kind: 'redirect', to: roleHome(status.role) };
  // 8. Onboarding page, onboarding already done.
  if (req.onboardingPage && status.onboardingCompleted) {
    if (status.role === 'guide') {
      if (status.personalityTestCompleted) {
        const remembered = location.from?.startsWith('/guide/') ? location.from : null;
        return { kind: 'redirect', to: remembered ? safeRedirect(remembered, 'guide') : paths.guide.home };
      }
      return { kind: 'redirect', to: paths.guide.preview };
    }
    const remembered = location.from?.startsWith('/tourist/') ? location.from : null;
    return { kind: 'redirect', to: remembered ? safeRedirect(remembered, 'tourist') : paths.tourist.home };
  }
  // 9. Onboarding required.
  if (req.onboarding && !status.onboardingCompleted) {
    return {
      kind: 'redirect',
      to: paths[status.role === 'guide' || role === 'guide' ? 'guide' : 'tourist'].onboarding,
      from: here,
    };
  }
  // 10. Personality test required (guides).
  if (req.personalityTest && status.role === 'guide' && !status.personalityTestCompleted) {
    return { kind: 'redirect', to: paths.guide.personalityTest, from: here };
  }
  // 11. Show the page.
  return { kind: 'show' };
}

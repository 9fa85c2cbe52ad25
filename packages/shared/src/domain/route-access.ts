import type { RouteRequirement } from './access-guard.ts';

// The route table (docs/product.md#screens): which protected page needs what. Open pages are not listed.
export const PROTECTED_ROUTES: Record<string, RouteRequirement> = {
  // Needs a session because the server completes onboarding (decision 003).
  '/tourist/onboarding': { role: 'tourist', onboarding: false, personalityTest: false, onboardingPage: true },
  '/tourist/home': { role: 'tourist', onboarding: true, personalityTest: false },
  '/tourist/chats': { role: 'tourist', onboarding: true, personalityTest: false },
  '/tourist/chats/:conversationId': { role: 'tourist', onboarding: true, personalityTest: false },
  '/tourist/bookings': { role: 'tourist', onboarding: true, personalityTest: false },
  '/tourist/settings': { role: 'tourist', onboarding: true, personalityTest: false },
  '/guide/onboarding': { role: 'guide', onboarding: false, personalityTest: false, onboardingPage: true },
  '/guide/preview': { role: 'guide', onboarding: true, personalityTest: false },
  '/guide/personality/test': { role: 'guide', onboarding: true, personalityTest: false },
  '/guide/home': { role: 'guide', onboarding: true, personalityTest: true },
  '/guide/chats': { role: 'guide', onboarding: true, personalityTest: true },
  '/guide/chats/:conversationId': { role: 'guide', onboarding: true, personalityTest: true },
  '/guide/bookings': { role: 'guide', onboarding: true, personalityTest: true },
  '/guide/settings': { role: 'guide', onboarding: true, personalityTest: true },
  '/guide/top-tourists': { role: 'guide', onboarding: true, personalityTest: true },
  // The staff console (docs/product.md#staff-console): staff only; /admin/login and /admin/auth-redirect are open.
  '/admin': { role: 'staff', onboarding: false, personalityTest: false },
};

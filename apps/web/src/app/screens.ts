import { PAGE_LIST, type RouteRequirement } from '@lokal/shared/domain/pages';

export type Screen = {
  path: string;
  /** The screen's module under src/routes/, without the extension. */
  module: string;
  /** Behind the shared access guard (docs/product.md#access-guard). */
  guarded?: true;
  /** Drawn inside the role's frame: header, navigation and bell (docs/product.md#navigation). */
  shell?: 'tourist' | 'guide';
};

/** The role's everyday screens, after onboarding (and, for a guide, the personality test). */
function shellOf(access: RouteRequirement | undefined): Screen['shell'] {
  if (!access || access.onboardingPage || !access.onboarding) return undefined;
  if (access.role === 'tourist') return 'tourist';
  if (access.role === 'guide' && access.personalityTest) return 'guide';
  return undefined;
}

/**
 * Every screen but the landing page (prerendered, see LANDING_MODULE), from the shared page table. The router
 * loads a screen's module on demand; the build lists each module's chunks so the server can name them in
 * the page it sends for that path and the browser fetches them alongside the entry (decision 016).
 */
export const SCREENS: readonly Screen[] = PAGE_LIST.flatMap(({ path, screen, access, frame }) =>
  screen
    ? [
        {
          path,
          module: screen,
          ...(access ? { guarded: true as const } : {}),
          ...(frame !== false && shellOf(access) ? { shell: shellOf(access) } : {}),
        },
      ]
    : [],
);

/** The landing page (prerendered into index.html, its chunk preloaded there). */
export const LANDING_MODULE = 'landing';

/** The page for any other path. */
export const NOT_FOUND_MODULE = 'not-found';

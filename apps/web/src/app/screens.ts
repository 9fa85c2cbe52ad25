import { paths } from '../config/paths.ts';

export type Screen = {
  path: string;
  /** The screen's module under src/routes/, without the extension. */
  module: string;
  /** Behind the shared access guard (docs/product.md#access-guard). */
  guarded?: true;
};

/**
 * Every screen but the landing page (which ships in the entry), once. The router loads a screen's module
 * on demand; the build lists each module's chunks so the server can name them in the page it sends for
 * that path and the browser fetches them alongside the entry (decision 016).
 */
export const SCREENS: readonly Screen[] = [
  { path: paths.test, module: 'test-page' },
  { path: paths.tourist.signup, module: 'tourist/signup' },
  { path: paths.tourist.login, module: 'tourist/login' },
  { path: paths.tourist.authRedirect, module: 'tourist/auth-redirect' },
  { path: paths.guide.signup, module: 'guide/signup' },
  { path: paths.guide.login, module: 'guide/login' },
  { path: paths.guide.authRedirect, module: 'guide/auth-redirect' },
  { path: paths.tourist.onboarding, module: 'tourist/onboarding', guarded: true },
  { path: paths.guide.onboarding, module: 'guide/onboarding', guarded: true },
  { path: paths.guide.preview, module: 'guide/preview', guarded: true },
  { path: paths.guide.personalityTest, module: 'guide/personality/test', guarded: true },
  { path: paths.tourist.home, module: 'tourist/home', guarded: true },
  { path: paths.tourist.chats, module: 'tourist/chats', guarded: true },
  { path: paths.tourist.conversation, module: 'tourist/chats', guarded: true },
  { path: paths.tourist.bookings, module: 'tourist/bookings', guarded: true },
  { path: paths.tourist.settings, module: 'tourist/settings', guarded: true },
  { path: paths.guide.home, module: 'guide/home', guarded: true },
  { path: paths.guide.chats, module: 'guide/chats', guarded: true },
  { path: paths.guide.conversation, module: 'guide/chats', guarded: true },
  { path: paths.guide.bookings, module: 'guide/bookings', guarded: true },
  { path: paths.guide.settings, module: 'guide/settings', guarded: true },
  { path: paths.guide.topTourists, module: 'guide/top-tourists', guarded: true },
  { path: paths.admin.login, module: 'admin/login' },
  { path: paths.admin.authRedirect, module: 'admin/auth-redirect' },
  { path: paths.admin.home, module: 'admin/console', guarded: true },
];

/** The page for any other path. */
export const NOT_FOUND_MODULE = 'not-found';

import type { Role, UserType } from '../schemas/auth.ts';

/** What a protected route asks of the visitor (the route table, docs/product.md#screens). */
export type RouteRequirement = {
  /** 'staff' for the staff console (/admin): outside the marketplace's two roles and development mode. */
  role?: Role;
  onboarding: boolean;
  personalityTest: boolean;
  /** True on the onboarding pages themselves. */
  onboardingPage?: boolean;
};

/**
 * One page of the app: its URL path, the module under apps/web/src/routes/ that draws it (without the
 * extension; none for the landing page, which the router loads apart, see the web's screens.ts) and, for a protected page, who may see it.
 */
export type Page = {
  path: string;
  screen?: string;
  access?: RouteRequirement;
  /** A full-screen step (a wizard) drawn without the role's frame, though it is behind the role's guard. */
  frame?: false;
};

type PageTree = { [name: string]: Page | PageTree };

const TOURIST: RouteRequirement = { role: 'tourist', onboarding: true, personalityTest: false };
const GUIDE: RouteRequirement = { role: 'guide', onboarding: true, personalityTest: true };
// Preview and the test itself come before the personality test.
const GUIDE_BEFORE_TEST: RouteRequirement = { role: 'guide', onboarding: true, personalityTest: false };

/**
 * Every page of the app, once: the web router, the access guard and the links the server writes into
 * e-mails and notifications all read it. A new protected page is one row here plus its screen module.
 */
export const PAGES = {
  landing: { path: '/' },
  test: { path: '/test', screen: 'test-page' },
  // Public pages (docs/product.md#guide-page): a preview signed out, the whole page for members.
  guidePage: { path: '/guides/:slug', screen: 'guide-page' },
  experiencePage: { path: '/experiences/:experienceId', screen: 'experience-page' },
  tourist: {
    signup: { path: '/tourist/signup', screen: 'tourist/signup' },
    login: { path: '/tourist/login', screen: 'tourist/login' },
    authRedirect: { path: '/tourist/auth-redirect', screen: 'tourist/auth-redirect' },
    // Open in the spec; ours needs a session because the server completes onboarding (decision 003).
    onboarding: {
      path: '/tourist/onboarding',
      screen: 'tourist/onboarding',
      access: { role: 'tourist', onboarding: false, personalityTest: false, onboardingPage: true },
    },
    home: { path: '/tourist/home', screen: 'tourist/home', access: TOURIST },
    chats: { path: '/tourist/chats', screen: 'tourist/chats', access: TOURIST },
    conversation: { path: '/tourist/chats/:conversationId', screen: 'tourist/chats', access: TOURIST },
    bookings: { path: '/tourist/bookings', screen: 'tourist/bookings', access: TOURIST },
    favorites: { path: '/tourist/favorites', screen: 'tourist/favorites', access: TOURIST },
    settings: { path: '/tourist/settings', screen: 'tourist/settings', access: TOURIST },
    travelStyle: {
      path: '/tourist/travel-style',
      screen: 'tourist/travel-style',
      access: TOURIST,
      frame: false,
    },
  },
  guide: {
    signup: { path: '/guide/signup', screen: 'guide/signup' },
    login: { path: '/guide/login', screen: 'guide/login' },
    authRedirect: { path: '/guide/auth-redirect', screen: 'guide/auth-redirect' },
    onboarding: {
      path: '/guide/onboarding',
      screen: 'guide/onboarding',
      access: { role: 'guide', onboarding: false, personalityTest: false, onboardingPage: true },
    },
    preview: { path: '/guide/preview', screen: 'guide/preview', access: GUIDE_BEFORE_TEST },
    personalityTest: {
      path: '/guide/personality/test',
      screen: 'guide/personality/test',
      access: GUIDE_BEFORE_TEST,
    },
    home: { path: '/guide/home', screen: 'guide/home', access: GUIDE },
    chats: { path: '/guide/chats', screen: 'guide/chats', access: GUIDE },
    conversation: { path: '/guide/chats/:conversationId', screen: 'guide/chats', access: GUIDE },
    bookings: { path: '/guide/bookings', screen: 'guide/bookings', access: GUIDE },
    settings: { path: '/guide/settings', screen: 'guide/settings', access: GUIDE },
    topTourists: { path: '/guide/top-tourists', screen: 'guide/top-tourists', access: GUIDE },
    experiences: { path: '/guide/experiences', screen: 'guide/experiences', access: GUIDE },
    experienceEditor: {
      path: '/guide/experiences/:experienceId',
      screen: 'guide/experience-editor',
      access: GUIDE,
    },
    availability: { path: '/guide/availability', screen: 'guide/availability', access: GUIDE },
  },
  // The staff console: staff only, outside the two roles' onboarding; its sign-in pages are open.
  admin: {
    login: { path: '/admin/login', screen: 'admin/login' },
    authRedirect: { path: '/admin/auth-redirect', screen: 'admin/auth-redirect' },
    home: {
      path: '/admin',
      screen: 'admin/console',
      access: { role: 'staff', onboarding: false, personalityTest: false },
    },
  },
} as const satisfies PageTree;

type PathsOf<T> = T extends { path: infer P } ? P : { readonly [K in keyof T]: PathsOf<T[K]> };

function isPage(node: Page | PageTree): node is Page {
  return typeof node.path === 'string';
}

function pathsOf(tree: PageTree): PathsOf<PageTree> {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => [name, isPage(node) ? node.path : pathsOf(node)]),
  );
}

function flatten(tree: PageTree): Page[] {
  return Object.values(tree).flatMap((node) => (isPage(node) ? [node] : flatten(node)));
}

/** Every URL path by name: `paths.tourist.home` is '/tourist/home'. */
export const paths = pathsOf(PAGES) as PathsOf<typeof PAGES>;

/** Every page, in the table's order. */
export const PAGE_LIST: readonly Page[] = flatten(PAGES);

/** What each protected page asks of the visitor (the access guard's input); open pages are not listed. */
export const PROTECTED_ROUTES: Readonly<Record<string, RouteRequirement>> = Object.fromEntries(
  PAGE_LIST.flatMap((page) => (page.access ? [[page.path, page.access]] : [])),
);

/** The editor of one of the guide's experiences ('new' for a new one). */
export function experienceEditorPath(experienceId: string): string {
  return paths.guide.experienceEditor.replace(':experienceId', encodeURIComponent(experienceId));
}

/** The page of one conversation. */
export function conversationPath(role: UserType, conversationId: string): string {
  return paths[role].conversation.replace(':conversationId', encodeURIComponent(conversationId));
}

/** A guide's public page. */
export function guidePagePath(slug: string): string {
  return paths.guidePage.replace(':slug', encodeURIComponent(slug));
}

/** An experience's public page. */
export function experiencePagePath(experienceId: string): string {
  return paths.experiencePage.replace(':experienceId', encodeURIComponent(experienceId));
}

/** The API read behind a public page's address (the server renders the page from it), or null. */
export function publicPageRead(pathname: string): string | null {
  const guide = /^\/guides\/([^/]+)$/.exec(pathname);
  if (guide) return `/api/pages/guides/${guide[1]}`;
  const experience = /^\/experiences\/([^/]+)$/.exec(pathname);
  if (experience) return `/api/pages/experiences/${experience[1]}`;
  return null;
}

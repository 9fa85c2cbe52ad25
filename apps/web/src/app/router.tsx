import { mayOpen, PAGE_REVIEWS, touristHomeSearch } from '@lokal/shared/domain/first-reads';
import { paths } from '@lokal/shared/domain/pages';
import type { ComponentType } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router';
import { AccessGuard } from '../features/auth/access-guard.tsx';
import { statusQuery } from '../features/auth/api/get-status.ts';
import { unreadQuery } from '../features/chat/api/get-unread.ts';
import { touristListQuery } from '../features/discovery/api/get-tourist-list.ts';
import { userProfileQuery } from '../features/discovery/api/get-user-profile.ts';
import { verificationQuery } from '../features/discovery/api/get-verification.ts';
import { guideSearchQuery } from '../features/discovery/api/search-guides.ts';
import { favoriteIdsQuery } from '../features/favorites/api/get-favorites.ts';
import { experiencePageQuery } from '../features/guide-pages/api/get-experience-page.ts';
import { guidePageQuery } from '../features/guide-pages/api/get-guide-page.ts';
import { travelStyleQuery } from '../features/match/api/get-travel-style.ts';
import { experienceReviewsQuery } from '../features/reviews/api/get-experience-reviews.ts';
import { profileReviewsQuery } from '../features/reviews/api/get-profile-reviews.ts';
import { loadChunk } from '../lib/chunk-load.ts';
import { queryClient } from '../lib/query-client.ts';
import { RoleShell } from './app-shell.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { LANDING_MODULE, NOT_FOUND_MODULE, SCREENS, type Screen } from './screens.ts';

type ScreenModule = { Component: ComponentType };

// One lazy loader per screen module, the landing page's too: it arrives prerendered (its first paint needs no
// script) and its chunk is named in index.html, so signed-in screens do not carry it in the entry (decision 038).
const modules = import.meta.glob<ScreenModule>('../routes/**/*.tsx');

function load(module: string): () => Promise<ScreenModule> {
  const loader = modules[`../routes/${module}.tsx`];
  if (!loader) throw new Error(`No screen module routes/${module}.tsx`);
  return loader;
}

// Screens whose code is in. The code loads in each route's loader, not through React Router's `lazy`: a
// failed `lazy` is remembered for good, while a loader runs again on the next visit, so a screen that could
// not load offline opens once the network is back (docs/product.md#bad-networks).
const loaded = new Map<string, ComponentType>();

async function loadScreen(module: string): Promise<void> {
  if (loaded.has(module)) return;
  const { Component } = await loadChunk(load(module));
  loaded.set(module, Component);
}

function screenComponent({ path, module, guarded }: Screen): ComponentType {
  return function LoadedScreen() {
    // The route's loader put it there before React Router renders the route.
    const Component = loaded.get(module);
    if (!Component) throw new Error(`Screen ${module} rendered before its code loaded`);
    // Protected screens go through the shared access guard with their path's requirements.
    return guarded ? (
      <AccessGuard path={path}>
        <Component />
      </AccessGuard>
    ) : (
      <Component />
    );
  };
}

// The data a screen shows first. Later navigations start it while the screen's code loads and go on; the
// app's first load waits for it, which costs nothing when the page carries the answers (decision 016): the
// screen then renders once, complete, instead of once per arriving answer.
const SCREEN_DATA: Record<string, (url: URL) => Promise<unknown>[]> = {
  [paths.tourist.home]: ({ searchParams }) => [
    queryClient.prefetchInfiniteQuery(guideSearchQuery(touristHomeSearch(searchParams))),
    queryClient.prefetchQuery(favoriteIdsQuery),
    queryClient.prefetchQuery(unreadQuery),
    queryClient.prefetchQuery(travelStyleQuery),
  ],
  [paths.guide.home]: () => [
    queryClient.prefetchInfiniteQuery(touristListQuery('', 'All')),
    queryClient.prefetchQuery(verificationQuery),
    queryClient.prefetchQuery(userProfileQuery),
    queryClient.prefetchQuery(unreadQuery),
  ],
};

// A guide's or an experience's page (open to visitors), and what it shows a member beside it (pageExtras in
// the shared first reads): all in the page's first answers on the first load, so it renders once (decision
// 053). No retries here: a page that cannot be read shows its own error and retries there.
const PAGE_DATA: Record<string, (params: Params) => Promise<unknown>> = {
  [paths.guidePage]: async ({ slug = '' }) => {
    const page = await queryClient.fetchQuery({ ...guidePageQuery(slug), retry: false });
    if (!page.details) return;
    await Promise.all([
      queryClient.prefetchInfiniteQuery(profileReviewsQuery('guide', page.preview.id, PAGE_REVIEWS)),
      page.details.canMessage ? queryClient.prefetchQuery(favoriteIdsQuery) : null,
    ]);
  },
  [paths.experiencePage]: async ({ experienceId = '' }) => {
    const page = await queryClient.fetchQuery({ ...experiencePageQuery(experienceId), retry: false });
    if (!page.experience) return;
    await queryClient.prefetchInfiniteQuery(experienceReviewsQuery(page.experience.id, PAGE_REVIEWS));
  },
};
let firstLoad = true;

function route(screen: Screen): RouteObject {
  const { path, module, guarded } = screen;
  const data = SCREEN_DATA[path];
  const pageData = PAGE_DATA[path];
  return {
    path,
    loader: async ({ request, params }) => {
      const reads = async () => {
        if (pageData) {
          // The member's session too, so the page's header knows the visitor at its first render.
          await Promise.all([queryClient.prefetchQuery(statusQuery), pageData(params)]).catch(() => null);
          return;
        }
        if (!guarded) return;
        const user = await queryClient.fetchQuery(statusQuery).catch(() => null);
        // Only for a member the guard will let in: a visitor is on the way to sign in.
        if (data && mayOpen(path, user)) await Promise.all(data(new URL(request.url)));
      };
      const pending = reads();
      const code = loadScreen(module);
      code.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
      if (firstLoad) await pending;
      // A screen whose code cannot load shows the route's error screen (offline, or a newer build).
      await code;
      return null;
    },
    Component: screenComponent(screen),
    ErrorBoundary: RouteError,
  };
}

const landing = route({ path: paths.landing, module: LANDING_MODULE });

/**
 * Every route once. Screens load on demand so the landing page stays light. Created by main.tsx in a task
 * after the modules' evaluation: its first match and loaders are then a task of their own (decision 042).
 */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      Component: RootLayout,
      // No raw crash page anywhere: every route, and the layout around them, answers with the app's own.
      ErrorBoundary: RouteError,
      children: [
        { index: true, loader: landing.loader, Component: landing.Component, ErrorBoundary: RouteError },
        ...SCREENS.filter((s) => !s.shell).map(route),
        // The role's everyday screens share one frame (header, navigation, bell) that stays while they change.
        {
          element: <RoleShell side="tourist" />,
          children: SCREENS.filter((s) => s.shell === 'tourist').map(route),
        },
        {
          element: <RoleShell side="guide" />,
          children: SCREENS.filter((s) => s.shell === 'guide').map(route),
        },
        route({ path: '*', module: NOT_FOUND_MODULE }),
      ],
    },
  ]);

  // Only the navigation that opens the app waits for its screen's data.
  if (router.state.initialized) firstLoad = false;
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      firstLoad = false;
      stop();
    });
  }
  return router;
}

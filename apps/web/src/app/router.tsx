import { mayOpen, touristHomeSearch } from '@lokal/shared/domain/first-reads';
import { paths } from '@lokal/shared/domain/pages';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccessGuard } from '../features/auth/access-guard.tsx';
import { statusQuery } from '../features/auth/api/get-status.ts';
import { unreadQuery } from '../features/chat/api/get-unread.ts';
import { touristListQuery } from '../features/discovery/api/get-tourist-list.ts';
import { userProfileQuery } from '../features/discovery/api/get-user-profile.ts';
import { verificationQuery } from '../features/discovery/api/get-verification.ts';
import { guideSearchQuery } from '../features/discovery/api/search-guides.ts';
import { favoritesQuery } from '../features/favorites/api/get-favorites.ts';
import { travelStyleQuery } from '../features/match/api/get-travel-style.ts';
import { queryClient } from '../lib/query-client.ts';
import { Component as Landing } from '../routes/landing.tsx';
import { RoleShell } from './app-shell.tsx';
import { RootLayout } from './root-layout.tsx';
import { NOT_FOUND_MODULE, SCREENS, type Screen } from './screens.ts';

type ScreenModule = { Component: ComponentType };

// One lazy loader per screen module; the landing page is left out, it ships in the entry.
const modules = import.meta.glob<ScreenModule>(['../routes/**/*.tsx', '!../routes/landing.tsx']);

function load(module: string): () => Promise<ScreenModule> {
  const loader = modules[`../routes/${module}.tsx`];
  if (!loader) throw new Error(`No screen module routes/${module}.tsx`);
  return loader;
}

// The data a screen shows first. Later navigations start it while the screen's code loads and go on; the
// app's first load waits for it, which costs nothing when the page carries the answers (decision 016): the
// screen then renders once, complete, instead of once per arriving answer.
const SCREEN_DATA: Record<string, (url: URL) => Promise<unknown>[]> = {
  [paths.tourist.home]: ({ searchParams }) => [
    queryClient.prefetchInfiniteQuery(guideSearchQuery(touristHomeSearch(searchParams))),
    queryClient.prefetchQuery(favoritesQuery),
    queryClient.prefetchQuery(unreadQuery),
    queryClient.prefetchQuery(travelStyleQuery),
  ],
  [paths.guide.home]: () => [
    queryClient.prefetchQuery(touristListQuery('', 'All')),
    queryClient.prefetchQuery(verificationQuery),
    queryClient.prefetchQuery(userProfileQuery),
    queryClient.prefetchQuery(unreadQuery),
  ],
};
let firstLoad = true;

function route({ path, module, guarded }: Screen): RouteObject {
  const data = SCREEN_DATA[path];
  return {
    path,
    loader: async ({ request }) => {
      const reads = async () => {
        if (!guarded) return;
        const user = await queryClient.fetchQuery(statusQuery).catch(() => null);
        // Only for a member the guard will let in: a visitor is on the way to sign in.
        if (data && mayOpen(path, user)) await Promise.all(data(new URL(request.url)));
      };
      const pending = reads();
      if (firstLoad) await pending;
      return null;
    },
    lazy: guarded
      ? async () => {
          const { Component } = await load(module)();
          // Protected screens go through the shared access guard with their path's requirements.
          return {
            element: (
              <AccessGuard path={path}>
                <Component />
              </AccessGuard>
            ),
          };
        }
      : load(module),
  };
}

// Every route once. Screens load on demand so the landing page stays light.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      // The landing page ships in the entry chunk: it is the first paint for most visitors.
      { index: true, Component: Landing },
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
      { path: '*', lazy: load(NOT_FOUND_MODULE) },
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

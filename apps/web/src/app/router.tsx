import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AccessGuard } from '../features/auth/access-guard.tsx';
import { guideSearchQuery, touristHomeFilters } from '../features/discovery/api/discovery-calls.ts';
import { queryClient } from '../lib/query-client.ts';
import { Component as Landing } from '../routes/landing.tsx';
import { RootLayout } from './root-layout.tsx';

type ScreenModule = { Component: ComponentType };

// Protected screens go through the shared access guard with their path's requirements. `prefetch` starts a
// screen's first data request while its code is still loading (it does not hold the navigation up).
function guarded(
  path: string,
  load: () => Promise<ScreenModule>,
  prefetch?: (url: URL) => void,
): RouteObject {
  return {
    path,
    loader: prefetch
      ? ({ request }) => {
          prefetch(new URL(request.url));
          return null;
        }
      : undefined,
    lazy: async () => {
      const { Component } = await load();
      return {
        element: (
          <AccessGuard path={path}>
            <Component />
          </AccessGuard>
        ),
      };
    },
  };
}

function open(path: string, load: () => Promise<ScreenModule>): RouteObject {
  return { path, lazy: load };
}

// Every route once. Screens load on demand so the landing page stays light.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      // The landing page ships in the entry chunk: it is the first paint for most visitors.
      { index: true, Component: Landing },
      open(paths.test, () => import('../routes/test-page.tsx')),
      open(paths.tourist.signup, () => import('../routes/tourist/signup.tsx')),
      open(paths.tourist.login, () => import('../routes/tourist/login.tsx')),
      open(paths.tourist.authRedirect, () => import('../routes/tourist/auth-redirect.tsx')),
      open(paths.guide.signup, () => import('../routes/guide/signup.tsx')),
      open(paths.guide.login, () => import('../routes/guide/login.tsx')),
      open(paths.guide.authRedirect, () => import('../routes/guide/auth-redirect.tsx')),
      guarded(paths.tourist.onboarding, () => import('../routes/tourist/onboarding.tsx')),
      guarded(paths.guide.onboarding, () => import('../routes/guide/onboarding.tsx')),
      guarded(paths.guide.preview, () => import('../routes/guide/preview.tsx')),
      guarded(paths.guide.personalityTest, () => import('../routes/guide/personality/test.tsx')),
      guarded(
        paths.tourist.home,
        () => import('../routes/tourist/home.tsx'),
        ({ searchParams }) =>
          void queryClient.prefetchInfiniteQuery(
            guideSearchQuery(touristHomeFilters(searchParams.get('q'), searchParams.get('category'))),
          ),
      ),
      guarded(paths.tourist.chats, () => import('../routes/tourist/chats.tsx')),
      guarded(paths.tourist.conversation, () => import('../routes/tourist/chats.tsx')),
      guarded(paths.tourist.bookings, () => import('../routes/tourist/bookings.tsx')),
      guarded(paths.tourist.settings, () => import('../routes/tourist/settings.tsx')),
      guarded(paths.guide.home, () => import('../routes/guide/home.tsx')),
      guarded(paths.guide.chats, () => import('../routes/guide/chats.tsx')),
      guarded(paths.guide.conversation, () => import('../routes/guide/chats.tsx')),
      guarded(paths.guide.bookings, () => import('../routes/guide/bookings.tsx')),
      guarded(paths.guide.settings, () => import('../routes/guide/settings.tsx')),
      guarded(paths.guide.topTourists, () => import('../routes/guide/top-tourists.tsx')),
      open(paths.admin.login, () => import('../routes/admin/login.tsx')),
      open(paths.admin.authRedirect, () => import('../routes/admin/auth-redirect.tsx')),
      guarded(paths.admin.home, () => import('../routes/admin/console.tsx')),
      { path: '*', lazy: () => import('../routes/not-found.tsx') },
    ],
  },
]);

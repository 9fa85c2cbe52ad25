import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { AccessGuard } from '../features/auth/access-guard.tsx';
import { Component as Landing } from '../routes/landing.tsx';
import { RootLayout } from './root-layout.tsx';

type ScreenModule = { Component: ComponentType };

// Protected screens go through the shared access guard with their path's requirements.
function guarded(path: string, load: () => Promise<ScreenModule>): RouteObject {
  return {
    path,
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
      guarded(paths.tourist.home, () => import('../routes/tourist/home.tsx')),
      guarded(paths.tourist.chats, () => import('../routes/tourist/chats.tsx')),
      guarded(paths.tourist.settings, () => import('../routes/tourist/settings.tsx')),
      guarded(paths.guide.home, () => import('../routes/guide/home.tsx')),
      guarded(paths.guide.chats, () => import('../routes/guide/chats.tsx')),
      guarded(paths.guide.settings, () => import('../routes/guide/settings.tsx')),
      guarded(paths.guide.topTourists, () => import('../routes/guide/top-tourists.tsx')),
      { path: '*', lazy: () => import('../routes/not-found.tsx') },
    ],
  },
]);

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ScreenSkeleton } from './app/screen-skeletons.tsx';
import { SCREENS } from './app/screens.ts';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { Component as Landing } from './routes/landing.tsx';

export { SCREENS };

/**
 * The landing page as HTML, written into dist/index.html at build time so the first paint needs no
 * JavaScript. The browser's first render produces the same markup and replaces it.
 */
export function renderLanding(): string {
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter>
          <Landing />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/**
 * Each signed-in screen's skeleton as HTML (decision 032): the server puts it in the page for that path so
 * a slow network shows the screen's shape before any script has loaded.
 */
export function renderSkeletons(): Record<string, string> {
  return Object.fromEntries(
    SCREENS.filter((s) => s.guarded).map((s) => [
      s.path,
      renderToStaticMarkup(<ScreenSkeleton path={s.path} />),
    ]),
  );
}

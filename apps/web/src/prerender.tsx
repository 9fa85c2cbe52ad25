import { I18nProvider } from '@lingui/react';
import en from '@lokal/shared/i18n/messages/en.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ScreenSkeleton } from './app/screen-skeletons.tsx';
import { SCREENS } from './app/screens.ts';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { i18n } from './lib/i18n.ts';
import { Component as Landing } from './routes/landing.tsx';

export { SCREENS };

// Prerendered in English, the language of a first visit without a choice; the browser's first render switches
// to the visitor's (decision 099).
i18n.loadAndActivate({ locale: 'en', messages: en as never });

/**
 * The landing page as HTML, written into dist/index.html at build time so the first paint needs no
 * JavaScript. The browser's first render produces the same markup and replaces it.
 */
export function renderLanding(): string {
  const queryClient = new QueryClient();
  return renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MemoryRouter>
            <Landing />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>,
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

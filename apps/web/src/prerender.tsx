import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { Component as Landing } from './routes/landing.tsx';

export { SCREENS } from './app/screens.ts';

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

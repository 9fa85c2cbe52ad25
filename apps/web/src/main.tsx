import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import './lib/zod-config.ts';
import './styles.css';

const container = document.getElementById('root')!;

function mount() {
  const root = createRoot(container);
  // A transition lets React yield while it builds the first tree: no long task blocks input.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}

// The landing page arrives prerendered: let the browser paint it before React takes over.
if (container.hasChildNodes()) requestAnimationFrame(() => setTimeout(mount, 0));
else mount();

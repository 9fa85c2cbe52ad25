import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { afterLoad } from './lib/after-load.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './lib/zod-config.ts';
import './styles.css';

const container = document.getElementById('root')!;

function mount(router: ReturnType<typeof createAppRouter>) {
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

/**
 * A press that began on a prerendered link and ends after React has replaced the page (it replaces every
 * element): the browser has nothing left to click, the pressed link is gone. The release then clicks the link
 * now under the pointer with the same address, so the visitor's click opens what it would have (decision 048).
 */
function keepPressesAcrossTakeover() {
  const prerendered = container.firstElementChild;
  let pressed = container.querySelector<HTMLAnchorElement>('a[href]:active');
  const down = (event: PointerEvent) => {
    pressed = event.target instanceof Element ? event.target.closest('a[href]') : null;
  };
  const up = (event: PointerEvent) => {
    const link = pressed;
    pressed = null;
    // A plain primary click only: a modified or middle click opens elsewhere, which .click() would not do.
    const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
    if (link && !link.isConnected && plain) {
      const now = document.elementFromPoint(event.clientX, event.clientY)?.closest('a[href]');
      if (now instanceof HTMLAnchorElement && now.href === link.href) now.click();
    }
    if (!prerendered?.isConnected) {
      removeEventListener('pointerdown', down, true);
      removeEventListener('pointerup', up, true);
    }
  };
  addEventListener('pointerdown', down, true);
  addEventListener('pointerup', up, true);
}

// The landing page arrives prerendered: let the browser paint it before React takes over. A guide or
// experience page also arrives with its preview (docs/product.md#shared-links), and other screens may arrive
// with a skeleton in #root (decision 032): those have a screen to load first, take the path below, and React
// replaces what the page carried once the screen is in.
function start() {
  const router = createAppRouter();
  const prerendered = container.hasChildNodes() && !container.querySelector('[data-skeleton]');
  if (prerendered) keepPressesAcrossTakeover();
  if (prerendered && router.state.initialized)
    requestAnimationFrame(() => setTimeout(() => mount(router), 0));
  else if (router.state.initialized) mount(router);
  else {
    // Other screens render once their code and first data are in (the router's first load): one complete
    // render instead of several partial ones. It also matters for correctness: RouterProvider reads the
    // router's state when it renders but subscribes only when it commits, so a first load finishing while a
    // transition render is in progress would be missed and the screen would stay blank.
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      mount(router);
    });
  }
}

// The router starts in a task after this one: evaluating the modules and the router's first match are each a
// long task on a phone, and one twice as long together (decision 042).
setTimeout(start, 0);

// After the page's own work: the worker's first install fetches every chunk.
afterLoad(registerServiceWorker, { delay: 1000 });

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { afterLoad } from './lib/after-load.ts';
import { activateLocale, initialLocale } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './lib/zod-config.ts';
import './styles.css';

const container = document.getElementById('root')!;
// The language's messages load beside the router's first reads; the first render waits for both.
const messagesReady = activateLocale(initialLocale()).catch(() => activateLocale('en'));

async function mount(router: ReturnType<typeof createAppRouter>) {
  await messagesReady;
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
 * React replaces every prerendered element when it takes the page over (decision 082). A press that began on a
 * prerendered link and ends after that has nothing left to click: the release clicks the link now under the
 * pointer with the same address. A link that held the keyboard focus hands it to its new self.
 */
function keepIntentAcrossTakeover() {
  const prerendered = container.firstElementChild;
  const sameLink = (old: HTMLAnchorElement, at?: Element | null) => {
    const link = at ? at.closest('a[href]') : null;
    return link instanceof HTMLAnchorElement && link.href === old.href ? link : null;
  };
  let pressed = container.querySelector<HTMLAnchorElement>('a[href]:active');
  let focused = document.activeElement?.closest('#root a[href]') ?? null;
  const down = (event: PointerEvent) => {
    pressed = event.target instanceof Element ? event.target.closest('a[href]') : null;
    // A press moves the focus (a link pressed takes it again just after). Not focusout: the browser sends one
    // to an element it is about to remove, while it is still in the page.
    focused = null;
  };
  const up = (event: PointerEvent) => {
    const link = pressed;
    pressed = null;
    // A plain primary click only: a modified or middle click opens elsewhere, which .click() would not do.
    const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
    if (link instanceof HTMLAnchorElement && !link.isConnected && plain)
      sameLink(link, document.elementFromPoint(event.clientX, event.clientY))?.click();
    if (!prerendered?.isConnected) {
      removeEventListener('pointerdown', down, true);
      removeEventListener('pointerup', up, true);
    }
  };
  const focusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target.closest('a[href]') : null;
  };
  addEventListener('pointerdown', down, true);
  addEventListener('pointerup', up, true);
  container.addEventListener('focusin', focusIn);
  // React's commit swaps the whole tree at once; this runs right after it.
  const swapped = new MutationObserver(() => {
    if (prerendered?.isConnected) return;
    swapped.disconnect();
    container.removeEventListener('focusin', focusIn);
    const link = focused;
    if (!(link instanceof HTMLAnchorElement) || link.isConnected || document.activeElement !== document.body)
      return;
    const twin = [...container.querySelectorAll('a[href]')].find(
      (candidate) => sameLink(link, candidate) && candidate.textContent === link.textContent,
    );
    if (twin instanceof HTMLElement) twin.focus();
  });
  swapped.observe(container, { childList: true });
}

// The landing page arrives prerendered: let the browser paint it before React takes over. A guide or
// experience page also arrives with its preview (docs/product.md#shared-links), and other screens may arrive
// with a skeleton in #root (decision 032): those have a screen to load first, take the path below, and React
// replaces what the page carried once the screen is in.
function start() {
  const router = createAppRouter();
  const prerendered = container.hasChildNodes() && !container.querySelector('[data-skeleton]');
  if (prerendered) keepIntentAcrossTakeover();
  if (prerendered && router.state.initialized)
    requestAnimationFrame(() => setTimeout(() => void mount(router), 0));
  else if (router.state.initialized) void mount(router);
  else {
    // Other screens render once their code and first data are in (the router's first load): one complete
    // render instead of several partial ones. It also matters for correctness: RouterProvider reads the
    // router's state when it renders but subscribes only when it commits, so a first load finishing while a
    // transition render is in progress would be missed and the screen would stay blank.
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      void mount(router);
    });
  }
}

// The router starts in a task after this one: evaluating the modules and the router's first match are each a
// long task on a phone, and one twice as long together (decision 042).
setTimeout(start, 0);

// After the page's own work: the worker's first install fetches every chunk.
afterLoad(registerServiceWorker, { delay: 1000 });

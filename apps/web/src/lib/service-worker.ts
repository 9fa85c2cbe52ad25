import { useSyncExternalStore } from 'react';

// The installed app's service worker (decision 031): registered in production builds only. A new build's
// worker waits until the member chooses to reload, so an open tab never switches code under their feet.
let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const l of listeners) l();
}

function watch(registration: ServiceWorkerRegistration) {
  // Only an update waits: the first install takes over the page at once.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
    });
  // An update the browser found while this page loaded may be installing already.
  follow(registration.installing);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then(watch)
    .catch(() => undefined); // The app works without it.
}

/** Switches to the waiting build and reloads once it controls the page. */
export function applyUpdate() {
  const worker = waiting;
  if (!worker) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'skip-waiting' });
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => waiting !== null,
    () => false,
  );
}

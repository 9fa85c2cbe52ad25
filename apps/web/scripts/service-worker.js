// The app's service worker (decision 031). The build writes it to dist/sw.js with BUILD and PRECACHE filled
// in: the app's code, styles, icons and the offline page of this build. It never stores an API answer or a
// page's HTML: both can carry a member's personal data (decision 016 puts first answers in the page).
const BUILD = '__BUILD__';
const PRECACHE = __PRECACHE__;
const PREFIX = 'lokal-';
const CACHE = `${PREFIX}${BUILD}`;
const OFFLINE_PAGE = '/offline.html';
// Builds whose files stay cached, so a tab still running an older build keeps finding its chunks.
const KEEP_BUILDS = 2;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      // The first install takes over at once; a later one waits until the member chooses to reload.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Names sort by build time: keep this build and the one before it.
      const old = (await caches.keys())
        .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
        .sort()
        .reverse()
        .slice(KEEP_BUILDS - 1);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Other origins and the API (personal data, live answers) always go to the network untouched.
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return;
  }
  if (request.mode === 'navigate') {
    // Pages come from the network (they carry this visitor's first answers); offline, the offline page.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(fromCache(request, url.pathname.startsWith('/assets/')));
  }
});

/**
 * This build's copy first (the icons and the offline page keep their names); a hashed file never changes, so
 * an older build's copy serves a tab still running that build. One not cached yet is fetched and kept.
 */
async function fromCache(request, keep) {
  const current = await caches.open(CACHE);
  const hit =
    (await current.match(request, { ignoreSearch: true })) ??
    (await caches.match(request, { ignoreSearch: true }));
  if (hit) return hit;
  const response = await fetch(request);
  if (keep && response.ok) {
    void current.put(request, response.clone());
  }
  return response;
}

// Web Push (decision 098): the server's push carries { title, body, url, tag }; a tap opens the booking or the
// conversation, in a tab of the app already open when there is one.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Lokal', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Lokal', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only the app's own pages are opened.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url.startsWith(self.location.origin));
      if (same) {
        await same.focus();
        return same.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});

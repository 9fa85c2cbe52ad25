import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { NETWORK_MESSAGES as M } from '@lokal/shared/constants/network';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp } from './support/app.ts';
import { startServer } from './support/server.ts';

// Bad networks and new builds (docs/product.md#bad-networks): offline screens instead of crash pages, the
// chat outbox, the service worker across a deploy, skeletons in the first HTML, and a real 404.
const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TOURIST = 'james.whitfield@demo.lokal.app';
const bubbles = (page: Page) => page.getByRole('log').getByTestId('message');
const CRASH = 'Unexpected Application Error';

/** A deployable copy of the built app (server bundle and web dist), so a test can change "the deploy". */
function deployableCopy(): { root: string; dist: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'lokal-deploy-'));
  cpSync(path.join(ROOT, 'apps/server/dist'), path.join(root, 'apps/server/dist'), { recursive: true });
  mkdirSync(path.join(root, 'apps/server/src/db'), { recursive: true });
  // The bundle reads the committed migrations beside it; its packages come from the repository's.
  symlinkSync(
    path.join(ROOT, 'apps/server/src/db/migrations'),
    path.join(root, 'apps/server/src/db/migrations'),
  );
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  // npm nests a server package whose version another workspace's dependency also wants (altcha-lib).
  if (existsSync(path.join(ROOT, 'apps/server/node_modules'))) {
    symlinkSync(path.join(ROOT, 'apps/server/node_modules'), path.join(root, 'apps/server/node_modules'));
  }
  const dist = path.join(root, 'apps/web/dist');
  cpSync(path.join(ROOT, 'apps/web/dist'), dist, { recursive: true });
  return { root, dist };
}

/** The chunk that draws a screen (and its precompressed twins): the first file the build lists for it. */
function screenChunk(dist: string, route: string): string[] {
  const preloads = JSON.parse(readFileSync(path.join(dist, 'preloads.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const file = preloads[route]?.[0];
  if (!file) throw new Error(`no chunk listed for ${route}`);
  return ['', '.gz', '.br'].map((ext) => path.join(dist, `${file}${ext}`));
}

/** A tourist signed in on the server at `url` (the deploy test runs a second server with its own data). */
async function signInAt(url: string, page: Page) {
  const res = await page.request.post(`${url}/api/dev/mock-sign-in`, {
    data: { email: TOURIST, userType: 'tourist' },
  });
  expect(res.status()).toBe(200);
}

async function openDiscover(page: Page, url: string) {
  await page.goto(`${url}/tourist/home`);
  await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
}

describe('pages and installing', () => {
  it('answers a path that is no page with the not-found page and a 404', async () => {
    const { context, page } = await app.newPage();
    const missing = await page.goto(`${app.url}/tourist/nowhere`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    const known = await page.goto(`${app.url}/tourist/signup`);
    expect(known?.status()).toBe(200);
    const conversation = await page.request.get(
      `${app.url}/tourist/chats/4f1c2b9e-0000-4000-8000-000000000000`,
    );
    expect(conversation.status()).toBe(200);
    expect((await page.request.get(`${app.url}/guide/nowhere/at/all`)).status()).toBe(404);
    await context.close();
  });

  it('serves a manifest with icons and registers a service worker that stores no API answer', async () => {
    const { context, page, errors } = await app.signedIn(TOURIST, 'tourist', undefined, {
      serviceWorker: true,
    });
    await openDiscover(page, app.url);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.request.get(`${app.url}${href}`);
    expect(manifest.status()).toBe(200);
    const body = (await manifest.json()) as {
      name: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(body).toMatchObject({ short_name: 'Lokal', display: 'standalone', start_url: '/' });
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons) {
      const res = await page.request.get(`${app.url}${icon.src}`);
      expect(res.headers()['content-type'], icon.src).toBe('image/png');
    }

    // The worker takes over the open page once it has every chunk of this build.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js'));
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.filter((u) => u.startsWith('/assets/')).length).toBeGreaterThan(20);
    expect(cached.filter((u) => u.startsWith('/api/') || !/\.\w+$/.test(u))).toEqual([]);

    // Offline, a page load answers with the offline page instead of the browser's error.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });

  it('puts the app shell and a skeleton of the screen in the first HTML, even on a slow network', async () => {
    const { context, page } = await app.signedIn(TOURIST, 'tourist', { width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 1500,
      downloadThroughput: 60 * 1024,
      uploadThroughput: 60 * 1024,
    });
    for (const route of ['/tourist/home', '/tourist/bookings', '/tourist/settings']) {
      const res = await page.request.get(`${app.url}${route}`);
      const html = await res.text();
      // In #root, painted with the stylesheet in the head, before any script runs; no inline script.
      expect(html, route).toMatch(/<div id="root"><div data-skeleton="" aria-busy="true"[^>]*>.*Lokal/s);
      expect(html.indexOf('rel="stylesheet"'), route).toBeLessThan(html.indexOf('data-skeleton'));
      expect(html, route).not.toMatch(/<script(?![^>]*(type="module"|type="application\/json"))[^>]*>/);
    }
    const first = await page.goto(`${app.url}/tourist/home`, { waitUntil: 'commit' });
    expect(await first?.text()).toContain('data-skeleton');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // React replaces it with the screen.
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    expect(await page.locator('[data-skeleton]').count()).toBe(0);
    await context.close();
  });
});

describe('offline', () => {
  it('shows the offline screen for a screen whose code cannot load, then opens it once back online', async () => {
    const { context, page, errors } = await app.signedIn(TOURIST, 'tourist');
    await openDiscover(page, app.url);
    await context.setOffline(true);
    await page.getByTestId('connection-banner').filter({ hasText: M.offlineBanner }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { name: M.offlineTitle }).waitFor();
    expect(await page.getByText(CRASH).count()).toBe(0);
    // Go back keeps the screen that was open.
    await page.getByRole('button', { name: M.goBack }).click();
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { name: M.offlineTitle }).waitFor();

    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('connection-banner').count()).toBe(0);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });

  it('keeps a chat message written offline as pending through a reload and sends it exactly once', async () => {
    const { context, page } = await app.signedIn('aisha.rahman@demo.lokal.app', 'tourist', {
      width: 390,
      height: 800,
    });
    await page.goto(`${app.url}/tourist/home`);
    await page.getByLabel('Search guides').fill('kenji');
    await page.getByRole('button', { name: 'Contact Kenji Watanabe' }).click();
    await page.waitForURL(/\/tourist\/chats\/.+/);
    const conversationId = new URL(page.url()).pathname.split('/').pop();
    // A freshly loaded conversation: none of the composer's code on demand has loaded yet.
    await page.reload();
    const box = page.getByRole('textbox', { name: 'Message Kenji Watanabe' });
    await box.waitFor();

    await context.setOffline(true);
    const text = 'Sent from the mountains: a ramen crawl on Friday?';
    await box.fill(text);
    await box.press('Enter');
    const mine = bubbles(page).filter({ hasText: text });
    await mine.getByText(M.pending).waitFor();
    expect(await box.inputValue()).toBe('');
    // Book's dialog cannot load offline: a word why, and the conversation stays as it was.
    await page.getByRole('button', { name: 'Book' }).click();
    await page.getByText(M.partOffline).waitFor();
    await box.waitFor();
    expect(await page.getByText(CRASH).count()).toBe(0);

    // Back online, but the network still drops every send: after a reload the message is still there.
    await context.route('**/api/chat/send', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.reload();
    await mine.getByText('Not sent').waitFor();

    // The connection really returns: the message goes out by itself, once.
    await context.unroute('**/api/chat/send');
    await context.setOffline(true);
    await context.setOffline(false);
    await mine.getByLabel('Sent').waitFor();
    await page.reload();
    await mine.first().getByLabel('Sent').waitFor();
    expect(await mine.count()).toBe(1);
    const history = await page.request.get(`${app.url}/api/chat/conversations/${conversationId}/messages`);
    const stored = ((await history.json()) as { messages: { body: string }[] }).messages;
    expect(stored.filter((m) => m.body === text)).toHaveLength(1);
    await context.close();
  });
});

describe('a new build while a tab is open', () => {
  it('keeps an open tab navigating from the service worker, offers the new version, and without a worker says the app was updated', async () => {
    const { root, dist } = deployableCopy();
    const server = await startServer(
      { RATE_LIMIT_SCALE: '10' },
      { entry: path.join(root, 'apps/server/dist/server.js') },
    );
    try {
      // With the service worker: the build's files vanish from the server, the tab keeps going.
      const withWorker = await app.newPage(undefined, { serviceWorker: true });
      const page = withWorker.page;
      await signInAt(server.url, page);
      await openDiscover(page, server.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const assets = path.join(dist, 'assets');
      const gone = path.join(root, 'assets-of-the-old-build');
      renameSync(assets, gone);
      await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
      await page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
      await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL('**/tourist/settings');
      expect(await page.getByText(CRASH).count()).toBe(0);

      // The new build is out (its files and a new worker): the tab offers it and reloads into it.
      renameSync(gone, assets);
      const sw = path.join(dist, 'sw.js');
      const next = readFileSync(sw, 'utf8').replace(
        /const BUILD = "(\d+)-/,
        (_, t) => `const BUILD = "${Number(t) + 1}-`,
      );
      writeFileSync(sw, next);
      writeFileSync(`${sw}.gz`, gzipSync(next));
      writeFileSync(`${sw}.br`, brotliCompressSync(next));
      await page.reload();
      const prompt = page.getByTestId('update-prompt');
      await prompt.getByText(M.updateReady).waitFor();
      await prompt.getByRole('button', { name: M.reload }).click();
      await expect.poll(() => prompt.count(), { timeout: 15_000 }).toBe(0);
      await page.waitForFunction(
        (build) => navigator.serviceWorker.controller && caches.has(`lokal-${build}`),
        next.match(/const BUILD = "([^"]+)"/)?.[1],
      );
      await withWorker.context.close();

      // Without a worker (a first visit, a browser without one): the screen's chunk is gone.
      const bare = await app.newPage();
      await signInAt(server.url, bare.page);
      await openDiscover(bare.page, server.url);
      const chunk = screenChunk(dist, '/tourist/bookings');
      for (const f of chunk) renameSync(f, `${f}.old`);
      await bare.page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
      await bare.page.getByRole('heading', { name: M.updatedTitle }).waitFor();
      expect(await bare.page.getByText(CRASH).count()).toBe(0);
      // The "new build" is in place: Reload opens the screen.
      for (const f of chunk) renameSync(`${f}.old`, f);
      await bare.page.getByRole('button', { name: M.reload }).click();
      await bare.page.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
      await bare.context.close();
    } finally {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    }
    // A second server to start (~45 s on a busy machine) and two browsers' worth of steps.
  }, 300_000);
});

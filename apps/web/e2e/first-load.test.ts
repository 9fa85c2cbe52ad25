import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, setupApp } from './support/app.ts';

// Decision 016: the page of a screen carries the answers to its first reads and names its chunks, so a
// deep link renders without a round trip to the API and without a second wave of script requests.
const app = setupApp();

/** The API reads (avatars aside) and the scripts a page asks for while it loads. */
function watch(page: Page) {
  const api: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    const { pathname, search } = new URL(r.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/avatars/')) api.push(pathname + search);
    if (r.resourceType() === 'script') scripts.push(pathname);
  });
  return { api, scripts };
}

/** None of these reads went out to the API: the page answered them. */
function expectAnsweredByPage(api: string[], reads: string[]) {
  for (const read of reads)
    expect(
      api.filter((a) => a.startsWith(read)),
      read,
    ).toEqual([]);
}

describe('the first load of a screen', () => {
  it("renders a tourist's home from the page itself, then searches through the API", async () => {
    const { context, page, errors } = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', PHONE);
    const seen = watch(page);
    await page.goto(`${app.url}/tourist/home?category=Nightlife`);
    await page.getByTestId('guide-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    // None of the reads the page answered went out. (The unread count is not among them: it is read again
    // once the chat socket opens, to catch up on whatever happened between the page and the socket.)
    expectAnsweredByPage(seen.api, [
      '/api/auth/session',
      '/api/guides/search',
      '/api/favorites/ids',
      '/api/tourists/travel-style',
    ]);
    // Every script the home needed was named in the page.
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    const homeChunk = seen.scripts.find((s) => /\/assets\/home-[^/]+\.js$/.test(s));
    expect(homeChunk).toBeDefined();
    expect(preloaded).toContain(homeChunk);
    for (const text of await page.getByTestId('guide-card').allTextContents()) {
      expect(text).toMatch(/Nightlife|\+\d/);
    }

    // Later reads are the API's, as always.
    const searched = page.waitForRequest((r) => r.url().includes('/api/guides/search?q=sofia'));
    await page.getByLabel('Search guides').fill('sofia');
    await searched;
    await expect.poll(() => page.getByTestId('guide-card').count()).toBe(1);
    await page.getByTestId('guide-card').filter({ hasText: 'Sofia Martinez' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders a verified guide's home with its tourists from the page itself", async () => {
    const { context, page, errors } = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide', {
      width: 1280,
      height: 860,
    });
    const seen = watch(page);
    await page.goto(`${app.url}/guide/home`);
    await page.getByTestId('tourist-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expectAnsweredByPage(seen.api, [
      '/api/auth/session',
      '/api/guides/tourists',
      '/api/guides/verification',
      '/api/users/profile',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders a guide's and an experience's page for a tourist from the page itself, reviews and hearts included", async () => {
    const { context, page, errors } = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', PHONE);
    const seen = watch(page);
    await page.goto(`${app.url}/guides/sofia-martinez`);
    await page.getByRole('heading', { name: 'Sofia Martinez', level: 1 }).waitFor();
    await page.getByTestId('review').first().waitFor();
    await page.getByRole('button', { name: 'Message' }).waitFor();
    await page.waitForLoadState('networkidle');
    expectAnsweredByPage(seen.api, [
      '/api/auth/session',
      '/api/pages/guides/sofia-martinez',
      '/api/profiles/guide/',
      '/api/favorites/ids',
    ]);

    // Its first experience, opened as a link from elsewhere: the page again carries its reviews.
    const tile = page.locator('a[href^="/experiences/"]').first();
    const href = (await tile.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/experiences\/[0-9a-f-]{36}$/);
    seen.api.length = 0;
    await page.goto(`${app.url}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: /Reviews/, level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    expectAnsweredByPage(seen.api, ['/api/auth/session', '/api/pages/experiences/', '/api/experiences/']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a session to the sign-in page at once', async () => {
    const { context, page } = await app.newPage(PHONE);
    const seen = watch(page);
    await page.goto(`${app.url}/tourist/home`);
    await page.waitForURL('**/tourist/login');
    expect(seen.api.filter((a) => a.startsWith('/api/auth/session'))).toEqual([]);
    await context.close();
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOURISTS } from '../seed/demo-data.ts';
import { createTestApp, mockSignIn } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'lokal-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Lokal</title><div id="root"><h1>Landing</h1></div>',
  );
  writeFileSync(
    path.join(webDist, 'app.html'),
    '<!doctype html><html><head><title>Lokal — guides</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(webDist, 'preloads.json'),
    JSON.stringify({
      '/tourist/home': ['/assets/home-abc.js', '/assets/card-abc.js'],
      '/tourist/chats/:conversationId': ['/assets/chats-abc.js'],
    }),
  );
  writeFileSync(
    path.join(webDist, 'skeletons.json'),
    JSON.stringify({ '/tourist/home': '<div data-skeleton="">home…</div>' }),
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ config: { webDist }, seed: true });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the prerendered landing at / and the shell for client-side routes', async () => {
    expect((await t.app.inject({ url: '/' })).body).toContain('<h1>Landing</h1>');
    for (const url of ['/tourist/signup', '/guide/home', '/tourist/chats/abc/', '/admin?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('answers a path that is no page with the shell (the app draws its not-found page) and a 404', async () => {
    for (const url of ['/some/unknown/page?x=1', '/tourist', '/tourist/chats/a/b', '/guide/homes']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("puts the screen's skeleton in the shell's #root", async () => {
    const res = await t.app.inject({ url: '/tourist/home?q=art' });
    expect(res.body).toContain('<div id="root"><div data-skeleton="">home…</div></div>');
    expect(res.body).toContain('<title>Lokal — guides</title>');
    expect((await t.app.inject({ url: '/tourist/signup' })).body).not.toContain('data-skeleton');
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const res = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not-found' });
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not-found');
  });
});

/** The answers a page carries for its first reads (decision 016), by API address. */
function firstAnswers(html: string): Record<string, unknown> {
  const m = html.match(/<script type="application\/json" id="first-answers">(.*?)<\/script>/s);
  if (!m) throw new Error('the page carries no first answers');
  return JSON.parse(m[1]!);
}

describe('the page of a client-side route', () => {
  it('carries the session answer for a visitor, and nothing of a screen they may not see', async () => {
    const res = await t.app.inject({ url: '/tourist/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(firstAnswers(res.body)).toEqual({ '/api/auth/session': { user: null } });
  });

  it("carries a signed-in tourist's session, search page, favorites, unread count and travel style, as the API answers them", async () => {
    const tourist = await mockSignIn(t.app, DEMO_TOURISTS[0]!.email, 'tourist');
    const headers = { cookie: tourist.cookie };
    const page = await t.app.inject({ url: '/tourist/home?category=Nightlife&q=%20a%20', headers });
    const answers = firstAnswers(page.body);
    const search = '/api/guides/search?q=a&category=Nightlife&limit=12';
    expect(Object.keys(answers).sort()).toEqual(
      [
        '/api/auth/session',
        search,
        '/api/chat/unread',
        '/api/favorites/ids',
        '/api/tourists/travel-style',
      ].sort(),
    );
    for (const address of Object.keys(answers)) {
      const direct = await t.app.inject({ url: address, headers });
      expect(answers[address], address).toEqual(direct.json());
    }
    expect((answers['/api/auth/session'] as { user: { id: string } }).user.id).toBe(tourist.id);
    expect((answers[search] as { guides: unknown[] }).guides.length).toBeGreaterThan(0);
  });

  it('carries each answer byte for byte as the API writes it, in the order the page asked', async () => {
    const guide = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const headers = { cookie: guide.cookie };
    const page = await t.app.inject({ url: '/guide/home', headers });
    const raw = page.body.match(/<script type="application\/json" id="first-answers">(.*?)<\/script>/s)![1];
    const addresses = [
      '/api/auth/session',
      '/api/guides/tourists',
      '/api/guides/verification',
      '/api/users/profile',
      '/api/chat/unread',
    ];
    const direct = await Promise.all(addresses.map((url) => t.app.inject({ url, headers })));
    const expected = addresses.map((a, i) => `${JSON.stringify(a)}:${direct[i]!.body}`).join(',');
    expect(raw).toBe(`{${expected}}`.replace(/</g, '\\u003c'));
  });

  it("answers with the cookie's session only, as the browser's own requests would be: a bearer token beside it is not used", async () => {
    const guide = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const tourist = await mockSignIn(t.app, DEMO_TOURISTS[3]!.email, 'tourist');
    const page = await t.app.inject({
      url: '/tourist/home',
      headers: { cookie: guide.cookie, authorization: `Bearer ${tourist.token}` },
    });
    const answers = firstAnswers(page.body);
    expect(Object.keys(answers)).toEqual(['/api/auth/session']);
    expect((answers['/api/auth/session'] as { user: { id: string } }).user.id).toBe(guide.id);
  });

  it('carries nothing of a member whose session was signed out', async () => {
    const tourist = await mockSignIn(t.app, DEMO_TOURISTS[4]!.email, 'tourist');
    const headers = { cookie: tourist.cookie };
    expect(
      Object.keys(firstAnswers((await t.app.inject({ url: '/tourist/home', headers })).body)),
    ).toHaveLength(5);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
    expect(out.statusCode).toBeLessThan(300);
    const page = await t.app.inject({ url: '/tourist/home', headers });
    expect(firstAnswers(page.body)).toEqual({ '/api/auth/session': { user: null } });
  });

  it('does not answer a screen of the other role', async () => {
    const guide = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const page = await t.app.inject({ url: '/tourist/home', headers: { cookie: guide.cookie } });
    expect(Object.keys(firstAnswers(page.body))).toEqual(['/api/auth/session']);
  });

  it('keeps text from the database inert: a bio cannot close the script element', async () => {
    const bio = 'Night walks </script><script>alert(1)</script> <!-- and more';
    await t.database.db.execute(sql`update guide_profiles set bio = ${bio} where listed`);
    const tourist = await mockSignIn(t.app, DEMO_TOURISTS[1]!.email, 'tourist');
    // Past the search's one-second page cache.
    await new Promise((r) => setTimeout(r, 1100));
    const page = await t.app.inject({ url: '/tourist/home', headers: { cookie: tourist.cookie } });
    expect(page.body).not.toContain('<script>alert(1)');
    const answers = firstAnswers(page.body);
    const search = answers['/api/guides/search?limit=12'] as { guides: { bio: string }[] };
    expect(search.guides[0]!.bio).toBe(bio);
  });

  it("names the screen's chunks for preloading, parameters included", async () => {
    const home = (await t.app.inject({ url: '/tourist/home' })).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-abc.js">');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/card-abc.js">');
    const chat = (await t.app.inject({ url: '/tourist/chats/4f1c2b9e-0000-4000-8000-000000000000' })).body;
    expect(chat).toContain('href="/assets/chats-abc.js"');
    expect(chat).not.toContain('home-abc.js');
    expect((await t.app.inject({ url: '/tourist/chats' })).body).not.toContain('modulepreload');
  });

  it('answers HEAD with the shell, its links and skeleton, and no answers', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/tourist/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const get = await t.app.inject({ url: '/tourist/home' });
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(Number(res.headers['content-length'])).toBeLessThan(get.body.length);
  });

  it('is compressed for a browser that accepts it', async () => {
    const tourist = await mockSignIn(t.app, DEMO_TOURISTS[2]!.email, 'tourist');
    const res = await t.app.inject({
      url: '/tourist/home',
      headers: { cookie: tourist.cookie, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

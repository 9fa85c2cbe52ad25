import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld, type Session, type World } from './actors-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// The public guide and experience pages (docs/product.md#guide-page, #experience-page, #shared-links).

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: World;
let tourist: Awaited<ReturnType<typeof mockSignIn>>;
let sofia: Awaited<ReturnType<typeof mockSignIn>>;
let staff: Session;
const SLUG = 'sofia-martinez';

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const webDist = mkdtempSync(path.join(tmpdir(), 'lokal-web-'));
  const shell =
    '<!doctype html><html><head><meta name="description" content="Lokal"><title>Lokal</title></head><body><div id="root"></div></body></html>';
  writeFileSync(path.join(webDist, 'index.html'), shell);
  writeFileSync(path.join(webDist, 'app.html'), shell);
  t = await createTestApp({ config: { webDist }, seed: true });
  w = createWorld(t.app, t.config, t.database);
  tourist = await mockSignIn(t.app, 'james.whitfield@demo.lokal.app', 'tourist');
  sofia = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
  staff = (await w.staffNow())!;
}, 120_000);
afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
});

async function sofiasExperience(): Promise<{ id: string; title: string }> {
  const page = (await get(`/api/pages/guides/${SLUG}`)).json();
  return page.preview.experiences[0];
}

describe('guide pages', () => {
  it('gives every guide a unique URL-safe slug, and discovery cards carry it', async () => {
    const res = await t.database.db.execute(sql`select slug from guide_profiles`);
    const slugs = (res as unknown as { rows: { slug: string }[] }).rows.map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(10);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const search = (await get('/api/guides/search?q=sofia')).json();
    expect(search.guides[0].slug).toBe(SLUG);
  });

  it('shows a signed-out visitor only the preview: no bio, no response figures, no experience details', async () => {
    const res = await get(`/api/pages/guides/${SLUG}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.details).toBeNull();
    expect(body.preview).toMatchObject({
      slug: SLUG,
      name: 'Sofia Martinez',
      city: 'Barcelona',
      verified: true,
    });
    expect(body.preview.experiences.length).toBeGreaterThan(0);
    expect(body.preview.fromPrice).toMatchObject({ currency: 'USD', priceMode: expect.any(String) });
    expect(Object.keys(body.preview).sort()).toEqual(
      [
        'city',
        'country',
        'experiences',
        'fromPrice',
        'id',
        'image',
        'name',
        'rating',
        'reviews',
        'slug',
        'track',
        'verified',
      ].sort(),
    );
    // The track record a card shows (docs/product.md#track-record): a reply time only once measured.
    expect(body.preview.track).toMatchObject({ newOnLokal: false, location: 'Barcelona, Spain' });
    expect(body.preview.track.replyTime ?? 'Replies within').toMatch(/^Replies within/);
    expect(res.body).not.toContain('vermut bar by night'); // Sofia's bio
  });

  it('shows a tourist the whole page: bio, languages, response figures and the experiences as cards', async () => {
    const body = (await get(`/api/pages/guides/${SLUG}`, tourist.cookie)).json();
    expect(body.details.bio).toContain('El Raval');
    expect(body.details.languages).toContain('Spanish');
    expect(body.details.canMessage).toBe(true);
    expect(body.details.own).toBe(false);
    expect(body.details.experiences.map((e: { id: string }) => e.id)).toEqual(
      body.preview.experiences.map((e: { id: string }) => e.id),
    );
    expect(body.details.response).toMatchObject({ measured: expect.any(Boolean), label: expect.any(String) });
  });

  it('counts response figures from first replies in chat, and says "New on Lokal" below three conversations', async () => {
    const guide = (await w.makeActor('guide', 'figures'))!;
    const page = async () => {
      const offer = await w.offerOf(guide);
      const e = (await get(`/api/pages/experiences/${offer}`)).json();
      return (await get(`/api/pages/guides/${e.preview.guide.slug}`, tourist.cookie)).json().details.response;
    };
    expect(await page()).toMatchObject({ measured: false, label: 'New on Lokal', rate: null });
    // Three tourists write; the guide answers two of them at once.
    let unanswered = '';
    for (const [i, answer] of [true, true, false].entries()) {
      const who = (await w.makeActor('tourist', `asker${i}`))!;
      const open = await w.must({
        method: 'POST',
        url: '/api/chat/conversations',
        as: who,
        payload: { guideId: guide.id },
      });
      const conversationId = open.conversationId ?? open.id;
      await w.must({
        method: 'POST',
        url: '/api/chat/send',
        as: who,
        payload: { conversationId, body: 'Hello! Are you free on Friday?', clientId: crypto.randomUUID() },
        status: 201,
      });
      if (!answer) unanswered = conversationId;
      if (answer) {
        await w.must({
          method: 'POST',
          url: '/api/chat/send',
          as: guide,
          payload: { conversationId, body: 'Yes, gladly.', clientId: crypto.randomUUID() },
          status: 201,
        });
      }
    }
    // The unanswered one is not yet 24 hours old: it is left out, so two conversations — still "New on Lokal".
    expect(await page()).toMatchObject({ measured: false, conversations: 2 });
    // A day later it counts against the rate: the message and the conversation's record of it, 25 hours back.
    await t.database.db.execute(
      sql`update messages set created_at = created_at - interval '25 hours' where conversation_id = ${unanswered}`,
    );
    await t.database.db.execute(
      sql`update conversations set tourist_wrote_at = tourist_wrote_at - interval '25 hours' where id = ${unanswered}`,
    );
    const figures = await page();
    expect(figures).toMatchObject({
      measured: true,
      conversations: 3,
      rate: 67,
      label: 'Replies within an hour',
    });
    // The dashboard shows the same figures.
    const list = (await get('/api/guides/tourists', guide.cookie)).json();
    expect(list.stats.response).toMatchObject({ rate: 67, label: 'Replies within an hour' });
  });

  it('answers 404 for an unknown or malformed slug', async () => {
    expect((await get('/api/pages/guides/nobody-at-all')).statusCode).toBe(404);
    const bad = await get('/api/pages/guides/..%2Fadmin');
    expect([400, 404]).toContain(bad.statusCode);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('hides a hidden guide and their experiences from everyone but the guide and staff', async () => {
    const experience = await sofiasExperience();
    await t.database.db.execute(sql`update guide_profiles set listed = false where slug = ${SLUG}`);
    try {
      for (const cookie of [undefined, tourist.cookie]) {
        expect((await get(`/api/pages/guides/${SLUG}`, cookie)).statusCode).toBe(404);
        expect((await get(`/api/pages/experiences/${experience.id}`, cookie)).statusCode).toBe(404);
        expect((await get(`/api/experiences/${experience.id}/reviews`, cookie)).statusCode).toBe(404);
      }
      for (const cookie of [sofia.cookie, staff.cookie]) {
        const page = await get(`/api/pages/guides/${SLUG}`, cookie);
        expect(page.statusCode).toBe(200);
        expect(page.json().details.hidden).toBe(true);
        expect(page.json().details.experiences.length).toBeGreaterThan(0);
        const e = await get(`/api/pages/experiences/${experience.id}`, cookie);
        expect(e.statusCode).toBe(200);
        expect(e.json().hidden).toBe(true);
      }
      // The HTML page is a 404 too, with a 404 status.
      const html = await get(`/guides/${SLUG}`);
      expect(html.statusCode).toBe(404);
      expect(html.body).toContain('Page not found');
      expect(html.body).not.toContain('Sofia');
      expect((await get(`/guides/${SLUG}`, sofia.cookie)).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`update guide_profiles set listed = true where slug = ${SLUG}`);
    }
  });
});

describe('experience pages', () => {
  it('shows a signed-out visitor the preview and a member the whole experience', async () => {
    const { id, title } = await sofiasExperience();
    const out = (await get(`/api/pages/experiences/${id}`)).json();
    expect(out.experience).toBeNull();
    expect(out.preview).toMatchObject({ id, title, city: 'Barcelona', guide: { slug: SLUG } });
    expect(JSON.stringify(out)).not.toContain('meetingPoint');
    const member = (await get(`/api/pages/experiences/${id}`, tourist.cookie)).json();
    expect(member.experience).toMatchObject({ id, title, policyInWords: expect.any(String) });
    expect(member.experience.guide.slug).toBe(SLUG);
    expect(member.hidden).toBe(false);
  });

  it('is a 404 while unpublished, except to its guide and staff', async () => {
    const guide = (await w.makeActor('guide', 'drafter'))!;
    const draft = await w.draftOf(guide);
    for (const cookie of [undefined, tourist.cookie, sofia.cookie]) {
      expect((await get(`/api/pages/experiences/${draft}`, cookie)).statusCode).toBe(404);
      expect((await get(`/experiences/${draft}`, cookie)).statusCode).toBe(404);
    }
    for (const cookie of [guide.cookie, staff.cookie]) {
      const page = await get(`/api/pages/experiences/${draft}`, cookie);
      expect(page.statusCode).toBe(200);
      expect(page.json().hidden).toBe(true);
    }
  });

  it("pages through the experience's own reviews with a cursor", async () => {
    const { id } = await sofiasExperience();
    const all = (await get(`/api/experiences/${id}/reviews?limit=50`)).json();
    expect(all.summary.count).toBe(all.reviews.length);
    expect(all.reviews.length).toBeGreaterThanOrEqual(2);
    const first = (await get(`/api/experiences/${id}/reviews?limit=1`)).json();
    expect(first.reviews).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await get(`/api/experiences/${id}/reviews?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.reviews[0].id).not.toBe(first.reviews[0].id);
    expect([first.reviews[0].id, second.reviews[0].id]).toEqual(
      all.reviews.slice(0, 2).map((r: { id: string }) => r.id),
    );
    // Only reviews of this experience: each names its tour.
    const title = (await get(`/api/pages/experiences/${id}`)).json().preview.title;
    for (const r of all.reviews) expect(r.tourName).toBe(title);
    const bad = await get(`/api/experiences/${id}/reviews?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the pages as the server sends them', () => {
  it('writes the title, description, Open Graph tags with an absolute image and the preview into the HTML', async () => {
    const res = await get(`/guides/${SLUG}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Sofia Martinez, local guide in Barcelona | Lokal</title>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toMatch(
      /<meta name="description" content="Sofia Martinez, a verified local guide in Barcelona/,
    );
    expect(res.body).toContain(
      '<meta property="og:title" content="Sofia Martinez, local guide in Barcelona | Lokal">',
    );
    expect(res.body).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/api\/avatars\/[^"]+">/,
    );
    expect(res.body).toContain('data-testid="public-preview"');
    expect(res.body).toContain('Request an invite');
    expect(res.body).toContain(`/tourist/login?redirect=%2Fguides%2F${SLUG}`);
    // No private data in the signed-out page: not the bio, not the meeting point.
    expect(res.body).not.toContain('vermut bar by night');
    expect(res.body).not.toContain('"details":{');

    const { id, title } = await sofiasExperience();
    const e = await get(`/experiences/${id}`);
    expect(e.statusCode).toBe(200);
    expect(e.body).toContain(
      `<meta property="og:title" content="${title.replace('&', '&amp;')} with Sofia Martinez in Barcelona | Lokal">`,
    );
    expect(e.body).toContain('<meta property="og:description"');
    expect(e.body).not.toContain('meetingPoint');
  });

  it('sends members the tags but not the preview, and an unknown page as a 404', async () => {
    const res = await get(`/guides/${SLUG}`, tourist.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title"');
    expect(res.body).not.toContain('data-testid="public-preview"');
    // The experience's first photo, drawn by the app for members, is named for the browser to fetch early.
    const { id } = await sofiasExperience();
    const photo = (await get(`/api/pages/experiences/${id}`)).json().preview.photo;
    expect(photo).toMatch(/^\/api\/uploads\//);
    const member = await get(`/experiences/${id}`, tourist.cookie);
    expect(member.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${photo}">`);
    expect((await get(`/experiences/${id}`)).body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${photo}">`,
    );
    const missing = await get('/guides/nobody-at-all');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect((await get('/experiences/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('keeps a safe return address in the e-mailed sign-in link, and drops an unsafe one', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const send = (redirect: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-link',
        payload: { email: 'tourist@lokal.test', userType: 'tourist', redirect },
      });
    expect((await send(`/guides/${SLUG}`)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const { readdirSync, readFileSync } = await import('node:fs');
    const latest = () => {
      const files = readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort();
      return readFileSync(path.join(outbox, files[files.length - 1]!), 'utf8').replace(/=\r?\n/g, '');
    };
    expect(latest()).toContain(`redirect=3D%2Fguides%2F${SLUG}`);
    expect((await send('//evil.com/guides/x')).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(latest()).not.toContain('evil.com');
  });
});

describe('the guide page and the guide card', () => {
  it('say the same of the guide, field for field (docs/decisions/018, adding a field)', async () => {
    const page = (await get(`/api/pages/guides/${SLUG}`, tourist.cookie)).json();
    const profile = (await get(`/api/profiles/guide/${page.preview.id}`)).json().profile;
    const { match: _m, ...card } = profile;
    const shown = { ...page.preview, ...page.details };
    // Every key the page and the card share holds the same value on both.
    const shared = Object.keys(shown).filter((k) => k in card);
    expect(shared).toEqual(
      expect.arrayContaining(['id', 'slug', 'name', 'city', 'rating', 'languages', 'bio']),
    );
    for (const key of shared) expect(shown[key], key).toEqual(card[key]);
  });
});

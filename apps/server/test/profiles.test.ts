import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mockSignIn, storedNames } from './helper.ts';
import { testPhoto } from './photo-helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

const signIn = async (email: string, userType: 'tourist' | 'guide') =>
  (await mockSignIn(t.app, email, userType)).cookie;

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----lokaltest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('editing a guide profile', () => {
  it('updates the public card, the price range and what search finds', async () => {
    const cookie = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guides/me/profile',
      headers: { cookie },
      payload: {
        city: 'Kyoto',
        bio: 'Temples at dawn, izakaya at night.',
        tourTypes: [
          { name: 'Temple Dawn Walk', duration: '3 hours', price: 95 },
          { name: 'Izakaya Crawl', duration: '4 hours', price: 210 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const found = (await t.app.inject({ url: '/api/guides/search?q=kyoto' })).json().guides;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      name: 'Kenji Watanabe',
      city: 'Kyoto',
      track: expect.objectContaining({ price: '$95–$210' }),
    });
    expect(found[0].bio).toBe('Temples at dawn, izakaya at night.');
  });

  it('refuses unknown fields, bad values and other roles', async () => {
    const cookie = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    for (const payload of [{ verified: true }, { age: 12 }, { tourTypes: [] }, { city: '' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/guides/me/profile',
        headers: { cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const tourist = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/guides/me/profile',
      headers: { cookie: tourist },
      payload: { city: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('editing a tourist profile', () => {
  it('stores budget, interests, availability and looking-for, and refuses a reversed budget', async () => {
    const cookie = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/tourists/me/profile',
      headers: { cookie },
      payload: {
        budget: { min: 300, max: 900, currency: 'USD' },
        interests: ['Opera', 'Design'],
        lookingFor: ['Studio visits'],
        availability: { newGuides: false, experiencedGuides: true },
      },
    });
    expect(ok.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/tourists/me', headers: { cookie } })).json();
    expect(me).toMatchObject({
      budget: { min: 300, max: 900, currency: 'USD' },
      interests: ['Opera', 'Design'],
      lookingFor: ['Studio visits'],
      availability: { newGuides: false, experiencedGuides: true },
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/tourists/me/profile',
      headers: { cookie },
      payload: { budget: { min: 900, max: 300, currency: 'USD' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('minimum');
  });

  it('asks a tourist without a profile to onboard first', async () => {
    const cookie = await signIn(`new.${Date.now()}@example.com`, 'tourist');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tourists/me/profile',
      headers: { cookie },
      payload: { bio: 'x' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('onboarding-required');
  });
});

describe('profile photos', () => {
  it('resizes an upload to a square WebP, serves it and puts it on the profile', async () => {
    const cookie = await signIn('amelie.laurent@demo.lokal.app', 'guide');
    const png = await testPhoto({ width: 1200, height: 800 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { cookie, ...multipart('photo', 'me.png', 'image/png', png).headers },
      payload: multipart('photo', 'me.png', 'image/png', png).payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { image } = res.json();
    expect(image).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-[0-9a-f]{12}\.webp$/);
    const file = await t.app.inject({ url: image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 640]);
    const card = (await t.app.inject({ url: '/api/guides/search?q=am%C3%A9lie' })).json().guides[0];
    expect(card.image).toBe(image);
  });

  it('checks the content, not the name, and the size', async () => {
    const cookie = await signIn('amelie.laurent@demo.lokal.app', 'guide');
    const fake = multipart('photo', 'evil.png', 'image/png', Buffer.from('<svg onload=alert(1)>'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { cookie, ...fake.headers },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported-image');
    const huge = multipart('photo', 'big.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { cookie, ...huge.headers },
      payload: huge.payload,
    });
    expect(big.statusCode).toBe(413);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { cookie },
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/photo', ...fake })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});

describe('photo limits and files', () => {
  // The smallest real profile photo (decision 090), told apart by its tint.
  const tiny = (background: string) =>
    testPhoto({ width: 400, height: 400, tint: Number.parseInt(background.slice(1), 16) % 251 });
  const upload = async (cookie: string, png: Buffer) => {
    const body = multipart('photo', 'me.png', 'image/png', png);
    return t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const uploadsOf = async (userId: string) =>
    (await storedNames(t.config, t.database, 'uploads')).filter((f) => f.startsWith(userId));
  const fileOf = (image: string) => image.replace('/api/uploads/', '');

  it('takes only a real photo of you: 400×400 or more and not blank, and leaves no file otherwise', async () => {
    const { cookie, id } = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const before = await uploadsOf(id);
    const small = await upload(cookie, await testPhoto({ width: 399, height: 600 }));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toEqual({
      message: 'The photo must be at least 400×400 pixels',
      code: 'photo-too-small',
    });
    const flat = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#f0f0f0' } })
      .webp()
      .toBuffer();
    const blank = await upload(cookie, flat);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().code).toBe('photo-blank');
    expect(await uploadsOf(id)).toEqual(before);
    const me = (await t.app.inject({ url: '/api/guides/me', headers: { cookie } })).json();
    expect(me.profile.image).not.toMatch(/^\/api\/uploads\//);
  });

  it('keeps at most 10 photos on a profile: the 11th is refused and leaves no file', async () => {
    const { cookie, id } = await mockSignIn(t.app, 'lucas.meyer@demo.lokal.app', 'tourist');
    const before = (await t.app.inject({ url: '/api/tourists/me', headers: { cookie } })).json()
      .profileImages;
    const images: string[] = [];
    for (let i = before.length; i < 10; i++) {
      const res = await upload(cookie, await tiny('#336699'));
      expect(res.statusCode, res.body).toBe(200);
      images.push(res.json().image);
    }
    const full = (await t.app.inject({ url: '/api/tourists/me', headers: { cookie } })).json();
    expect(full.profileImages).toHaveLength(10);
    expect(full.image).toBe(images.at(-1));
    const eleventh = await upload(cookie, await tiny('#993366'));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({
      code: 'too-many-photos',
      message: 'A profile can have at most 10 photos. Remove one before adding another.',
    });
    expect((await uploadsOf(id)).sort()).toEqual(images.map(fileOf).sort());

    // Removing one frees a place, deletes its file, and the next picture leads.
    const gone = images.at(-1)!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/photo/${fileOf(gone)}`,
      headers: { cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().profileImages).toHaveLength(9);
    expect(removed.json().image).toBe(images.at(-2));
    expect((await t.app.inject({ url: gone })).statusCode).toBe(404);
    expect((await upload(cookie, await tiny('#993366'))).statusCode).toBe(200);

    // Someone else's photo, or one already removed, is not found and keeps its file.
    const other = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    for (const [who, image] of [
      [other, images[0]!],
      [cookie, gone],
    ] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/photo/${fileOf(image)}`,
        headers: { cookie: who },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not-found', message: 'Photo not found' });
    }
    expect((await t.app.inject({ url: images[0]! })).statusCode).toBe(200);
  });

  it("deletes a guide's replaced photo from disk, and falls back to the drawn portrait when removed", async () => {
    const { cookie, id } = await mockSignIn(t.app, 'sofia.martinez@demo.lokal.app', 'guide');
    const first = (await upload(cookie, await tiny('#aa5500'))).json().image as string;
    expect((await t.app.inject({ url: first })).statusCode).toBe(200);
    const second = (await upload(cookie, await tiny('#0055aa'))).json().image as string;
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
    expect(await uploadsOf(id)).toEqual([fileOf(second)]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/photo/${fileOf(second)}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().image).toMatch(/^\/api\/avatars\/sofia-martinez-[0-9a-f]{8}\.svg/);
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
    expect(await uploadsOf(id)).toEqual([]);
  });

  it('limits uploads to 30 an hour per member: 429 with Retry-After', async () => {
    const cookie = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    const png = await tiny('#557700');
    for (let i = 0; i < 30; i++) expect((await upload(cookie, png)).statusCode).toBe(200);
    const over = await upload(cookie, png);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('too-many-requests');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back.
    const other = await signIn('amelie.laurent@demo.lokal.app', 'guide');
    expect((await upload(other, png)).statusCode).toBe(200);
  });
});

import { EXPERIENCE_MESSAGES } from '@lokal/shared/constants/experiences';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import {
  type App,
  createWorld,
  multipartFile,
  OFFER,
  SCHEDULE,
  type Session,
  type World,
} from './actors-helper.ts';
import { openTestDatabase, testConfig } from './helper.ts';
import { addPublishPhotos } from './photo-helper.ts';

// A guide's activation checklist and the staff's "Ready to verify" filter (docs/product.md#guide-screens,
// docs/product.md#verification), on PGlite here and on PostgreSQL in CI.

let app: App;
let database: Database;
let w: World;
let staff: Session;

/** A real photograph's stand-in: 800×600 of varied pixels, as JPEG. */
async function photo(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / 3) % width) * 13) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

const activationOf = (who: Session) => w.must({ url: '/api/guides/me/activation', as: who });
const uploadPhoto = async (who: Session) =>
  w.must({
    method: 'POST',
    url: '/api/users/me/photo',
    as: who,
    ...multipartFile('photo', 'me.jpg', 'image/jpeg', await photo()),
  });

/** Every guide of the queue under `filter`, walked page by page with its cursor. */
async function queueIds(filter?: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      limit: '2',
      ...(filter ? { filter } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const page: { guides: { id: string; ready: boolean }[]; nextCursor: string | null } = await w.must({
      url: `/api/admin/verifications?${query}`,
      as: staff,
    });
    ids.push(...page.guides.map((g) => g.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await openTestDatabase();
  const config = testConfig({ rateLimitScale: 1000 });
  app = await buildApp(config, { database });
  w = createWorld(app, config, database);
  staff = await w.staffNow();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the activation checklist', () => {
  it('starts with every step left, drafts in the city’s currency without a price, and follows each step', async () => {
    const g = (await w.makeActor('guideUnverified', 'activating'))!;
    expect(await activationOf(g)).toEqual({
      verified: false,
      document: false,
      photo: false,
      experience: false,
      hours: false,
      waitingRequests: 0,
    });

    // Barcelona's guide prices in euros; the assessment's drafts carry no price the guide never entered.
    expect((await w.must({ url: '/api/users/profile', as: g })).currency).toBe('EUR');
    const { experiences } = await w.must({ url: '/api/experiences/mine', as: g });
    expect(experiences.length).toBeGreaterThan(0);
    for (const e of experiences) expect(e).toMatchObject({ status: 'draft', price: 0, currency: 'EUR' });
    await w.must({ method: 'PATCH', url: '/api/availability', as: g, payload: SCHEDULE });
    await addPublishPhotos(app, g.cookie, experiences[0].id);
    const refused = await w.call({
      method: 'POST',
      url: `/api/experiences/${experiences[0].id}/status`,
      as: g,
      payload: { status: 'published' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('cannot-publish');
    // Before the profile photo is up, publishing asks for it too.
    expect(refused.json().message).toBe(
      `${EXPERIENCE_MESSAGES.publishNeeds} a price, ${EXPERIENCE_MESSAGES.needsProfilePhoto}.`,
    );
    expect(await activationOf(g)).toMatchObject({ hours: true, experience: false });

    await w.uploadDocument(g);
    expect(await activationOf(g)).toMatchObject({ document: true, photo: false });
    await uploadPhoto(g);
    expect(await activationOf(g)).toMatchObject({ document: true, photo: true, experience: false });

    await w.must({
      method: 'PATCH',
      url: `/api/experiences/${experiences[0].id}`,
      as: g,
      payload: { ...OFFER, title: experiences[0].title, category: experiences[0].category },
    });
    await w.must({
      method: 'POST',
      url: `/api/experiences/${experiences[0].id}/status`,
      as: g,
      payload: { status: 'published' },
    });
    expect(await activationOf(g)).toEqual({
      verified: false,
      document: true,
      photo: true,
      experience: true,
      hours: true,
      waitingRequests: 0,
    });

    // Verified: the document has done its work; a traveller's request waits for the guide's answer.
    await w.must({ method: 'POST', url: `/api/admin/verifications/${g.id}/verify`, as: staff });
    const tourist = (await w.makeActor('tourist', 'booker'))!;
    const booking = await w.requestBooking(tourist, g);
    expect(await activationOf(g)).toMatchObject({ verified: true, document: true, waitingRequests: 1 });
    await w.must({ method: 'POST', url: `/api/bookings/${booking}/accept`, as: g });
    expect((await activationOf(g)).waitingRequests).toBe(0);
  });

  it('keeps a currency the guide chose', async () => {
    const g = (await w.makeActor('guideNoTest', 'chooser'))!;
    expect((await w.must({ url: '/api/users/profile', as: g })).currency).toBe('EUR');
    await w.must({ method: 'POST', url: '/api/users/update-currency', as: g, payload: { currency: 'GBP' } });
    const phone = await w.verifiedPhone(g);
    await w.must({
      method: 'POST',
      url: '/api/guides/onboarding',
      as: g,
      payload: {
        firstName: 'Chooser',
        lastName: 'Lokal',
        phone,
        phoneVerified: true,
        city: 'Lisbon',
        gender: 'male',
      },
    });
    expect((await w.must({ url: '/api/users/profile', as: g })).currency).toBe('GBP');
  });

  it('answers only the guide’s own records', async () => {
    const a = (await w.makeActor('guideUnverified', 'owner'))!;
    const b = (await w.makeActor('guideUnverified', 'other'))!;
    await w.uploadDocument(a);
    await uploadPhoto(a);
    expect(await activationOf(a)).toMatchObject({ document: true, photo: true });
    expect(await activationOf(b)).toMatchObject({ document: false, photo: false });
    const tourist = (await w.makeActor('tourist', 'curious'))!;
    expect((await w.call({ url: '/api/guides/me/activation', as: tourist })).statusCode).toBe(403);
    expect((await w.call({ url: '/api/guides/me/activation' })).statusCode).toBe(401);
  });
});

describe('"Ready to verify" in the verification queue', () => {
  it('keeps the guides with a verified phone, an identity document and a photo of their own', async () => {
    const ready = (await w.makeActor('guideUnverified', 'ready'))!;
    await w.uploadDocument(ready);
    await uploadPhoto(ready);
    const noPhoto = (await w.makeActor('guideUnverified', 'nophoto'))!;
    await w.uploadDocument(noPhoto);
    const photoOnly = (await w.makeActor('guideUnverified', 'photoonly'))!;
    await uploadPhoto(photoOnly);

    const all = await queueIds();
    expect(all).toEqual(expect.arrayContaining([ready.id, noPhoto.id, photoOnly.id]));
    const readyIds = await queueIds('ready');
    expect(readyIds).toContain(ready.id);
    expect(readyIds).not.toContain(noPhoto.id);
    expect(readyIds).not.toContain(photoOnly.id);
    // The same order as the whole queue: longest waiting first.
    expect(readyIds).toEqual(all.filter((id) => readyIds.includes(id)));

    const { guides } = await w.must({ url: '/api/admin/verifications?limit=100', as: staff });
    const flag = (id: string) => guides.find((x: { id: string }) => x.id === id)?.ready;
    expect([flag(ready.id), flag(noPhoto.id), flag(photoOnly.id)]).toEqual([true, false, false]);

    // Verified, the guide leaves the filter with the queue.
    await w.must({ method: 'POST', url: `/api/admin/verifications/${ready.id}/verify`, as: staff });
    expect(await queueIds('ready')).not.toContain(ready.id);
  });

  it('refuses an unknown filter with a 400 and its message', async () => {
    const res = await w.call({ url: '/api/admin/verifications?filter=everyone', as: staff });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });
});

import { EXPERIENCE_MESSAGES } from '@lokal/shared/constants/experiences';
import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { OFFER, SCHEDULE } from './actors-helper.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { addProfilePhoto, addPublishPhotos, photoUpload, testPhoto } from './photo-helper.ts';

// Experiences, availability, slots and what booking on a slot does, through the API on a real engine.
// The clock is ours: Monday 23 Nov 2026, 10:00 UTC.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const H = 3_600_000;
let clock = START;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
type Who = { cookie: string; id: string };
let sofia: Who; // guide in Barcelona (Europe/Madrid)
let kenji: Who; // another guide
let james: Who;
let aisha: Who;
let lucas: Who;

const call = (method: string, url: string, who: Who | null, payload?: object) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const exec = (q: ReturnType<typeof sql>) => database.db.execute(q);
const at = (date: string, time: string) => zonedTimeToInstant(date, time, 'Europe/Madrid')!.toISOString();

const multipart = photoUpload;
// A real photo (decision 090), told apart by its tint.
const png = (color: string) => testPhoto({ tint: Number.parseInt(color.slice(1), 16) % 251 });
const upload = async (who: Who, id: string, data: Buffer, type?: string) => {
  const body = multipart(data, type);
  return app.inject({
    method: 'POST',
    url: `/api/experiences/${id}/photos`,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
};

/** A new published experience of Sofia's with these fields. */
async function published(over: Record<string, unknown> = {}): Promise<string> {
  const made = await call('POST', '/api/experiences', sofia, { ...OFFER, ...over });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().experience.id;
  await addPublishPhotos(app, sofia.cookie, id);
  const pub = await call('POST', `/api/experiences/${id}/status`, sofia, { status: 'published' });
  expect(pub.statusCode, pub.body).toBe(200);
  return id;
}
const slotsOf = async (id: string, from: string, to = from, who: Who | null = james) => {
  const res = await call('GET', `/api/experiences/${id}/slots?from=${from}&to=${to}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slots as { start: string; date: string; time: string }[];
};
const book = (who: Who, experienceId: string, start: string, partySize = 2) =>
  call('POST', '/api/bookings', who, { experienceId, start, partySize, note: '' });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ rateLimitScale: 100 }), { database, seed: true, now: () => clock });
  await app.ready();
  sofia = await mockSignIn(app, 'sofia.martinez@demo.lokal.app', 'guide');
  kenji = await mockSignIn(app, 'kenji.watanabe@demo.lokal.app', 'guide');
  james = await mockSignIn(app, 'james.whitfield@demo.lokal.app', 'tourist');
  aisha = await mockSignIn(app, 'aisha.rahman@demo.lokal.app', 'tourist');
  lucas = await mockSignIn(app, 'lucas.meyer@demo.lokal.app', 'tourist');
  // The demo guides wear illustrated portraits; publishing asks for a photo of their own (decision 090).
  for (const guide of [sofia, kenji]) await addProfilePhoto(app, guide.cookie);
  // Sofia's own week: every day 09:00–21:00, an hour's notice, no buffer.
  expect((await call('PATCH', '/api/availability', sofia, SCHEDULE)).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('experiences from tour types', () => {
  it("turned each demo guide's tour types into published experiences, priced as before", async () => {
    const res = await call('GET', `/api/guides/${sofia.id}/experiences`, null);
    expect(res.statusCode).toBe(200);
    const walk = res.json().experiences.find((e: { title: string }) => e.title === 'Street Art Walk');
    expect(walk).toMatchObject({
      status: 'published',
      price: 85,
      currency: 'USD',
      priceMode: 'person',
      durationMinutes: 120,
      displayPrice: null,
    });
    // A tourist who shows euros sees the price at Lokal's rate beside it.
    await exec(sql`update users set currency = 'EUR' where id = ${aisha.id}`);
    const seen = (await call('GET', `/api/experiences/${walk.id}`, aisha)).json().experience;
    expect(seen.displayPrice).toEqual({ amount: 78, currency: 'EUR' });
    expect(seen).toMatchObject({
      city: 'Barcelona',
      timeZone: 'Europe/Madrid',
      policyInWords: 'Full refund if you cancel at least 24 hours before the start; no refund after that.',
      guide: { id: sofia.id, name: 'Sofia Martinez' },
    });
  });
});

describe('writing and publishing', () => {
  it('keeps a draft private, and publishes only what is complete', async () => {
    const made = await call('POST', '/api/experiences', sofia, {
      ...OFFER,
      price: 0,
      meetingPoint: { address: '', lat: null, lng: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json().experience;
    expect(draft).toMatchObject({ status: 'draft', title: OFFER.title, photos: [] });

    expect((await call('GET', `/api/experiences/${draft.id}`, james)).statusCode).toBe(404);
    expect((await call('GET', `/api/experiences/${draft.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/experiences/${draft.id}`, sofia)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/experiences/${draft.id}/slots?from=2026-12-01&to=2026-12-01`, james))
        .statusCode,
    ).toBe(404);
    const mine = (await call('GET', '/api/experiences/mine', sofia)).json().experiences;
    expect(mine.map((e: { id: string }) => e.id)).toContain(draft.id);

    const refused = await call('POST', `/api/experiences/${draft.id}/status`, sofia, { status: 'published' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Before publishing, add a price, a meeting point, at least 3 photos (0 so far).',
      code: 'cannot-publish',
    });
    // Another guide cannot touch it: it does not exist for them.
    expect((await call('PATCH', `/api/experiences/${draft.id}`, kenji, OFFER)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/experiences/${draft.id}/status`, kenji, { status: 'paused' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/experiences/${draft.id}`, kenji)).statusCode).toBe(404);

    expect((await call('PATCH', `/api/experiences/${draft.id}`, sofia, OFFER)).statusCode).toBe(200);
    await upload(sofia, draft.id, await png('#102030'));
    const two = await call('POST', `/api/experiences/${draft.id}/status`, sofia, { status: 'published' });
    expect(two.json()).toEqual({
      message: 'Before publishing, add at least 3 photos (1 so far).',
      code: 'cannot-publish',
    });
    await upload(sofia, draft.id, await png('#203040'));
    await upload(sofia, draft.id, await png('#304050'));
    const ok = await call('POST', `/api/experiences/${draft.id}/status`, sofia, { status: 'published' });
    expect(ok.json().experience.status).toBe('published');
    expect((await call('GET', `/api/experiences/${draft.id}`, james)).statusCode).toBe(200);
    // A published experience stays complete: removing its price is refused, and nothing changes.
    const emptied = await call('PATCH', `/api/experiences/${draft.id}`, sofia, { ...OFFER, price: 0 });
    expect(emptied.statusCode).toBe(409);
    expect((await call('GET', `/api/experiences/${draft.id}`, james)).json().experience.price).toBe(
      OFFER.price,
    );
    // Paused: gone for travellers, kept for the guide.
    await call('POST', `/api/experiences/${draft.id}/status`, sofia, { status: 'paused' });
    expect((await call('GET', `/api/experiences/${draft.id}`, james)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/experiences/${draft.id}`, sofia)).statusCode).toBe(200);
    expect((await call('GET', `/api/experiences/${draft.id}`, sofia)).statusCode).toBe(404);
  });

  it('cannot publish without a weekly time range', async () => {
    const guide = await mockSignIn(app, 'kenji.watanabe@demo.lokal.app', 'guide');
    await exec(sql`delete from guide_availability where guide_id = ${guide.id}`);
    const id = (await call('POST', '/api/experiences', guide, OFFER)).json().experience.id;
    await addPublishPhotos(app, guide.cookie, id);
    const res = await call('POST', `/api/experiences/${id}/status`, guide, { status: 'published' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Before publishing, add at least one weekly time range (Availability).');
  });

  it("asks for a profile photo of the guide's own before publishing, but not to edit what is published", async () => {
    // Amélie, a demo guide, still wears the illustrated portrait the seed gave her.
    const amelie = await mockSignIn(app, 'amelie.laurent@demo.lokal.app', 'guide');
    const mine = (await call('GET', '/api/experiences/mine', amelie)).json().experiences;
    const live = mine.find((e: { status: string }) => e.status === 'published');
    const edited = await call('PATCH', `/api/experiences/${live.id}`, amelie, {
      ...OFFER,
      title: live.title,
      category: live.category,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const id = (await call('POST', '/api/experiences', amelie, OFFER)).json().experience.id;
    await addPublishPhotos(app, amelie.cookie, id);
    const refused = await call('POST', `/api/experiences/${id}/status`, amelie, { status: 'published' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Before publishing, add a profile photo of your own.',
      code: 'cannot-publish',
    });
    expect(refused.json().message).toContain(EXPERIENCE_MESSAGES.needsProfilePhoto);
    expect((await call('GET', `/api/experiences/${id}`, james)).statusCode).toBe(404);

    await addProfilePhoto(app, amelie.cookie);
    const ok = await call('POST', `/api/experiences/${id}/status`, amelie, { status: 'published' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', `/api/experiences/${id}`, james)).json().experience.status).toBe('published');
  });

  it('refuses bad fields with the schema message and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'A' }, 'Give the experience a title'],
      [{ summary: 'x'.repeat(161) }, 'Keep the summary under 160 characters'],
      [{ durationMinutes: 40 }, 'Use steps of 15 minutes'],
      [{ durationMinutes: 15 }, 'At least 30 minutes'],
      [{ durationMinutes: 750 }, 'At most 12 hours'],
      [{ minGroup: 4, maxGroup: 2 }, 'The largest group cannot be smaller than the smallest'],
      [
        { meetingPoint: { address: 'Here', lat: 41.4, lng: null } },
        'Give both latitude and longitude, or neither',
      ],
      [{ currency: 'XXX' }, 'Choose a currency'],
      [{ category: 'Skydiving' }, 'Choose a category'],
      [{ languages: [] }, 'Choose at least one language'],
      [{ bookingMode: 'whenever' }, ''],
      [{ status: 'published' }, ''],
    ];
    const before = (await call('GET', '/api/experiences/mine', sofia)).json().experiences.length;
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/experiences', sofia, { ...OFFER, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await call('GET', '/api/experiences/mine', sofia)).json().experiences.length).toBe(before);
    expect((await call('POST', '/api/experiences', james, OFFER)).statusCode).toBe(403);
  });
});

describe('photos', () => {
  it('stores up to eight as WebP in the order the guide sets, and a failed upload changes nothing', async () => {
    const id = (await call('POST', '/api/experiences', sofia, OFFER)).json().experience.id;
    const first = await upload(sofia, id, await png('#ff0000'));
    expect(first.statusCode, first.body).toBe(200);
    const second = (await upload(sofia, id, await png('#0000ff'))).json().photos;
    expect(second).toHaveLength(2);
    const [a, b] = second as { id: string; url: string }[];
    const file = await app.inject({ url: a!.url });
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).width).toBe(1200);

    const bad = await upload(sofia, id, Buffer.from('not a picture at all'), 'image/png');
    expect(bad.statusCode).toBe(415);
    const reordered = await call('PATCH', `/api/experiences/${id}/photos`, sofia, {
      photoIds: [b!.id, a!.id],
    });
    expect(reordered.json().photos.map((p: { id: string }) => p.id)).toEqual([b!.id, a!.id]);
    const read = (await call('GET', `/api/experiences/${id}`, sofia)).json().experience.photos;
    expect(read.map((p: { id: string }) => p.id)).toEqual([b!.id, a!.id]);
    // The order must name every photo once.
    expect(
      (await call('PATCH', `/api/experiences/${id}/photos`, sofia, { photoIds: [a!.id] })).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', `/api/experiences/${id}/photos`, kenji, { photoIds: [b!.id, a!.id] })).statusCode,
    ).toBe(404);
    expect((await upload(kenji, id, await png('#00ff00'))).statusCode).toBe(404);

    for (let i = 0; i < 6; i++) expect((await upload(sofia, id, await png('#333333'))).statusCode).toBe(200);
    const ninth = await upload(sofia, id, await png('#444444'));
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().message).toBe('An experience can have at most 8 photos');

    const left = await call('DELETE', `/api/experiences/${id}/photos/${a!.id}`, sofia);
    expect(left.json().photos).toHaveLength(7);
    // The file goes with it.
    expect((await app.inject({ url: a!.url })).statusCode).toBe(404);
  });

  it('takes only real photos: not too small, not blank, not a drawing', async () => {
    const id = (await call('POST', '/api/experiences', sofia, OFFER)).json().experience.id;
    const small = await upload(sofia, id, await testPhoto({ width: 640, height: 480 }));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toEqual({
      message: 'The photo must be at least 800×600 pixels',
      code: 'photo-too-small',
    });
    // Upright (portrait) photos count: the sides may come either way round.
    expect((await upload(sofia, id, await testPhoto({ width: 600, height: 800 }))).statusCode).toBe(200);
    const flat = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const blank = await upload(sofia, id, flat, 'image/jpeg');
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({
      message: 'This picture looks blank. Please upload a real photo.',
      code: 'photo-blank',
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="red"/><circle cx="800" cy="600" r="400" fill="blue"/></svg>',
    );
    const drawing = await upload(sofia, id, svg, 'image/svg+xml');
    expect(drawing.statusCode).toBe(415);
    expect(drawing.json().code).toBe('unsupported-image');
    expect((await call('GET', `/api/experiences/${id}`, sofia)).json().experience.photos).toHaveLength(1);
  });

  it('refuses a picture that declares a huge canvas before decoding it', async () => {
    const id = (await call('POST', '/api/experiences', sofia, OFFER)).json().experience.id;
    // 9000 × 9000 of one colour: a small file, 81 megapixels.
    const huge = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(sofia, id, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('photo-too-many-pixels');
    expect((await call('GET', `/api/experiences/${id}`, sofia)).json().experience.photos).toEqual([]);
  });
});

describe('availability and slots', () => {
  it('refuses a bad schedule with the schema message', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [
        { weekly: { ...SCHEDULE.weekly, mon: [{ start: '10:00', end: '10:00' }] } },
        'A range needs an end different from its start',
      ],
      [{ weekly: { ...SCHEDULE.weekly, mon: [{ start: '25:00', end: '26:00' }] } }, 'Use a time like 09:30'],
      [
        {
          exceptions: [
            { date: '2026-12-24', kind: 'blocked' },
            { date: '2026-12-24', kind: 'blocked' },
          ],
        },
        'One exception per date',
      ],
      [{ exceptions: [{ date: '2026-02-30', kind: 'blocked' }] }, 'Use a real date'],
      [{ maxPerDay: 0 }, 'At least one tour a day'],
      [{ noticeHours: -1 }, 'Notice cannot be negative'],
    ];
    for (const [over, message] of bad) {
      const res = await call('PATCH', '/api/availability', sofia, { ...SCHEDULE, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const saved = (await call('GET', '/api/availability', sofia)).json().availability;
    expect(saved).toMatchObject({ ...SCHEDULE, timeZone: 'Europe/Madrid', city: 'Barcelona' });
  });

  it('answers bad ranges with 400 and at most 62 days', async () => {
    const id = await published();
    for (const q of [
      'from=2026-12-01&to=2027-02-01',
      'from=2026-12-05&to=2026-12-01',
      'from=2026-02-30&to=2026-03-01',
      'from=tomorrow&to=2026-12-01',
      'from=2026-12-01',
    ]) {
      const res = await call('GET', `/api/experiences/${id}/slots?${q}`, james);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await slotsOf(id, '2026-12-01', '2027-01-31')).length).toBeGreaterThan(0);
  });

  it('lists local times in the city, skips blocked days, and a booked slot disappears for everyone else', async () => {
    const id = await published({ durationMinutes: 120 });
    await call('PATCH', '/api/availability', sofia, {
      ...SCHEDULE,
      bufferMinutes: 30,
      exceptions: [{ date: '2026-12-08', kind: 'blocked' }],
    });
    try {
      const day = await slotsOf(id, '2026-12-07', '2026-12-08', null);
      expect(day.every((s) => s.date === '2026-12-07')).toBe(true);
      expect(day[0]).toMatchObject({ time: '09:00', start: at('2026-12-07', '09:00') });
      // The last two-hour tour in 09:00–21:00 starts at 19:00.
      expect(day.at(-1)?.time).toBe('19:00');

      const booked = await book(james, id, at('2026-12-07', '14:00'));
      expect(booked.statusCode, booked.body).toBe(201);
      const after = (await slotsOf(id, '2026-12-07', '2026-12-07', lucas)).map((s) => s.time);
      // 14:00–16:00 booked, with 30 minutes either side: nothing from 11:45 to 16:15.
      expect(after).toContain('11:30');
      expect(after).not.toContain('11:45');
      expect(after).not.toContain('14:00');
      expect(after).not.toContain('16:15');
      expect(after).toContain('16:30');
      const again = await book(lucas, id, at('2026-12-07', '14:00'));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('slot-taken');
      expect((await book(lucas, id, at('2026-12-08', '10:00'))).json().code).toBe('not-a-slot');
      await call('POST', `/api/bookings/${booked.json().booking.id}/cancel`, james, { reason: 'test done' });
    } finally {
      await call('PATCH', '/api/availability', sofia, SCHEDULE);
    }
  });
});

describe('booking on a slot', () => {
  it('prices a group price once, whatever the party', async () => {
    const id = await published({ priceMode: 'group', price: 300, currency: 'EUR' });
    const res = await book(lucas, id, at('2026-12-10', '10:00'), 5);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().booking).toMatchObject({
      priceMode: 'group',
      unitPrice: 300,
      guideCurrency: 'EUR',
      guideTotal: 300,
      totalUsd: 326,
      cancellationPolicy: 'moderate',
    });
    await call('POST', `/api/bookings/${res.json().booking.id}/cancel`, lucas, { reason: 'test done' });
  });

  it('lets a tourist hold at most three open requests', async () => {
    const id = await published();
    const ids: string[] = [];
    for (const day of ['2026-12-14', '2026-12-15', '2026-12-16']) {
      const res = await book(aisha, id, at(day, '10:00'));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().booking.id);
    }
    const fourth = await book(aisha, id, at('2026-12-17', '10:00'));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      message:
        'You already have 3 requests waiting for an answer. Wait for one, or cancel one, before asking again.',
      code: 'too-many-pending',
    });
    await call('POST', `/api/bookings/${ids[0]}/cancel`, aisha, { reason: 'changed plans' });
    const now = await book(aisha, id, at('2026-12-17', '10:00'));
    expect(now.statusCode).toBe(201);
    for (const b of [...ids.slice(1), now.json().booking.id]) {
      await call('POST', `/api/bookings/${b}/cancel`, aisha, { reason: 'test done' });
    }
  });

  it('books at once for a verified tourist in instant mode, and asks for anyone else', async () => {
    const id = await published({ bookingMode: 'instant' });
    await exec(
      sql`update tourist_profiles set verified = (user_id = ${aisha.id}) where user_id in (${aisha.id}, ${lucas.id})`,
    );
    const instant = (await book(aisha, id, at('2026-12-21', '10:00'))).json().booking;
    expect(instant).toMatchObject({ status: 'accepted', autoAccepted: true, expiresAt: null });
    const asked = (await book(lucas, id, at('2026-12-21', '15:00'))).json().booking;
    expect(asked.status).toBe('requested');
    for (const [who, b] of [
      [aisha, instant],
      [lucas, asked],
    ] as const) {
      await call('POST', `/api/bookings/${b.id}/cancel`, who, { reason: 'test done' });
    }
  });

  it('frees the slot of a request nobody answered within 24 hours, and tells both', async () => {
    const id = await published();
    const start = at('2026-12-28', '10:00');
    const res = await book(lucas, id, start);
    const b = res.json().booking;
    expect(b.expiresAt).toBe(new Date(clock + 24 * H).toISOString());
    expect((await slotsOf(id, '2026-12-28')).map((s) => s.start)).not.toContain(start);
    const saved = clock;
    clock += 24 * H + 60_000;
    try {
      const later = await mockSignIn(app, 'lucas.meyer@demo.lokal.app', 'tourist');
      const laterGuide = await mockSignIn(app, 'sofia.martinez@demo.lokal.app', 'guide');
      // A read does not sweep: the request is still open until the scheduled sweep runs.
      expect((await call('GET', `/api/bookings/${b.id}`, later)).json().booking.status).toBe('requested');
      expect(await app.jobs.run('booking-sweep')).toBeGreaterThanOrEqual(1);
      const expired = (await call('GET', `/api/bookings/${b.id}`, later)).json().booking;
      expect(expired).toMatchObject({
        status: 'declined',
        cancelReason: 'No answer within 24 hours',
        expiresAt: null,
      });
      expect((await slotsOf(id, '2026-12-28', '2026-12-28', later)).map((s) => s.start)).toContain(start);
      for (const who of [later, laterGuide]) {
        const notes = (await call('GET', '/api/notifications', who)).json().notifications;
        expect(notes.some((n: { title: string }) => n.title === 'Booking request expired')).toBe(true);
      }
    } finally {
      clock = saved;
    }
  });

  it('records the refund by the policy and the time left when either side cancels', async () => {
    const moderate = await published({ cancellationPolicy: 'moderate', price: 100, currency: 'EUR' });
    const strict = await published({ cancellationPolicy: 'strict', price: 100, currency: 'EUR' });
    async function accepted(id: string, date: string) {
      const b = (await book(james, id, at(date, '12:00'))).json().booking;
      await call('POST', `/api/bookings/${b.id}/accept`, sofia);
      return b.id as string;
    }
    const cancel = async (who: Who, id: string) =>
      (await call('POST', `/api/bookings/${id}/cancel`, who, { reason: 'Plans changed' })).json().booking;

    // Moderate, 3 days before: half of 200 back.
    let b = await cancel(james, await accepted(moderate, '2026-11-26'));
    // refundAmount is the guide's price's part; the money's refund is all in (price and service fee).
    expect(b).toMatchObject({
      guideTotal: 200,
      refundAmount: 100,
      payment: 'partly-refunded',
      money: { total: 22000, refund: { price: 10000, serviceFee: 1000, total: 11000 } },
      policyInWords: expect.stringContaining('5 days'),
    });
    // Moderate, 10 days before: all of it.
    b = await cancel(james, await accepted(moderate, '2026-12-03'));
    expect(b.refundAmount).toBe(200);
    // Strict, 10 days before: half; strict, 3 days before: nothing; the guide cancelling: everything.
    expect((await cancel(james, await accepted(strict, '2026-12-04'))).refundAmount).toBe(100);
    expect((await cancel(james, await accepted(strict, '2026-11-26'))).refundAmount).toBe(0);
    expect((await cancel(sofia, await accepted(strict, '2026-11-27'))).refundAmount).toBe(200);
    // The conversation says what goes back.
    const messages = (
      await call('GET', `/api/chat/conversations/${b.conversationId}/messages?limit=100`, james)
    ).json().messages;
    expect(
      messages.some((m: { body: string }) =>
        m.body.includes('Refund under the Moderate policy: €220.00 of €220.00.'),
      ),
    ).toBe(true);
  });

  it('is closed for a hidden guide, whose experiences are not found', async () => {
    const id = await published();
    await exec(sql`update guide_profiles set listed = false where user_id = ${sofia.id}`);
    try {
      expect((await call('GET', `/api/experiences/${id}`, james)).statusCode).toBe(404);
      expect((await call('GET', `/api/guides/${sofia.id}/experiences`, james)).json().experiences).toEqual(
        [],
      );
      expect((await book(james, id, at('2026-12-29', '10:00'))).statusCode).toBe(404);
      // Still hers to edit and see.
      expect((await call('GET', `/api/experiences/${id}`, sofia)).statusCode).toBe(200);
    } finally {
      await exec(sql`update guide_profiles set listed = true where user_id = ${sofia.id}`);
    }
  });
});

describe('the upload limit', () => {
  it('counts experience photos against the hourly photo limit and answers 429 past it', async () => {
    // A tenth of the limits: 3 uploads an hour.
    const db = await openTestDatabase();
    const small = await buildApp(testConfig({ rateLimitScale: 0.1 }), {
      database: db,
      seed: true,
      now: () => clock,
    });
    try {
      await small.ready();
      const guide = await mockSignIn(small, 'sofia.martinez@demo.lokal.app', 'guide');
      const made = await small.inject({
        method: 'POST',
        url: '/api/experiences',
        headers: { cookie: guide.cookie },
        payload: OFFER,
      });
      const id = made.json().experience.id;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const body = multipart(await png('#123456'));
        const res = await small.inject({
          method: 'POST',
          url: `/api/experiences/${id}/photos`,
          headers: { cookie: guide.cookie, ...body.headers },
          payload: body.payload,
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await small.close();
      await db.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { bookings } from '../src/db/schema/bookings.ts';
import { conversations, messages } from '../src/db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createReviewsRepository } from '../src/modules/reviews/repository.ts';
import { createReviewsService } from '../src/modules/reviews/service.ts';
import { createYourDataRepository } from '../src/modules/settings/your-data-repository.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { planOf } from './plan-helper.ts';

// The clock is ours: Monday 23 Nov 2026, 10:00 UTC (19:00 in Tokyo); moved forward to end review windows.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let clock = START;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let n = 0;

type Who = { id: string; cookie: string; firstName: string };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig(), { database, now: () => clock });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const db = () => database.db;
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await db().execute(q)) as unknown as { rows: T[] }).rows;

const signIn = async (email: string, userType: 'tourist' | 'guide') =>
  (await mockSignIn(app, email, userType)).cookie;

/** A finished guide (listed, assessment done) or an onboarded tourist, signed in. */
async function person(
  role: 'tourist' | 'guide',
  over: {
    city?: string;
    verified?: boolean;
    listed?: boolean;
    status?: 'Luxury VIP Member' | 'Premium Member' | 'Gold Member';
  } = {},
): Promise<Who> {
  const i = n++;
  const email = `${role}${i}.${Date.now()}@reviews.test`;
  const firstName = `${role === 'guide' ? 'Gina' : 'Theo'}${i}`;
  const [u] = await db()
    .insert(users)
    .values({ email, role, onboardingCompleted: true, personalityTestCompleted: role === 'guide' })
    .returning({ id: users.id });
  const common = { userId: u!.id, firstName, lastName: 'Test', city: over.city ?? 'Testville' };
  if (role === 'guide') {
    await db()
      .insert(guideProfiles)
      .values({
        ...common,
        country: 'Testland',
        profession: 'Painter',
        image: `/api/avatars/${firstName}.svg`,
        specialties: ['Art & Culture'],
        languages: ['English'],
        listed: over.listed ?? true,
        verified: over.verified ?? true,
      });
  } else {
    await db()
      .insert(touristProfiles)
      .values({
        ...common,
        occupation: 'Writer',
        image: `/api/avatars/${firstName}.svg`,
        status: over.status ?? 'Premium Member',
        verified: over.verified ?? false,
      });
  }
  return { id: u!.id, cookie: await signIn(email, role), firstName };
}

type BookingOver = Partial<typeof bookings.$inferInsert>;
/** A booking row straight in the table (the bookings module is not under test here). */
async function booking(tourist: Who, guide: Who, over: BookingOver = {}): Promise<string> {
  const endAt = over.endAt ?? new Date(clock - 2 * HOUR);
  const status = over.status ?? 'completed';
  const [row] = await db()
    .insert(bookings)
    .values({
      touristId: tourist.id,
      guideId: guide.id,
      tourName: 'Rooftop Sketching',
      durationMinutes: 120,
      pricePerPerson: 100,
      partySize: 2,
      totalUsd: 200,
      totalLocal: 200,
      startAt: new Date(endAt.getTime() - 2 * HOUR),
      endAt,
      timeZone: 'UTC',
      status,
      completedAt: status === 'completed' ? new Date(endAt.getTime() + 60_000) : null,
      ...over,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

const write = (who: Who, bookingId: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/review`,
    headers: { cookie: who.cookie },
    payload,
  });
const state = async (who: Who, bookingId: string) => {
  const res = await app.inject({ url: `/api/bookings/${bookingId}/review`, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const listOf = async (type: 'guide' | 'tourist', id: string, viewer?: Who, query = '') => {
  const res = await app.inject({
    url: `/api/profiles/${type}/${id}/reviews${query}`,
    headers: viewer ? { cookie: viewer.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const guideCard = async (id: string) =>
  (await app.inject({ url: `/api/profiles/guide/${id}` })).json().profile;
const touristProfile = async (id: string, viewer: Who) => {
  const res = await app.inject({ url: `/api/profiles/tourist/${id}`, headers: { cookie: viewer.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profile;
};

describe('writing a review', () => {
  it('is refused until the booking is completed', async () => {
    const [tourist, guide] = [await person('tourist'), await person('guide')];
    let hour = 0;
    for (const status of ['requested', 'accepted', 'declined', 'cancelled'] as const) {
      // Future, non-overlapping times: open bookings may not overlap for one guide.
      const start = clock + (48 + 3 * hour++) * HOUR;
      const id = await booking(tourist, guide, {
        status,
        startAt: new Date(start),
        endAt: new Date(start + 2 * HOUR),
      });
      for (const who of [tourist, guide]) {
        const res = await write(who, id, { rating: 5, text: 'Great' });
        expect(res.statusCode, status).toBe(409);
        expect(res.json()).toEqual({
          message: 'You can review a booking once it is completed.',
          code: 'booking-not-completed',
        });
        expect(await state(who, id)).toMatchObject({
          status,
          canWrite: false,
          reason: 'not-completed',
          deadline: null,
          mine: null,
        });
      }
    }
  });

  it('is open to the booking’s tourist and guide only; anyone else gets 404 as for an unknown booking', async () => {
    const [tourist, guide] = [await person('tourist'), await person('guide')];
    const id = await booking(tourist, guide);
    for (const stranger of [await person('tourist'), await person('guide')]) {
      expect((await write(stranger, id, { rating: 5 })).statusCode).toBe(404);
      const seen = await app.inject({
        url: `/api/bookings/${id}/review`,
        headers: { cookie: stranger.cookie },
      });
      expect(seen.statusCode).toBe(404);
      expect(seen.json()).toEqual({ message: 'Booking not found', code: 'not-found' });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await write(tourist, unknown, { rating: 5 })).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/review`,
      payload: { rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await write(tourist, 'not-a-uuid', { rating: 5 })).statusCode).toBe(400);
    // Nothing was stored by the refusals.
    expect((await state(tourist, id)).mine).toBeNull();
    expect((await state(guide, id)).theirsWritten).toBe(false);
  });

  it('validates stars (1–5, whole) and text (trimmed, at most 2000 characters, optional)', async () => {
    const [tourist, guide] = [await person('tourist'), await person('guide')];
    const id = await booking(tourist, guide);
    for (const payload of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: '5' },
      { rating: 4, text: 'x'.repeat(2001) },
      { rating: 4, text: 42 },
    ]) {
      const res = await write(tourist, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation-error');
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await write(tourist, id, { rating: 0 })).json().message).toMatch(/^Choose 1 to 5 stars/);
    const ok = await write(tourist, id, { rating: 4, text: `  ${'y'.repeat(2000)}  ` });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().mine.text).toBe('y'.repeat(2000));
    // Stars alone are a review too.
    const other = await write(guide, id, { rating: 5 });
    expect(other.statusCode).toBe(201);
    expect(other.json().mine).toMatchObject({ rating: 5, text: '' });
  });

  it('is accepted once per side, even when sent several times at once', async () => {
    const [tourist, guide] = [await person('tourist'), await person('guide')];
    const id = await booking(tourist, guide);
    expect((await write(tourist, id, { rating: 5, text: 'Lovely' })).statusCode).toBe(201);
    const again = await write(tourist, id, { rating: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already reviewed this booking.',
      code: 'already-reviewed',
    });
    expect(await state(tourist, id)).toMatchObject({
      mine: { rating: 5, text: 'Lovely' },
      canWrite: false,
      reason: 'already-reviewed',
    });

    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) => write(guide, id, { rating: 4, text: `try ${i}` })),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const stored = await rows<{ n: number }>(
      sql`select count(*)::int as n from reviews where booking_id = ${id}`,
    );
    expect(stored[0]!.n).toBe(2);
  });
});

describe('publishing', () => {
  it('keeps a review hidden until the other side writes, then publishes both at once and updates the figures', async () => {
    const tourist = await person('tourist', { city: 'Pubville' });
    const guide = await person('guide', { city: 'Pubville' });
    const id = await booking(tourist, guide, { tourName: 'Night Market Walk' });

    const first = await write(tourist, id, { rating: 4, text: 'Wonderful market, tasty everything' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      mine: { rating: 4, publishedAt: null },
      theirs: null,
      theirsWritten: false,
      canWrite: false,
      other: { id: guide.id, firstName: guide.firstName, role: 'guide' },
      tourName: 'Night Market Walk',
      deadline: new Date(clock - 2 * HOUR + 60_000 + 14 * DAY).toISOString(),
    });
    // The guide learns that a review waits, not what it says.
    expect(await state(guide, id)).toMatchObject({
      theirs: null,
      theirsWritten: true,
      canWrite: true,
      reason: null,
    });
    expect((await listOf('guide', guide.id)).reviews).toEqual([]);
    expect(await guideCard(guide.id)).toMatchObject({ rating: 0, reviews: 0 });

    clock += HOUR;
    const second = await write(guide, id, { rating: 5, text: 'A curious, kind guest' });
    expect(second.statusCode).toBe(201);
    const when = new Date(clock).toISOString();
    expect(second.json().mine.publishedAt).toBe(when);
    expect(second.json().theirs).toMatchObject({
      rating: 4,
      text: 'Wonderful market, tasty everything',
      author: { firstName: tourist.firstName, role: 'tourist' },
      tourName: 'Night Market Walk',
      date: when,
    });
    expect((await state(tourist, id)).theirs).toMatchObject({ rating: 5, date: when });

    // The guide's card (profile and search) and the tourist's profile now count them.
    expect(await guideCard(guide.id)).toMatchObject({ rating: 4, reviews: 1 });
    const search = await app.inject({ url: `/api/guides/search?q=${guide.firstName.toLowerCase()}` });
    expect(search.json().guides[0]).toMatchObject({ id: guide.id, rating: 4, reviews: 1 });
    const list = await listOf('guide', guide.id);
    expect(list.summary).toEqual({ rating: 4, count: 1 });
    expect(list.reviews).toEqual([
      {
        id: expect.any(String),
        rating: 4,
        text: 'Wonderful market, tasty everything',
        author: {
          firstName: tourist.firstName,
          image: `/api/avatars/${tourist.firstName}.svg`,
          role: 'tourist',
        },
        tourName: 'Night Market Walk',
        date: when,
      },
    ]);
    const viewer = await person('guide', { city: 'Pubville' });
    expect(await touristProfile(tourist.id, viewer)).toMatchObject({
      rating: 5,
      reviews: 1,
      recentReviews: [{ rating: 5, reviewer: guide.firstName, text: 'A curious, kind guest' }],
    });
    expect((await listOf('tourist', tourist.id, viewer)).summary).toEqual({ rating: 5, count: 1 });

    // More reviews move the average, to one decimal: (4 + 5 + 5) / 3 = 4.7.
    for (let i = 0; i < 2; i++) {
      const next = await person('tourist');
      const more = await booking(next, guide);
      await write(next, more, { rating: 5 });
      await write(guide, more, { rating: 4 });
    }
    expect(await guideCard(guide.id)).toMatchObject({ rating: 4.7, reviews: 3 });
    expect((await listOf('guide', guide.id)).summary).toEqual({ rating: 4.7, count: 3 });
  });

  it('publishes what one side wrote 14 days after completion, and closes the window then', async () => {
    const tourist = await person('tourist');
    const guide = await person('guide');
    const completedAt = clock - 2 * HOUR + 60_000;
    const id = await booking(tourist, guide);
    expect((await write(tourist, id, { rating: 3, text: 'Fine, a bit rushed' })).statusCode).toBe(201);

    const saved = clock;
    try {
      clock = completedAt + 14 * DAY - 60_000;
      expect((await listOf('guide', guide.id)).reviews).toEqual([]);
      expect((await state(guide, id)).canWrite).toBe(true);

      clock = completedAt + 14 * DAY;
      const deadline = new Date(completedAt + 14 * DAY).toISOString();
      // Reads never publish (decision 040): until the job's turn the review stays hidden, the rating unmoved.
      expect((await listOf('guide', guide.id)).reviews).toEqual([]);
      expect(await guideCard(guide.id)).toMatchObject({ rating: 0, reviews: 0 });
      expect(await app.jobs.run('review-publishing')).toBeGreaterThanOrEqual(1);
      const list = await listOf('guide', guide.id);
      expect(list.reviews).toMatchObject([{ rating: 3, text: 'Fine, a bit rushed', date: deadline }]);
      expect(await guideCard(guide.id)).toMatchObject({ rating: 3, reviews: 1 });
      expect(await state(tourist, id)).toMatchObject({ mine: { publishedAt: deadline }, theirs: null });
      expect(await state(guide, id)).toMatchObject({
        canWrite: false,
        reason: 'window-closed',
        theirs: { rating: 3 },
      });
      const late = await write(guide, id, { rating: 5 });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        message: 'Reviews can be written within 14 days of the tour.',
        code: 'review-window-closed',
      });
    } finally {
      clock = saved;
    }
  });

  it('is also done by the sweep the server runs each minute, refreshing ratings nobody read', async () => {
    const tourist = await person('tourist');
    const guide = await person('guide');
    const id = await booking(tourist, guide, {
      endAt: new Date(clock - 15 * DAY),
      completedAt: new Date(clock - 15 * DAY),
    });
    // Written in time (the row goes in directly: the window is already over for the API).
    await db().execute(
      sql`insert into reviews (booking_id, author_id, subject_id, rating, text, created_at)
          values (${id}, ${tourist.id}, ${guide.id}, 2, 'Late start', ${new Date(clock - 14.5 * DAY).toISOString()})`,
    );
    const before = await rows<{ rating: number; reviews: number }>(
      sql`select rating, reviews from guide_profiles where user_id = ${guide.id}`,
    );
    expect(before[0]).toEqual({ rating: 0, reviews: 0 });
    const sweep = createReviewsService({
      repo: createReviewsRepository(db()),
      now: () => clock,
      assertMayViewTourist: async () => {},
    });
    expect(await sweep.publishDue()).toBeGreaterThanOrEqual(1);
    const after = await rows<{ rating: number; reviews: number; published: string }>(
      sql`select g.rating, g.reviews, r.published_at::text as published from guide_profiles g
          join reviews r on r.subject_id = g.user_id where g.user_id = ${guide.id}`,
    );
    expect(after[0]).toMatchObject({ rating: 2, reviews: 1 });
    expect(new Date(after[0]!.published).toISOString()).toBe(new Date(clock - DAY).toISOString());
    expect(await sweep.publishDue()).toBe(0);
  });
});

describe('reading reviews on profiles', () => {
  it('lists published reviews newest first, a page at a time, with author, tour and date', async () => {
    const guide = await person('guide');
    const authors: Who[] = [];
    for (let i = 0; i < 3; i++) {
      const tourist = await person('tourist');
      authors.push(tourist);
      const id = await booking(tourist, guide, { tourName: `Tour ${i}` });
      await write(tourist, id, { rating: 5 - i, text: `Review ${i}` });
      clock += 60_000;
      await write(guide, id, { rating: 5 });
    }
    const first = await listOf('guide', guide.id, undefined, '?limit=2');
    expect(first.summary).toEqual({ rating: 4, count: 3 });
    expect(first.reviews.map((r: { text: string }) => r.text)).toEqual(['Review 2', 'Review 1']);
    expect(first.reviews[0]).toMatchObject({
      tourName: 'Tour 2',
      author: { firstName: authors[2]!.firstName, role: 'tourist' },
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listOf('guide', guide.id, undefined, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.reviews.map((r: { text: string }) => r.text)).toEqual(['Review 0']);
    expect(second.nextCursor).toBeNull();
    expect(Date.parse(first.reviews[1].date)).toBeGreaterThan(Date.parse(second.reviews[0].date));

    const bad = await app.inject({ url: `/api/profiles/guide/${guide.id}/reviews?cursor=nonsense` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid-cursor');
    // Shaped like a real cursor, with an id PostgreSQL would refuse (36 dashes): a 400, never a 500.
    const dashes = Buffer.from(JSON.stringify({ at: new Date().toISOString(), id: '-'.repeat(36) })).toString(
      'base64url',
    );
    const forged = await app.inject({ url: `/api/profiles/guide/${guide.id}/reviews?cursor=${dashes}` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid-cursor');
    expect((await app.inject({ url: `/api/profiles/guide/${guide.id}/reviews?limit=51` })).statusCode).toBe(
      400,
    );
  });

  it('pages reviews published within one millisecond without repeats or skips, and reads what a member wrote from its index', async () => {
    const guide = await person('guide');
    const tourist = await person('tourist');
    for (let i = 0; i < 4; i++) {
      const other = await person('tourist');
      const id = await booking(other, guide, { tourName: `Micro ${i}` });
      await write(other, id, { rating: 4, text: `Micro ${i}` });
      await write(guide, id, { rating: 5 });
    }
    await write(tourist, await booking(tourist, guide, { tourName: 'Mine' }), { rating: 3, text: 'Mine' });
    // Published by the database's clock: microseconds a millisecond-wide cursor would cut off.
    await db().execute(sql`update reviews set published_at = case
        when text = 'Micro 0' then timestamptz '2026-11-20 10:00:00.123456+00'
        when text = 'Micro 1' then timestamptz '2026-11-20 10:00:00.123789+00'
        else timestamptz '2026-11-20 10:00:00.123001+00' end
      where subject_id = ${guide.id} and text like 'Micro %'`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await listOf('guide', guide.id, undefined, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.reviews.map((r: { text: string }) => r.text));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen.slice(0, 2)).toEqual(['Micro 1', 'Micro 0']);
    expect([...seen].sort()).toEqual(['Micro 0', 'Micro 1', 'Micro 2', 'Micro 3']);

    // The data export reads what the member wrote (reviews_author_idx) and what was written about them.
    const plan = await planOf(db(), createYourDataRepository(db()).reviews(tourist.id));
    expect(plan).toMatch(/reviews_author_idx/);
    expect(plan).toMatch(/reviews_subject_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("shows a hidden guide's reviews to that guide only, and a tourist's to the tourist and to guides allowed to see them", async () => {
    const hidden = await person('guide', { listed: false });
    expect((await app.inject({ url: `/api/profiles/guide/${hidden.id}/reviews` })).statusCode).toBe(404);
    expect((await listOf('guide', hidden.id, hidden)).reviews).toEqual([]);

    const tourist = await person('tourist', { city: 'Seenville' });
    const url = `/api/profiles/tourist/${tourist.id}/reviews`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    const otherTourist = await person('tourist');
    expect((await app.inject({ url, headers: { cookie: otherTourist.cookie } })).statusCode).toBe(403);
    expect((await listOf('tourist', tourist.id, tourist)).summary).toEqual({ rating: 0, count: 0 });
    const guide = await person('guide', { city: 'Seenville' });
    expect((await listOf('tourist', tourist.id, guide)).reviews).toEqual([]);
    // The tourist profile's own rules apply: no personality test, no profile and no reviews.
    const noTest = await person('guide', { city: 'Seenville' });
    await db().execute(sql`update users set personality_test_completed = false where id = ${noTest.id}`);
    const refused = await app.inject({ url, headers: { cookie: noTest.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('personality-test-required');
    const unknown = '/api/profiles/tourist/00000000-0000-4000-8000-000000000000/reviews';
    expect((await app.inject({ url: unknown, headers: { cookie: guide.cookie } })).statusCode).toBe(404);
  });
});

/** A conversation a guide (or the tourist) opened, with messages: [sender, kind] in order. */
async function contact(
  tourist: Who,
  guideId: string,
  opts: {
    daysAgo: number;
    startedBy?: 'guide' | 'tourist';
    messages: ['guide' | 'tourist', 'text' | 'system'][];
  },
) {
  const at = new Date(clock - opts.daysAgo * DAY);
  const [c] = await db()
    .insert(conversations)
    .values({
      touristId: tourist.id,
      guideId,
      startedBy: opts.startedBy === 'tourist' ? tourist.id : guideId,
      createdAt: at,
      lastMessageAt: opts.messages.length ? at : null,
    })
    .returning({ id: conversations.id });
  for (const [who, kind] of opts.messages) {
    await db()
      .insert(messages)
      .values({
        conversationId: c!.id,
        senderId: who === 'guide' ? guideId : tourist.id,
        body: 'hello',
        kind,
        clientId: `c-${n++}-${Date.now()}`,
        createdAt: at,
      });
  }
}

async function bareGuides(count: number, city: string): Promise<string[]> {
  const tag = `${city.toLowerCase()}${n++}`;
  const made = await rows<{ id: string }>(sql`
    insert into users (email, role, onboarding_completed, personality_test_completed)
    select 'bulk' || g || '.' || ${tag} || '@reviews.test', 'guide', true, true from generate_series(1, ${count}::int) g
    returning id`);
  return made.map((r) => r.id);
}

describe('real figures', () => {
  it("counts the guide's week in the city's time zone (Monday–Sunday) and earnings from completed bookings", async () => {
    const guide = await person('guide', { city: 'Tokyo' });
    const tourist = await person('tourist');
    const tokyo = { timeZone: 'Asia/Tokyo' };
    const at = (iso: string, hours = 2) => ({
      startAt: new Date(iso),
      endAt: new Date(Date.parse(iso) + hours * HOUR),
    });
    // The Tokyo week runs from Mon 23 Nov 00:00 JST (Sun 22 Nov 15:00 UTC) to Mon 30 Nov 00:00 JST.
    // Counted: a tour early on Monday in Tokyo (still Sunday in UTC) and an accepted one on Saturday.
    await booking(tourist, guide, {
      ...tokyo,
      status: 'completed',
      totalUsd: 300,
      ...at('2026-11-22T15:30:00Z'),
    });
    await booking(tourist, guide, {
      ...tokyo,
      status: 'accepted',
      totalUsd: 111,
      ...at('2026-11-28T03:00:00Z'),
    });
    // Not counted: open, cancelled or declined; next Monday in Tokyo (Sunday in UTC); the Sunday before.
    await booking(tourist, guide, { ...tokyo, status: 'requested', ...at('2026-11-25T01:00:00Z') });
    await booking(tourist, guide, { ...tokyo, status: 'cancelled', ...at('2026-11-26T01:00:00Z') });
    await booking(tourist, guide, { ...tokyo, status: 'declined', ...at('2026-11-27T01:00:00Z') });
    await booking(tourist, guide, { ...tokyo, status: 'accepted', ...at('2026-11-29T16:00:00Z') });
    await booking(tourist, guide, {
      ...tokyo,
      status: 'completed',
      totalUsd: 150,
      ...at('2026-11-22T12:00:00Z'),
    });
    // Earnings: every completed tour, all time (300 + 150 + 40); accepted ones are not earned yet.
    await booking(tourist, guide, {
      ...tokyo,
      status: 'completed',
      totalUsd: 40,
      ...at('2026-10-02T01:00:00Z'),
    });

    const res = await app.inject({ url: '/api/guides/tourists', headers: { cookie: guide.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stats).toEqual({
      thisWeek: 2,
      earnings: 490,
      rating: 0,
      responseRate: null,
      response: expect.objectContaining({ measured: false, rate: null }),
    });

    // Another guide's bookings count for that guide only.
    const other = await person('guide', { city: 'Tokyo' });
    const theirs = await app.inject({ url: '/api/guides/tourists', headers: { cookie: other.cookie } });
    expect(theirs.json().stats).toMatchObject({ thisWeek: 0, earnings: 0 });
  });

  it("counts a tourist's requests (30 days) and acceptance rate from guides' first messages, not the stored columns", async () => {
    const tourist = await person('tourist', { city: 'Figureville' });
    await db().execute(
      sql`update tourist_profiles set acceptance_rate = 99, requests_last_30_days = 99 where user_id = ${tourist.id}`,
    );
    const viewer = await person('guide', { city: 'Figureville' });
    const before = await touristProfile(tourist.id, viewer);
    expect(before).toMatchObject({ acceptanceRate: null, requestsLast30Days: 0 });

    const [g1, g2, g3, g4, g5, g6] = await bareGuides(6, 'Figureville');
    // Answered, and not: both count. Older than 30 days: counts for the rate only.
    await contact(tourist, g1!, {
      daysAgo: 5,
      messages: [
        ['guide', 'text'],
        ['tourist', 'text'],
      ],
    });
    await contact(tourist, g2!, { daysAgo: 10, messages: [['guide', 'text']] });
    await contact(tourist, g3!, {
      daysAgo: 40,
      messages: [
        ['guide', 'text'],
        ['tourist', 'text'],
      ],
    });
    // Opened without a word, opened by the tourist, or "answered" only by a booking's system line: no.
    await contact(tourist, g4!, { daysAgo: 2, messages: [] });
    await contact(tourist, g5!, {
      daysAgo: 3,
      startedBy: 'tourist',
      messages: [
        ['tourist', 'text'],
        ['guide', 'text'],
      ],
    });
    await contact(tourist, g6!, {
      daysAgo: 3,
      messages: [
        ['guide', 'text'],
        ['tourist', 'system'],
      ],
    });
    // And through the chat itself: a verified guide writes first, the tourist answers.
    const open = await app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: { cookie: viewer.cookie },
      payload: { touristId: tourist.id },
    });
    expect(open.statusCode, open.body).toBe(200);
    const conversationId = open.json().id;
    for (const who of [viewer, tourist]) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/chat/send',
        headers: { cookie: who.cookie },
        payload: { conversationId, body: 'Hi there', clientId: `figures-${who.id}` },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    // Requests: g1, g2, g6 and the viewer (30 days); answered: g1, g3 and the viewer of 5 → 60 %.
    const after = await touristProfile(tourist.id, viewer);
    expect(after).toMatchObject({ requestsLast30Days: 4, acceptanceRate: 60 });
  });

  it('shows Most Desired above 60 requests and ranks the top 3 from real requests and ratings', async () => {
    const city = 'Rankton';
    const guide = await person('guide', { city });
    const a = await person('tourist', { city });
    const b = await person('tourist', { city });
    const c = await person('tourist', { city });
    const d = await person('tourist', { city, status: 'Gold Member' });
    // The dead columns say the opposite of the real figures; they must not count.
    await db().execute(
      sql`update tourist_profiles set requests_last_30_days = case when user_id = ${c.id} then 100 else 0 end,
          acceptance_rate = 50 where user_id in (${a.id}, ${b.id}, ${c.id}, ${d.id})`,
    );
    await db().execute(
      sql`update users set last_active_at = ${new Date(clock).toISOString()} where id in (${a.id}, ${b.id}, ${c.id}, ${d.id})`,
    );
    const reach = async (t: Who, count: number) => {
      const ids = await bareGuides(count, city);
      await db().execute(sql`
        with c as (
          insert into conversations (tourist_id, guide_id, started_by, created_at, last_message_at)
          select ${t.id}, g, g, ${new Date(clock - DAY).toISOString()}::timestamptz, ${new Date(clock - DAY).toISOString()}::timestamptz
          from unnest(${sql.param(ids)}::uuid[]) g
          returning id, guide_id)
        insert into messages (conversation_id, sender_id, body, client_id, created_at)
        select id, guide_id, 'hello', 'bulk-' || id, ${new Date(clock - DAY).toISOString()}::timestamptz from c`);
    };
    await reach(a, 61);
    await reach(b, 60);
    // C has no requests but a 5-star review; D is a Gold member with the most requests.
    const id = await booking(c, guide);
    await write(guide, id, { rating: 5, text: 'Delightful' });
    await write(c, id, { rating: 5 });
    await reach(d, 70);
    // The ranking job's turn (each minute) scores what changed.
    await app.jobs.run('tourist-ranking');

    const res = await app.inject({ url: '/api/guides/top-tourists', headers: { cookie: guide.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const top = res.json().tourists as {
      id: string;
      requestsLast30Days: number;
      rating: number;
      recentReviews: unknown[];
      score: number;
    }[];
    // Premium beats Gold; among Premium, 61 requests (30.5) > 60 (30) > rating 5 (25).
    expect(top.map((t) => t.id)).toEqual([a.id, b.id, c.id]);
    expect(top.map((t) => t.requestsLast30Days)).toEqual([61, 60, 0]);
    expect(top[2]).toMatchObject({
      rating: 5,
      recentReviews: [{ rating: 5, reviewer: guide.firstName, text: 'Delightful' }],
    });
    const { isMostDesired } = await import('@lokal/shared/domain/discovery');
    expect(top.map((t) => isMostDesired(t.requestsLast30Days))).toEqual([true, false, false]);
  });
});

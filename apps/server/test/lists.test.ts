import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, reviews } from '../src/db/schema/bookings.ts';
import { conversations, messages } from '../src/db/schema/chat.ts';
import { favorites, guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// Lists a page at a time: two pages, no repeats or skips, stable under an insert, a bad
// cursor refused (decision 039); and reads that no longer write (decision 040).
let t: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;
const MIN = 60_000;
const DAY = 86_400_000;
const STATUSES = ['Luxury VIP Member', 'Premium Member', 'Gold Member'] as const;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const db = () => t.database.db;

async function addGuide(city: string) {
  const email = `lists-guide${n++}.${Date.now()}@example.com`;
  const [u] = await db()
    .insert(users)
    .values({ email, role: 'guide', onboardingCompleted: true, personalityTestCompleted: true })
    .returning();
  await db()
    .insert(guideProfiles)
    .values({
      userId: u!.id,
      firstName: 'Lena',
      lastName: `Lists${n}`,
      city,
      country: 'France',
      profession: 'Painter',
      image: '/api/avatars/x.svg',
      verified: true,
      listed: true,
      rating: 4.5,
    });
  return mockSignIn(t.app, email, 'guide');
}

async function addTourist(city: string, status: (typeof STATUSES)[number], lastActive: Date, name = 'Tess') {
  const [u] = await db()
    .insert(users)
    .values({
      email: `lists-tourist${n++}.${Date.now()}@example.com`,
      role: 'tourist',
      onboardingCompleted: true,
      lastActiveAt: lastActive,
    })
    .returning();
  await db()
    .insert(touristProfiles)
    .values({
      userId: u!.id,
      firstName: name,
      lastName: `Traveller${n}`,
      city,
      country: 'Canada',
      occupation: 'Editor',
      image: '/api/avatars/x.svg',
      status,
      interests: n % 2 ? ['Art'] : ['Nightlife'],
    });
  return u!.id;
}

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

/** Every page of a list, following nextCursor; `between` runs after the first page. */
async function walk<T extends { id: string }>(
  url: (cursor: string | null) => string,
  cookie: string,
  key: string,
  between?: () => Promise<void>,
) {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const res = await get(url(cursor), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    pages.push(body[key]);
    cursor = body.nextCursor;
    if (pages.length === 1 && between) await between();
  } while (cursor && pages.length < 50);
  return pages;
}

describe("the guide's tourist list, a page at a time", () => {
  it('pages through the city in order, membership first then the most recently active, without repeats or skips, even with a newcomer between pages', async () => {
    const city = `Pagetown ${Date.now()}`;
    const guide = await addGuide(city);
    const now = Date.now();
    const ids: string[] = [];
    // 17 tourists, two sharing one instant (the tie goes to the id, highest first).
    const same = new Date(now - 3 * DAY);
    for (let i = 0; i < 17; i++) {
      const at = i < 2 ? same : new Date(now - (i + 1) * 37 * MIN);
      ids.push(await addTourist(city, STATUSES[i % 3]!, at));
    }
    let late = '';
    const pages = await walk<{ id: string; status: string; lastActive: string }>(
      (c) => `/api/guides/tourists?limit=5${c ? `&cursor=${c}` : ''}`,
      guide.cookie,
      'tourists',
      async () => {
        // Joins after the first page: a VIP active now (before the cursor) and a Gold member long gone (after).
        await addTourist(city, 'Luxury VIP Member', new Date(now));
        late = await addTourist(city, 'Gold Member', new Date(now - 300 * DAY));
      },
    );
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages[0]).toHaveLength(5);
    const seen = pages.flat();
    const seenIds = seen.map((x) => x.id);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    // Everyone who was there, plus the newcomer after the cursor; the one before it is on a fresh first page.
    expect([...seenIds].sort()).toEqual([...ids, late].sort());
    const rank = (s: string) => STATUSES.indexOf(s as (typeof STATUSES)[number]);
    for (let i = 1; i < seen.length; i++) {
      const a = seen[i - 1]!;
      const b = seen[i]!;
      const order =
        rank(a.status) - rank(b.status) ||
        Date.parse(b.lastActive) - Date.parse(a.lastActive) ||
        b.id.localeCompare(a.id);
      expect(order, `${i}`).toBeLessThan(0);
    }
  });

  it('filters in SQL, pages the filtered list, and refuses a bad cursor with 400', async () => {
    const city = `Filterville ${Date.now()}`;
    const guide = await addGuide(city);
    for (let i = 0; i < 8; i++)
      await addTourist(city, 'Premium Member', new Date(Date.now() - i * MIN), 'Zoe');
    await addTourist(city, 'Premium Member', new Date(), 'Marguerite');
    const pages = await walk<{ id: string; name: string; interests: string[] }>(
      (c) => `/api/guides/tourists?q=zoe&category=Art+%26+Culture&limit=2${c ? `&cursor=${c}` : ''}`,
      guide.cookie,
      'tourists',
    );
    const found = pages.flat();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((x) => x.name.startsWith('Zoe'))).toBe(true);
    expect(found.every((x) => x.interests.includes('Art'))).toBe(true);

    const forged = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const id = found[0]!.id;
    for (const bad of [
      'nonsense',
      forged({ s: 1, at: 'x', id }),
      // A date PostgreSQL would refuse to cast: refused here first, never a 500.
      forged({ s: 1, at: '2026-02-31 10:00:00+00', id }),
      forged({ s: 1, at: '2026-01-01 10:00:00+00', id: 'not-a-uuid' }),
      '%00',
    ]) {
      const res = await get(`/api/guides/tourists?cursor=${encodeURIComponent(bad)}`, guide.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid-cursor' });
    }
  });
});

describe('the conversation list, a page at a time', () => {
  it('pages newest first without repeats or skips while a conversation moves to the top, and refuses a bad cursor', async () => {
    const guide = await addGuide(`Chatville ${Date.now()}`);
    const now = Date.now();
    const tourists: string[] = [];
    for (let i = 0; i < 13; i++) tourists.push(await addTourist('Elsewhere', 'Gold Member', new Date(now)));
    const same = new Date(now - 2 * DAY);
    for (const [i, touristId] of tourists.entries()) {
      await db()
        .insert(conversations)
        .values({
          touristId,
          guideId: guide.id,
          startedBy: guide.id,
          createdAt: new Date(now - 10 * DAY),
          // Three share one instant: the id breaks the tie.
          lastMessageAt: i < 3 ? same : new Date(now - i * 17 * MIN),
        });
    }
    const all = await db()
      .select({ id: conversations.id, touristId: conversations.touristId })
      .from(conversations)
      .where(sql`${conversations.guideId} = ${guide.id}`);
    const pages = await walk<{ id: string; timestamp: string }>(
      (c) => `/api/chat/conversations?limit=4${c ? `&cursor=${c}` : ''}`,
      guide.cookie,
      'conversations',
      async () => {
        // The oldest conversation gets a message: it moves above the cursor, so this walk does not see it again.
        const oldest = all.find((x) => x.touristId === tourists[12])!;
        await db().insert(messages).values({
          conversationId: oldest.id,
          senderId: tourists[12]!,
          body: 'Still there?',
          clientId: 'lists-1',
        });
        await db()
          .update(conversations)
          .set({ lastMessageAt: new Date() })
          .where(sql`${conversations.id} = ${oldest.id}`);
      },
    );
    expect(pages[0]).toHaveLength(4);
    const seen = pages.flat().map((x) => x.id);
    expect(new Set(seen).size).toBe(seen.length);
    const moved = all.find((x) => x.touristId === tourists[12])!.id;
    expect([...seen].sort()).toEqual(
      all
        .map((x) => x.id)
        .filter((id) => id !== moved)
        .sort(),
    );
    const times = pages.flat().map((x) => Date.parse(x.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A fresh first page shows it on top.
    const fresh = (await get('/api/chat/conversations?limit=4', guide.cookie)).json();
    expect(fresh.conversations[0].id).toBe(moved);

    const res = await get('/api/chat/conversations?cursor=not-a-cursor', guide.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid-cursor' });
    const tooBig = await get('/api/chat/conversations?limit=1000', guide.cookie);
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('the notification list, a page at a time', () => {
  it('pages newest first without repeats or skips while a new notification arrives, counts every unread on each page, and refuses a bad cursor', async () => {
    const guide = await addGuide(`Bellville ${Date.now()}`);
    const now = Date.now();
    const same = new Date(now - DAY);
    for (let i = 0; i < 11; i++) {
      await db()
        .insert(notifications)
        .values({
          userId: guide.id,
          kind: 'booking',
          title: `Note ${i}`,
          body: 'Something changed',
          link: null,
          // Three share one instant: the id breaks the tie.
          createdAt: i < 3 ? same : new Date(now - i * 7 * MIN),
          readAt: i % 2 ? new Date(now) : null,
        });
    }
    const before = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(sql`${notifications.userId} = ${guide.id}`);
    const unreads: number[] = [];
    let arrived = '';
    const pages = await walk<{ id: string; createdAt: string }>(
      (c) => `/api/notifications?limit=4${c ? `&cursor=${c}` : ''}`,
      guide.cookie,
      'notifications',
      async () => {
        // A new notification lands above the cursor: this walk does not see it, nor repeat anything.
        const [row] = await db()
          .insert(notifications)
          .values({ userId: guide.id, kind: 'booking', title: 'New', body: 'Fresh', link: null })
          .returning();
        arrived = row!.id;
      },
    );
    expect(pages.map((p) => p.length)).toEqual([4, 4, 3]);
    const seen = pages.flat().map((x) => x.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(before.map((x) => x.id).sort());
    const times = pages.flat().map((x) => Date.parse(x.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The unread count is the whole list's on every page: 6 of the 11, plus the new one.
    const first = (await get('/api/notifications?limit=4', guide.cookie)).json();
    expect(first.notifications[0].id).toBe(arrived);
    unreads.push(first.unread);
    const second = (await get(`/api/notifications?limit=4&cursor=${first.nextCursor}`, guide.cookie)).json();
    unreads.push(second.unread);
    expect(unreads).toEqual([7, 7]);

    const res = await get('/api/notifications?cursor=not-a-cursor', guide.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid-cursor' });
    const tooBig = await get('/api/notifications?limit=1000', guide.cookie);
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('the favorites list, a page at a time', () => {
  it('pages last saved first without repeats or skips while one is saved between pages, keeps every heart in the ids, and refuses a bad cursor', async () => {
    const tourist = await mockSignIn(t.app, `lists-fav${n++}.${Date.now()}@example.com`, 'tourist');
    const now = Date.now();
    const same = new Date(now - DAY);
    for (let i = 0; i < 9; i++) {
      await db()
        .insert(favorites)
        .values({
          userId: tourist.id,
          profileType: i % 3 ? 'guide' : 'traveler',
          profileId: `lists-profile-${i}`,
          profileName: `Saved ${i}`,
          // Four share one instant: the type and id break the tie.
          createdAt: i < 4 ? same : new Date(now - i * 11 * MIN),
        });
    }
    const pages = await walk<{ profileId: string; profileType: string; createdAt: string; id: string }>(
      (c) => `/api/favorites?limit=4${c ? `&cursor=${c}` : ''}`,
      tourist.cookie,
      'favorites',
      async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/favorites/add',
          headers: { cookie: tourist.cookie },
          payload: { profileId: 'lists-profile-new', profileType: 'guide', profileName: 'Newest' },
        });
        expect(res.statusCode).toBe(200);
        // Add answers the first page (12 by default), the new one on top.
        expect(res.json().favorites[0].profileId).toBe('lists-profile-new');
      },
    );
    expect(pages.map((p) => p.length)).toEqual([4, 4, 1]);
    const seen = pages.flat().map((x) => `${x.profileType}:${x.profileId}`);
    expect(new Set(seen).size).toBe(9);
    expect(seen.some((k) => k.endsWith('lists-profile-new'))).toBe(false);
    const times = pages.flat().map((x) => Date.parse(x.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The hearts read every saved profile, not a page of them.
    const ids = (await get('/api/favorites/ids', tourist.cookie)).json().favorites;
    expect(ids).toHaveLength(10);
    expect(ids).toContainEqual({ profileId: 'lists-profile-8', profileType: 'guide' });

    const res = await get('/api/favorites?cursor=not-a-cursor', tourist.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid-cursor' });
    const tooBig = await get('/api/favorites?limit=1000', tourist.cookie);
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('the booking lists, a page at a time', () => {
  it('pages each scope in its order without repeats or skips while a booking is added, and refuses a bad cursor or one of the other scope', async () => {
    // Three guides: one guide cannot hold two bookings at once, a tourist's list can.
    const guides = [
      await addGuide(`Bookville ${Date.now()}`),
      await addGuide(`Bookville ${Date.now()}`),
      await addGuide(`Bookville ${Date.now()}`),
    ];
    const touristId = await addTourist('Elsewhere', 'Gold Member', new Date());
    const [me] = await db().select({ email: users.email }).from(users).where(sql`${users.id} = ${touristId}`);
    const tourist = await mockSignIn(t.app, me!.email, 'tourist');
    const now = Date.now();
    const book = (startAt: Date, status: 'requested' | 'accepted' | 'completed' | 'cancelled', g = 0) =>
      db()
        .insert(bookings)
        .values({
          touristId,
          guideId: guides[g]!.id,
          tourName: 'Rooftop Sketching',
          durationMinutes: 120,
          pricePerPerson: 100,
          partySize: 2,
          totalUsd: 200,
          totalLocal: 200,
          startAt,
          endAt: new Date(startAt.getTime() + 2 * 3_600_000),
          timeZone: 'UTC',
          status,
        })
        .returning()
        .then(([b]) => b!.id);
    const upcoming: string[] = [];
    const past: string[] = [];
    const cancelled: string[] = [];
    const soon = new Date(now + 3 * DAY);
    const before = new Date(now - 3 * DAY);
    for (let i = 0; i < 7; i++) {
      // Three of each scope share one start: the id breaks the tie.
      const g = i < 3 ? i : 0;
      upcoming.push(
        await book(i < 3 ? soon : new Date(now + (4 + i) * DAY), i % 2 ? 'accepted' : 'requested', g),
      );
      past.push(await book(i < 3 ? before : new Date(now - (4 + i) * DAY), 'completed', g));
      // Cancelled ones, still to start or long gone, are listed apart (docs/product.md#booking-states).
      cancelled.push(
        await book(i < 3 ? soon : new Date(now + (i % 2 ? 1 : -1) * (4 + i) * DAY), 'cancelled', g),
      );
    }
    // What a user's new booking adds before the cursor in each order: a walk does not see it, nor repeat anything.
    const addFirst = {
      upcoming: () => book(new Date(now + DAY), 'requested', 1),
      past: () => book(new Date(now - DAY), 'requested', 1),
      cancelled: () => book(new Date(now + 30 * DAY), 'cancelled', 1),
    };
    for (const [scope, ids] of [
      ['upcoming', upcoming],
      ['past', past],
      ['cancelled', cancelled],
    ] as const) {
      const pages = await walk<{ id: string; startAt: string }>(
        (c) => `/api/bookings?scope=${scope}&limit=3${c ? `&cursor=${c}` : ''}`,
        tourist.cookie,
        'bookings',
        async () => {
          await addFirst[scope]();
        },
      );
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      const seen = pages.flat().map((b) => b.id);
      expect([...seen].sort()).toEqual([...ids].sort());
      const starts = pages.flat().map((b) => Date.parse(b.startAt));
      expect(starts).toEqual([...starts].sort((a, b) => (scope === 'upcoming' ? a - b : b - a)));
    }

    const first = (await get('/api/bookings?scope=upcoming&limit=3', tourist.cookie)).json();
    const other = await get(`/api/bookings?scope=past&cursor=${first.nextCursor}`, tourist.cookie);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: expect.any(String), code: 'invalid-cursor' });
    const bad = await get('/api/bookings?cursor=not-a-cursor', tourist.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid-cursor');
    expect((await get('/api/bookings?limit=1000', tourist.cookie)).statusCode).toBe(400);
  });
});

describe('reads that no longer write', () => {
  it('leaves a review whose window ended unpublished through every read, until the publishing job runs', async () => {
    const city = `Quietville ${Date.now()}`;
    const guide = await addGuide(city);
    const touristId = await addTourist(city, 'Premium Member', new Date());
    const [b] = await db()
      .insert(bookings)
      .values({
        touristId,
        guideId: guide.id,
        tourName: 'Rooftop Sketching',
        durationMinutes: 120,
        pricePerPerson: 100,
        partySize: 2,
        totalUsd: 200,
        totalLocal: 200,
        startAt: new Date(Date.now() - 16 * DAY),
        endAt: new Date(Date.now() - 16 * DAY + 2 * 3_600_000),
        timeZone: 'UTC',
        status: 'completed',
        completedAt: new Date(Date.now() - 15 * DAY),
      })
      .returning();
    await db()
      .insert(reviews)
      .values({ bookingId: b!.id, authorId: touristId, subjectId: guide.id, rating: 2, text: 'Late start' });
    const unpublished = async () =>
      (
        await db()
          .select({ at: reviews.publishedAt })
          .from(reviews)
          .where(sql`${reviews.bookingId} = ${b!.id}`)
      )[0]!.at === null;

    for (const url of [
      '/api/guides/tourists',
      '/api/guides/top-tourists',
      `/api/profiles/guide/${guide.id}`,
      `/api/profiles/guide/${guide.id}/reviews`,
      `/api/profiles/tourist/${touristId}`,
      `/api/bookings/${b!.id}/review`,
      '/api/bookings?scope=past',
    ]) {
      const res = await get(url, guide.cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(await unpublished(), url).toBe(true);
    }
    expect(await t.app.jobs.run('review-publishing')).toBeGreaterThanOrEqual(1);
    expect(await unpublished()).toBe(false);
    const card = (await get(`/api/profiles/guide/${guide.id}`, guide.cookie)).json().profile;
    expect(card).toMatchObject({ rating: 2, reviews: 1 });
  });
});

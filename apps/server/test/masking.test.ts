import { CONTACT_DETAILS_CODE, MASKING_MESSAGES } from '@lokal/shared/constants/masking';
import { findContactDetails } from '@lokal/shared/domain/masking';
import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUIDES, DEMO_TOURISTS } from '../seed/demo-data.ts';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { bookings } from '../src/db/schema/bookings.ts';
import { OFFER } from './actors-helper.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { decodeQuotedPrintable, outboxMails } from './mail-helper.ts';

// docs/product.md#contact-detail-masking: a booking's note and a reason for declining or cancelling reach the
// other party in chat, in the app's notifications and by e-mail; each copy hides contact details until the pair
// has an accepted booking, and shows them from then on.

const START = Date.parse('2026-11-23T10:00:00.000Z');
let app: Awaited<ReturnType<typeof buildApp>>;
let config: Config;
let database: Database;

type Who = { cookie: string; id: string; email: string };
let sofia: Who;
let streetArt: string;
let day = 0;
let n = 0;

const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (url: string, who: Who) => app.inject({ url, headers: { cookie: who.cookie } });
const call = (method: 'POST' | 'PATCH', url: string, who: Who, payload: object) =>
  app.inject({ method, url, headers: { cookie: who.cookie }, payload });
/** What an API client is told when a public text carries contact details. */
const REFUSED = { message: MASKING_MESSAGES.publicText, code: CONTACT_DETAILS_CODE };
const exec = (q: ReturnType<typeof sql>) => database.db.execute(q);

/** 18:00 in Barcelona on a new day from 1 December, so no two bookings collide. */
const nextStart = () =>
  zonedTimeToInstant(
    new Date(Date.UTC(2026, 11, 1 + day++)).toISOString().slice(0, 10),
    '18:00',
    'Europe/Madrid',
  )!.toISOString();

/** A new onboarded tourist who keeps booking notifications and e-mails on. */
async function newTourist(): Promise<Who> {
  const who = await mockSignIn(app, `masked.${n++}@example.com`, 'tourist');
  await exec(sql`update users set onboarding_completed = true where id = ${who.id}`);
  await exec(
    sql`insert into tourist_profiles (user_id, first_name, last_name, occupation, image) values (${who.id}, 'Nora', 'Berg', 'Writer', '/api/avatars/member.svg')`,
  );
  return who;
}

async function book(tourist: Who, note: string) {
  const res = await post('/api/bookings', tourist, {
    experienceId: streetArt,
    start: nextStart(),
    partySize: 2,
    note,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking as { id: string; conversationId: string; note: string };
}

/** What `who` sees of the change: the newest system message, notification and e-mail. */
async function seen(who: Who, conversationId: string) {
  await app.outbox.drain();
  const messages = (await get(`/api/chat/conversations/${conversationId}/messages`, who)).json().messages;
  const notification = (await get('/api/notifications', who)).json().notifications[0];
  const raw = outboxMails(config.dataDir)
    .filter((m) => m.includes(`To: ${who.email}`))
    .at(-1)!;
  // Quoted-printable undone, then the bytes read as UTF-8.
  const mail = Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
  return {
    chat: messages.filter((m: { kind: string }) => m.kind === 'system').at(-1).body as string,
    notification: notification.body as string,
    mail,
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  config = testConfig({ rateLimitScale: 10 });
  app = await buildApp(config, { database, seed: true, now: () => START });
  await app.ready();
  sofia = await mockSignIn(app, 'sofia.martinez@demo.lokal.app', 'guide');
  await exec(sql`update users set notify_bookings = true, notify_email = true`);
  const offers = (await get(`/api/guides/${sofia.id}/experiences`, sofia)).json().experiences;
  streetArt = offers.find((e: { title: string }) => e.title === 'Street Art Walk').id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('contact details in booking notes and reasons', () => {
  it('are hidden in chat, the notification and the e-mail before the pair has an accepted booking', async () => {
    const tourist = await newTourist();
    const b = await book(tourist, 'Call me on +34 ６１２ ３４５ ６７８ or jane.doe at gmail dot com');
    const note = 'Call me on [phone hidden] or [email hidden]';
    expect(b.note).toBe(note);
    const guideSaw = await seen(sofia, b.conversationId);
    expect(guideSaw.chat).toContain(`Note: “${note}”`);
    expect(guideSaw.notification).toContain(`Note: “${note}”`);
    expect(guideSaw.mail).toContain(note);
    for (const text of Object.values(guideSaw)) expect(text).not.toMatch(/６１２|jane\.doe|gmail/);

    const declined = await post(`/api/bookings/${b.id}/decline`, sofia, {
      reason: 'Fully booked, text me on 612/345/678 instead',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const reason = 'Fully booked, text me on [phone hidden] instead';
    expect(declined.json().booking.cancelReason).toBe(reason);
    const touristSaw = await seen(tourist, b.conversationId);
    expect(touristSaw.chat).toContain(`Reason: “${reason}”`);
    expect(touristSaw.notification).toContain(`Reason: “${reason}”`);
    expect(touristSaw.mail).toContain(reason);
    for (const text of Object.values(touristSaw)) expect(text).not.toContain('345');
  });

  it('are shown once the pair has an accepted booking', async () => {
    const tourist = await newTourist();
    const first = await book(tourist, 'We love murals');
    expect((await post(`/api/bookings/${first.id}/accept`, sofia)).statusCode).toBe(200);

    const note = 'Call me on +34 612 345 678';
    const b = await book(tourist, note);
    expect(b.note).toBe(note);
    const guideSaw = await seen(sofia, b.conversationId);
    expect(guideSaw.chat).toContain(`Note: “${note}”`);
    expect(guideSaw.notification).toContain(`Note: “${note}”`);
    expect(guideSaw.mail).toContain(note);

    const reason = 'That day is full, call me on 612 345 678';
    const declined = await post(`/api/bookings/${b.id}/decline`, sofia, { reason });
    expect(declined.json().booking.cancelReason).toBe(reason);
    const touristSaw = await seen(tourist, b.conversationId);
    expect(touristSaw.chat).toContain(`Reason: “${reason}”`);
    expect(touristSaw.notification).toContain(`Reason: “${reason}”`);
    expect(touristSaw.mail).toContain(reason);
  });

  it('are hidden in a reason for cancelling a request, for the guide too', async () => {
    const tourist = await newTourist();
    const b = await book(tourist, '');
    const cancelled = await post(`/api/bookings/${b.id}/cancel`, tourist, {
      reason: 'Plans changed; write to nora.berg [at] example [dot] com',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const reason = 'Plans changed; write to [email hidden]';
    const guideSaw = await seen(sofia, b.conversationId);
    expect(guideSaw.chat).toContain(`Reason: “${reason}”`);
    expect(guideSaw.notification).toContain(`Reason: “${reason}”`);
    expect(guideSaw.mail).toContain(reason);
  });

  it('leave a note without contact details exactly as typed', async () => {
    const note = 'Two of us, 24/12/2026 at 18:30, about €120 — near Carrer de Verdi 32';
    expect((await book(await newTourist(), note)).note).toBe(note);
  });
});

describe('contact details in chat', () => {
  it('are hidden however they are written, and the rest of the message stays as typed', async () => {
    const tourist = await newTourist();
    const conversationId = (await post('/api/chat/conversations', tourist, { guideId: sofia.id })).json().id;
    const say = async (body: string) => {
      const res = await post('/api/chat/send', tourist, {
        conversationId,
        body,
        clientId: `message-${n++}-${Date.now()}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().message.body;
    };
    expect(await say('ｃａｌｌ ６１２\u200B３４５ ٦٧٨ 🙂')).toBe('ｃａｌｌ [phone hidden] 🙂');
    expect(await say('jane(dot)doe(at)gmail(dot)com')).toBe('[email hidden]');
    expect(await say('my ig is nora.berg, or t.me/noraberg')).toBe(
      'my ig is [handle hidden], or [handle hidden]',
    );
    const plain = 'Meet 24/12/2026 at 18:30, €120 for 2 people — Carrer de Verdi 32 ☕';
    expect(await say(plain)).toBe(plain);
  });
});

describe('contact details split over several messages', () => {
  it('are hidden where the member completes them, for both sides of the conversation', async () => {
    const tourist = await newTourist();
    const conversationId = (await post('/api/chat/conversations', tourist, { guideId: sofia.id })).json().id;
    const say = async (who: Who, body: string) => {
      const res = await post('/api/chat/send', who, { conversationId, body, clientId: `split-${n++}` });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().message.body as string;
    };
    expect(await say(tourist, 'my number is 612')).toBe('my number is 612');
    expect(await say(tourist, '345')).toBe('345');
    // The guide's reply in between does not break the tourist's run.
    expect(await say(sofia, 'Sorry?')).toBe('Sorry?');
    expect(await say(tourist, '678')).toBe('[phone hidden]');
    expect(await say(tourist, 'six one two')).toBe('six one two');
    expect(await say(tourist, 'three four five')).toBe('three four five');
    expect(await say(tourist, 'six seven eight')).toBe('[phone hidden]');
    expect(await say(tourist, 'my insta is')).toBe('my insta is');
    expect(await say(tourist, 'nora_berg')).toBe('[handle hidden]');
    expect(await say(tourist, 'nora.berg')).toBe('nora.berg');
    expect(await say(tourist, 'at gmail dot com')).toBe('[email hidden]');
    // Harmless follow-ups stay as typed.
    expect(await say(tourist, 'Room 412')).toBe('Room 412');
    expect(await say(tourist, 'at 14:30, €1,250 for two')).toBe('at 14:30, €1,250 for two');

    const seenBy = async (who: Who) =>
      (await get(`/api/chat/conversations/${conversationId}/messages`, who))
        .json()
        .messages.map((m: { body: string }) => m.body);
    const guideSaw = await seenBy(sofia);
    expect(guideSaw).toEqual(await seenBy(tourist));
    expect(guideSaw).toEqual(
      expect.arrayContaining(['[phone hidden]', '[handle hidden]', '[email hidden]', 'Room 412']),
    );
    expect(guideSaw.join(' ')).not.toMatch(/678|seven eight|nora_berg|gmail/);
  });
});

describe('contact details in what members publish', () => {
  it('are refused in a guide’s bio and profession, and the page keeps what was there', async () => {
    const tourist = await newTourist();
    const page = async () => (await get('/api/pages/guides/sofia-martinez', tourist)).json();
    const before = (await page()).details.bio;
    for (const payload of [
      { bio: 'WhatsApp me: +34 612 345 678' },
      { bio: 'Book me direct: sofia arroba gmail punto com' },
      { bio: 'Find me on instagram.com/sofia.bcn' },
      { profession: 'Painter · IG: sofia_bcn' },
    ]) {
      const res = await call('POST', '/api/guides/me/profile', sofia, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    expect((await page()).details.bio).toBe(before);

    const harmless =
      'Tours from €1,250 for up to 6, at 14:30 from Rua Augusta 24 (38.7139, -9.1394), since 1998.';
    const saved = await call('POST', '/api/guides/me/profile', sofia, { bio: harmless });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page()).details.bio).toBe(harmless);
  });

  it('are refused in a traveller’s bio', async () => {
    const tourist = await newTourist();
    const res = await call('POST', '/api/tourists/me/profile', tourist, { bio: 'Snap me: nora.berg99' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
    const ok = await call('POST', '/api/tourists/me/profile', tourist, { bio: 'Two of us, room 412.' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('are refused in an experience’s title, summary, description, lists and meeting point', async () => {
    for (const over of [
      { title: 'Tapas with sofia at gmail dot com' },
      { summary: 'my ig is sofia_bcn' },
      { description: 'Book direct on wa.me/34612345678 and save.' },
      { included: ['Drinks', 'My Telegram: @sofiabcn'] },
      {
        meetingPoint: {
          address: 'Call seis uno dos tres cuatro cinco seis siete ocho',
          lat: null,
          lng: null,
        },
      },
    ]) {
      const res = await call('POST', '/api/experiences', sofia, { ...OFFER, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    const meetingPoint = { address: 'Rua Augusta 24, 1100-048 Lisboa', lat: 38.7139, lng: -9.1394 };
    const made = await call('POST', '/api/experiences', sofia, { ...OFFER, meetingPoint });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json().experience;
    const edited = await call('PATCH', `/api/experiences/${id}`, sofia, {
      ...OFFER,
      meetingPoint: { ...meetingPoint, address: 'Rua Augusta 24 — ring +351 912 345 678' },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual(REFUSED);
    const shown = (await get(`/api/experiences/${id}`, sofia)).json().experience;
    expect(shown.meetingPoint.address).toBe(meetingPoint.address);
  });

  it('are refused in a display name', async () => {
    const tourist = await newTourist();
    for (const payload of [{ firstName: 'Nora 612345678' }, { lastName: '@noraberg' }]) {
      const res = await call('PATCH', '/api/users/settings', tourist, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    const settings = (await get('/api/users/settings', tourist)).json();
    expect(settings.firstName).toBe('Nora');
  });

  it('are refused in a review, which is published as written otherwise', async () => {
    const tourist = await newTourist();
    const endAt = new Date(START - 2 * 3_600_000);
    const [row] = await database.db
      .insert(bookings)
      .values({
        touristId: tourist.id,
        guideId: sofia.id,
        tourName: 'Street Art Walk',
        durationMinutes: 120,
        pricePerPerson: 100,
        partySize: 2,
        totalUsd: 200,
        totalLocal: 200,
        startAt: new Date(endAt.getTime() - 2 * 3_600_000),
        endAt,
        timeZone: 'UTC',
        status: 'completed',
        completedAt: new Date(endAt.getTime() + 60_000),
      })
      .returning({ id: bookings.id });
    const url = `/api/bookings/${row!.id}/review`;
    const refused = await call('POST', url, tourist, {
      rating: 5,
      text: 'Loved it! Text Sofia on six one two three four five six seven eight',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(REFUSED);
    const text = 'Worth every one of the €1,250: we met at 14:30 by Rua Augusta 24.';
    const written = await call('POST', url, tourist, { rating: 5, text });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().mine.text).toBe(text);
  });

  it('are not in the demo data', () => {
    const texts: string[] = [];
    const walk = (v: unknown, key = ''): void => {
      // Sign-in addresses and ids are not shown to members.
      if (typeof v === 'string' && key !== 'email' && key !== 'id') texts.push(v);
      else if (Array.isArray(v)) for (const x of v) walk(x, key);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    walk([...DEMO_GUIDES, ...DEMO_TOURISTS]);
    expect(texts.filter((t) => findContactDetails(t).length > 0)).toEqual([]);
  });
});

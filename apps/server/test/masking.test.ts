import { zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
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
    const plain = 'Meet 24/12/2026 at 18:30, €120 for 2 people — Carrer de Verdi 32 ☕';
    expect(await say(plain)).toBe(plain);
  });
});

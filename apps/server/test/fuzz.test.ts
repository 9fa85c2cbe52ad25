import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type App, createWorld, type Session, TOUR, type World } from './actors-helper.ts';
import {
  type Body,
  bodyFor,
  multipartBody,
  type Pools,
  uploadFor,
  urlFor,
  validBodyFor,
} from './fuzz-helper.ts';
import { openTestDatabase, testConfig } from './helper.ts';
import { type Operation, readOpenApi } from './openapi-helper.ts';
import { testPhoto } from './photo-helper.ts';
import { connectSocket } from './ws-helper.ts';

// Every route of the OpenAPI document gets hostile params, queries and bodies. Whatever comes
// in, the answer is a 4xx JSON { message, code } or a valid 2xx — never a 5xx, never a hang.
//
// FUZZ_RUNS=20 for a quick local pass (CI runs 200 per route); FUZZ_ROUTE="POST /api/bookings" fuzzes one
// route; FUZZ_SEED and FUZZ_PATH replay a failure exactly as the failure message prints them.

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ONLY = process.env.FUZZ_ROUTE;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PATH = process.env.FUZZ_PATH;
/** FUZZ_REPORT=1 prints, per route, how many answers had each status: how deep the fuzzing got. */
const REPORT = Boolean(process.env.FUZZ_REPORT);
/** No single answer may take longer than this: a slower one counts as a hang. */
const ANSWER_WITHIN_MS = 10_000;

/** 2xx answers that are not JSON, by route; each must be in the document (checked). */
const NON_JSON: Record<string, string | RegExp> = {
  'GET /api/avatars/{file}': 'image/svg+xml',
  'GET /api/uploads/{file}': 'image/webp',
  // An identity document is sent as it was uploaded: an image or a PDF.
  'GET /api/guides/me/identity-document/file': /^(image\/(png|jpeg|webp)|application\/pdf)/,
  'GET /api/admin/verifications/{guideId}/document': /^(image\/(png|jpeg|webp)|application\/pdf)/,
  'GET /api/bookings/{id}/calendar.ics': 'text/calendar',
  'GET /api/calendar/{file}': 'text/calendar',
};
/** Routes that take multipart/form-data rather than JSON (the document has no JSON body for them). */
const UPLOADS = new Set([
  'POST /api/users/me/photo',
  'POST /api/experiences/{id}/photos',
  'POST /api/guides/me/identity-document',
]);
/** The form field of each upload, when it is not "photo". */
const UPLOAD_FIELD: Record<string, string> = { 'POST /api/guides/me/identity-document': 'document' };

type Caller = 'anonymous' | 'forged' | 'tourist' | 'guide' | 'staff';
const SIGNED_IN = ['tourist', 'guide', 'staff'] as const;
type Case = { caller: Caller; forged: string; url: string; body: Body };

let app: App;
let close: () => Promise<void>;
let w: World;
let operations: Operation[];
let pools: Pools;
let png: Buffer;
const sessions = {} as Record<(typeof SIGNED_IN)[number], Session>;
let conversation: string;
let idsFor: (name: string, path: string) => string[];

beforeAll(async () => {
  // The outbox prints every sign-in link and SMS code it writes; thousands of lines say nothing here.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const database = await openTestDatabase();
  const config = testConfig({ rateLimitScale: 1000 });
  // The demo data gives searches, lists and profiles something to return.
  app = await buildApp(config, { database, seed: true });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
  w = createWorld(app, config, database);
  operations = await readOpenApi(app);
  png = await testPhoto();

  const tourist = (await w.makeActor('tourist', 'fuzzer'))!;
  const guide = (await w.makeActor('guide', 'fuzzguide'))!;
  const waiting = (await w.makeActor('guideUnverified', 'fuzzwaiting'))!;
  sessions.tourist = tourist;
  sessions.guide = guide;
  sessions.staff = (await w.staffNow())!;
  conversation = await w.conversation(tourist, guide);
  const booking = await w.requestBooking(tourist, guide);
  const offer = await w.offerOf(guide);
  const draft = await w.draftOf(guide);
  const tourPhoto = multipartBody('photo', 'image/png', png)!;
  const photoId = (
    await w.must({
      method: 'POST',
      url: `/api/experiences/${draft}/photos`,
      as: guide,
      headers: { 'content-type': tourPhoto.contentType! },
      payload: tourPhoto.text,
    })
  ).photos[0].id;
  const completed = await w.completedBooking(tourist, guide);
  const report = (
    await w.must({
      method: 'POST',
      url: `/api/chat/conversations/${conversation}/report`,
      as: tourist,
      payload: { reason: 'spam' },
      status: 201,
    })
  ).id;
  await w.must({
    method: 'POST',
    url: '/api/auth/beta-request',
    payload: { email: w.email('wait'), userType: 'guide' },
    status: 201,
  });
  const waitlist = (await w.must({ url: '/api/admin/waitlist', as: sessions.staff })).entries[0].id;
  const notification = (await w.must({ url: '/api/notifications', as: guide })).notifications[0].id;
  const photo = multipartBody('photo', 'image/png', png)!;
  const upload = await w.must({
    method: 'POST',
    url: '/api/users/me/photo',
    as: tourist,
    headers: { 'content-type': photo.contentType! },
    payload: photo.text,
  });
  // A live calendar feed, so the feed route is fuzzed past its 404 too.
  const { feed } = await w.must({ method: 'POST', url: '/api/calendar-feed', as: tourist });
  const feedFile = new URL(feed.url).pathname.replace('/api/calendar/', '');
  const everyId = [
    tourist.id,
    guide.id,
    waiting.id,
    conversation,
    booking,
    completed,
    report,
    waitlist,
    notification,
    offer,
    draft,
    photoId,
  ];
  // The ids a field of this name takes; unnamed path ids by the route they sit in.
  const byName: Record<string, string[]> = {
    guideId: [guide.id, waiting.id],
    touristId: [tourist.id],
    experienceId: [offer, draft],
    photoId: [photoId],
    photoIds: [photoId],
    conversationId: [conversation],
    profileId: [guide.id, tourist.id],
    ids: [notification],
  };
  const byPath: [string, string[]][] = [
    ['/api/bookings/', [booking, completed]],
    ['/api/chat/', [conversation]],
    ['/api/admin/reports/', [report]],
    ['/api/admin/waitlist/', [waitlist]],
    ['/api/profiles/', [tourist.id, guide.id]],
    ['/api/experiences/', [offer, draft]],
    ['/api/pages/experiences/', [offer, draft]],
    ['/api/guides/', [guide.id, waiting.id]],
  ];
  idsFor = (name, path) =>
    (Object.hasOwn(byName, name) ? byName[name] : byPath.find(([p]) => path.startsWith(p))?.[1]) ?? everyId;
  pools = {
    uuids: () => everyId,
    emails: [w.staffEmail, 'tourist@lokal.test', 'guide@lokal.test', tourist.email, guide.email],
    phones: ['+14155550123', '+34600000000', '+4915112345678'],
    tourNames: [TOUR, 'Art & Museums', 'Street Art Walk'],
    files: [upload.image.replace('/api/uploads/', ''), 'sofia.svg', 'james-whitfield.svg', feedFile],
  };
}, 120_000);
afterAll(async () => {
  await close?.();
  vi.restoreAllMocks();
});

async function send(op: Operation, c: Case) {
  const headers: Record<string, string> = {};
  if (c.caller === 'forged') {
    if (c.forged.startsWith('b')) headers.authorization = `Bearer ${c.forged.slice(1)}`;
    else headers.cookie = `lokal_session=${c.forged.slice(1)}`;
  } else if (c.caller !== 'anonymous') headers.cookie = sessions[c.caller].cookie;
  if (c.body?.contentType) headers['content-type'] = c.body.contentType;
  let timer: NodeJS.Timeout | undefined;
  const answer = app.inject({
    method: op.method as 'GET',
    url: c.url,
    headers,
    ...(c.body ? { payload: c.body.text } : {}),
  });
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([answer, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a client may rely on, whatever it sent. */
function assertAnswer(op: Operation, res: Awaited<ReturnType<typeof send>>) {
  const status = res.statusCode;
  const type = String(res.headers['content-type'] ?? '');
  const show = res.body.slice(0, 300);
  if (status >= 500) throw new Error(`answered ${status}: ${show}`);
  if (status >= 400) {
    let body: { message?: unknown; code?: unknown };
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new Error(`answered ${status} without JSON (${type}): ${show}`);
    }
    if (typeof body.message !== 'string' || typeof body.code !== 'string') {
      throw new Error(`answered ${status} without { message, code }: ${show}`);
    }
    if (!type.startsWith('application/json')) throw new Error(`answered ${status} as ${type}`);
    return;
  }
  if (status < 200 || status >= 300) throw new Error(`answered ${status}: ${show}`);
  const declared = NON_JSON[op.key];
  if (declared) {
    const fits = typeof declared === 'string' ? type.startsWith(declared) : declared.test(type);
    if (!fits) throw new Error(`answered ${status} as ${type}, not ${declared}`);
    return;
  }
  if (!type.startsWith('application/json')) throw new Error(`answered ${status} as ${type}`);
  JSON.parse(res.body);
}

/** Who may call the route: asked without a body, the role check (onRequest) answers before anything else. */
async function callersOf(op: Operation): Promise<Caller[]> {
  const url = op.path.replace(/\{[^}]+\}/g, 'probe');
  const allowed: Caller[] = [];
  for (const who of SIGNED_IN) {
    const res = await app.inject({
      method: op.method as 'GET',
      url,
      headers: { cookie: sessions[who].cookie },
    });
    const refused =
      res.statusCode === 401 || (res.statusCode === 403 && res.body.includes('"code":"forbidden"'));
    if (!refused) allowed.push(who);
  }
  await restore();
  return allowed.length ? allowed : [...SIGNED_IN];
}

/** Lifts a suspension of the fuzzers' accounts (through the staff action, so guides are listed again). */
async function reinstateFuzzers() {
  for (const who of ['tourist', 'guide'] as const) {
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${sessions[who].id}/reinstate`,
      headers: { cookie: sessions.staff.cookie },
      payload: { reason: 'fuzzing' },
    });
  }
}

/** Sessions ended by sign-out are replaced; the fuzzers' pair is unblocked again. */
async function restore(only?: Caller) {
  for (const who of SIGNED_IN) {
    if (only && only !== who) continue;
    const status = await app.inject({ url: '/api/users/status', headers: { cookie: sessions[who].cookie } });
    if (status.statusCode === 200) continue;
    sessions[who] =
      who === 'staff' ? await w.staffSession() : { ...(await w.mockSignIn(sessions[who].email, who)) };
  }
  for (const who of ['tourist', 'guide'] as const) {
    await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversation}/unblock`,
      headers: { cookie: sessions[who].cookie },
    });
  }
}

function caseFor(op: Operation, callers: Caller[]): fc.Arbitrary<Case> {
  const p: Pools = { ...pools, uuids: (name) => idsFor(name, op.path) };
  const caller = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...callers) },
    { weight: 1, arbitrary: fc.constant<Caller>('anonymous') },
    { weight: 1, arbitrary: fc.constant<Caller>('forged') },
  );
  const forged = fc
    .tuple(fc.constantFrom('b', 'c'), fc.stringMatching(/^[\x21-\x7e]{0,300}$/))
    .map(([k, t]) => k + t);
  const upload = UPLOADS.has(op.key);
  const validBody = upload
    ? fc.constant(multipartBody(UPLOAD_FIELD[op.key] ?? 'photo', 'image/png', png))
    : validBodyFor(op, p);
  const hostileBody = upload ? uploadFor(png) : bodyFor(op, p);
  // Mostly one hostile part at a time, so the rest of the request is good enough to reach deeper code.
  const request = fc.oneof(
    { weight: 2, arbitrary: fc.record({ url: urlFor(op, p, false), body: validBody }) },
    { weight: 3, arbitrary: fc.record({ url: urlFor(op, p, true), body: validBody }) },
    { weight: 4, arbitrary: fc.record({ url: urlFor(op, p, false), body: hostileBody }) },
    { weight: 1, arbitrary: fc.record({ url: urlFor(op, p, true), body: hostileBody }) },
  );
  return fc.tuple(caller, forged, request).map(([c, f, r]) => ({ caller: c, forged: f, ...r }));
}

function describeCase(op: Operation, c: Case): string {
  const body = c.body
    ? `${c.body.contentType ?? '(no type)'} ${String(c.body.text).slice(0, 500)}`
    : '(no body)';
  return `${op.method} ${c.url.slice(0, 500)} as ${c.caller}\n  body: ${body}`;
}

// Each of these answered 500 before the fix (see decision 012); the fuzzer found them.
describe('what fuzzing found', () => {
  const as = (who: keyof typeof sessions) => ({ cookie: sessions[who].cookie });

  it('refuses a NUL character anywhere in the input with a 400 instead of a database error', async () => {
    const query = await app.inject({ url: '/api/admin/users?q=%00', headers: as('staff') });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      message: 'Text must not contain the NUL character (querystring.q)',
      code: 'validation-error',
    });
    const body = await app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: as('tourist'),
      payload: { conversationId: conversation, body: 'a\u0000b', clientId: 'nul-regression-1' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().code).toBe('validation-error');
  });

  it('refuses half of a surrogate pair with a 400: jsonb would refuse it with a database error', async () => {
    // What the fuzzer found: an assessment's occupation '\udfff' reached a jsonb column as a 500.
    const res = await app.inject({
      method: 'POST',
      url: '/api/guides/personality-assessment',
      headers: { ...as('guide'), 'content-type': 'application/json' },
      payload: '{"occupation":"\\udfff"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Text must not contain half of a Unicode character (body.occupation)',
      code: 'validation-error',
    });
    // A whole pair (an emoji) is fine by this guard.
    const emoji = await app.inject({
      url: `/api/admin/users?q=${encodeURIComponent('🙂')}`,
      headers: as('staff'),
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('answers a WebSocket frame with a NUL character with an error frame, not an internal error', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = await connectSocket(
      `ws://127.0.0.1:${port}/api/ws`,
      as('tourist').cookie,
      'http://localhost:3000',
    );
    try {
      socket.send({ type: 'send', conversationId: conversation, body: 'a\u0000b', clientId: 'nul-frame-1' });
      const error = await socket.next((f) => f.type === 'error');
      expect(error).toMatchObject({ code: 'bad-frame', message: 'Text must not contain the NUL character' });
    } finally {
      await socket.close();
    }
  });

  it('answers the where-and-when search parameters, hostile or odd, with a 400 JSON error or a page', async () => {
    const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    for (const query of [
      'date=0000-00-00',
      'date=2026-13-01',
      'date=99999-01-01',
      `date=${inTwoWeeks}&date=${inTwoWeeks}`,
      'party=1e3',
      'party=NaN',
      'party=-0',
      'party=3.5',
      'type=__proto__',
      'type=constructor',
      'currency=usd',
      'currency=__proto__',
      'minPrice=1e309',
      'minPrice=5&maxPrice=4',
      'city=%00',
      'language=%00',
    ]) {
      const res = await app.inject({ url: `/api/guides/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    for (const query of [
      `date=${inTwoWeeks}&party=20&type=Pub%20Crawls&language=English&minPrice=0&maxPrice=100000&currency=JPY&city=Lisbon&sort=price_desc`,
      `date=${inTwoWeeks}&city=__proto__&language=constructor&maxPrice=0&currency=EUR`,
      'minPrice=10&currency=KRW&sort=rating',
    ]) {
      const res = await app.inject({ url: `/api/guides/search?${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
  });

  it('answers hostile page parameters of the lists with a 400 JSON error, never a 500', async () => {
    const forged = (c: unknown) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [url, who] of [
      ['/api/guides/tourists', 'guide'],
      ['/api/chat/conversations', 'tourist'],
      ['/api/chat/conversations', 'guide'],
      ['/api/notifications', 'tourist'],
      ['/api/notifications', 'guide'],
      ['/api/favorites', 'tourist'],
      ['/api/bookings', 'tourist'],
      ['/api/bookings?scope=past', 'guide'],
      ['/api/admin/verifications', 'staff'],
      ['/api/admin/invites', 'staff'],
      ['/api/admin/waitlist', 'staff'],
      ['/api/admin/reports?status=resolved', 'staff'],
      ['/api/admin/users?role=guide', 'staff'],
      ['/api/admin/audit', 'staff'],
    ] as const) {
      for (const query of [
        'limit=0',
        'limit=1e9',
        'limit=NaN',
        'limit=-1',
        'cursor=%00',
        `cursor=${'a'.repeat(301)}`,
        'cursor=__proto__',
        `cursor=${forged(null)}`,
        `cursor=${forged([1, 2])}`,
        `cursor=${forged({ s: 0, at: '2026-02-30 00:00:00+00', id })}`,
        `cursor=${forged({ s: 0, at: "2026-01-01 00:00:00+00'; drop table users; --", id })}`,
        `cursor=${forged({ s: '0', at: '2026-01-01 00:00:00+00', id: `${id}'` })}`,
        ...(url === '/api/guides/tourists'
          ? [`cursor=${forged({ s: 1.5, at: '2026-01-01 00:00:00+00', id })}`]
          : []),
        ...(url === '/api/admin/invites'
          ? [
              `cursor=${forged({ at: '2026-01-01 00:00:00+00', email: 'a\u0000@b.co' })}`,
              `cursor=${forged({ at: '2026-01-01 00:00:00+00', email: '\udfff@b.co' })}`,
              `cursor=${forged({ at: '2026-01-01 00:00:00+00', email: 7 })}`,
            ]
          : []),
        ...(url === '/api/admin/reports?status=resolved'
          ? [`cursor=${forged({ s: 'open', at: '2026-01-01 00:00:00+00', id })}`]
          : []),
        ...(url === '/api/favorites'
          ? [
              `cursor=${forged({ at: '2026-01-01 00:00:00+00', type: 'admin', id })}`,
              `cursor=${forged({ at: '2026-01-01 00:00:00+00', type: 'guide', id: 'x'.repeat(101) })}`,
              `cursor=${forged({ at: '2026-01-01 00:00:00+00', type: 'guide', id: 7 })}`,
            ]
          : []),
      ]) {
        const res = await app.inject({
          url: `${url}${url.includes('?') ? '&' : '?'}${query}`,
          headers: as(who),
        });
        expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(400);
        expect(res.json(), query).toEqual({ message: expect.any(String), code: expect.any(String) });
      }
    }
  });

  it('refuses a currency multiplier from the client, however small', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/update-currency',
      headers: as('tourist'),
      payload: { currency: 'EUR', multiplier: 5e-324 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation-error');
  });

  it('answers a broken upload with a 400 or 415', async () => {
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...as('tourist'), 'content-type': 'multipart/form-data' },
      payload: Buffer.from([1, 2, 3, 4]),
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe('bad-multipart');
    // The header reads as a PNG; the pixels are cut off.
    const cut = multipartBody('photo', 'image/png', png.subarray(0, 70))!;
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...as('tourist'), 'content-type': cut.contentType! },
      payload: cut.text,
    });
    expect(truncated.statusCode).toBe(415);
    expect(truncated.json().code).toBe('unsupported-image');
  });

  it('does not mistake Object.prototype for a category or a city', async () => {
    const list = await app.inject({ url: '/api/guides/tourists?category=valueOf', headers: as('guide') });
    expect(list.statusCode).toBe(200);
    expect(list.json().tourists).toEqual([]);

    const guide = (await w.makeActor('guide', 'protoguide'))!;
    await w.must({
      method: 'POST',
      url: '/api/guides/me/profile',
      as: guide,
      payload: { city: 'constructor' },
    });
    // Its slots are computed in UTC, the fallback zone.
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: as('tourist'),
      payload: await w.bookingBody(sessions.tourist, guide),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().booking.timeZone).toBe('UTC');
  });
});

describe('API fuzzing', () => {
  it('knows the routes it treats specially', () => {
    const keys = operations.map((o) => o.key);
    for (const key of [...Object.keys(NON_JSON), ...UPLOADS]) expect(keys).toContain(key);
  });

  it(
    `answers hostile input on every route with a 4xx JSON error or a valid 2xx (${RUNS} runs per route)`,
    async () => {
      const failures: string[] = [];
      const started = Date.now();
      const seen: string[] = [];
      for (const op of operations) {
        if (ONLY && op.key !== ONLY) continue;
        const callers = await callersOf(op);
        const statuses = new Map<number, number>();
        const property = fc.asyncProperty(caseFor(op, callers), async (c) => {
          let res: Awaited<ReturnType<typeof send>>;
          try {
            res = await send(op, c);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            assertAnswer(op, res);
          } catch (err) {
            throw new Error(`${(err as Error).message}\n  request: ${describeCase(op, c)}`);
          }
          // A suspension (staff fuzzing the staff actions) is lifted again, so the fuzzers can sign in.
          if (op.key === 'POST /api/admin/users/{userId}/suspend' && res.statusCode === 200) {
            await reinstateFuzzers();
            await restore();
          }
          // Sign-out clears the cookie: the next runs need that caller signed in again.
          if (
            res.cookies.some((k) => k.name === 'lokal_session' && k.value === '') &&
            c.caller !== 'anonymous'
          ) {
            await restore(c.caller);
          }
        });
        const out = await fc.check(property, {
          numRuns: RUNS,
          ...(SEED !== undefined ? { seed: SEED } : {}),
          ...(PATH ? { path: PATH } : {}),
        });
        await restore();
        const counts = [...statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}×${v}`);
        seen.push(`${op.key.padEnd(48)} ${callers.join(',').padEnd(20)} ${counts.join(' ')}`);
        if (out.failed) {
          const error =
            out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
          failures.push(
            `${op.key}: ${error.slice(0, 1500)}\n  replay: FUZZ_ROUTE="${op.key}" FUZZ_SEED=${out.seed} FUZZ_PATH="${out.counterexamplePath}"`,
          );
        }
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      if (REPORT) process.stdout.write(`\n${seen.join('\n')}\n${seen.length} routes in ${seconds} s\n`);
      if (failures.length)
        expect.fail(`${failures.length} routes failed (${seconds} s):\n\n${failures.join('\n\n')}`);
    },
    30 * 60_000,
  );
});

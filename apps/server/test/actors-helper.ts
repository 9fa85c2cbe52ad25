import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { extractSignInLink } from './mail-helper.ts';
import { addProfilePhoto, addPublishPhotos } from './photo-helper.ts';

// Signed-in people in every state the API tells apart, and the objects they own, made through the API
// (sign-in, SMS code from the outbox, onboarding, assessment, staff verification) so the states are real.

export type App = Awaited<ReturnType<typeof buildApp>>;
export type Session = { cookie: string; id: string; email: string };

/** A multipart upload of one file in `field`, as a browser sends it. */
export function multipartFile(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----lokal${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small PDF standing in for a scanned identity document. */
export const IDENTITY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The states an account can be in, as far as authorization goes. */
export const KINDS = [
  'anonymous',
  'touristNew',
  'tourist',
  'guideNew',
  'guideNoTest',
  'guideUnverified',
  'guide',
  'staff',
] as const;
export type Kind = (typeof KINDS)[number];

export const ASSESSMENT = {
  languages: ['English', 'Spanish'],
  customLanguage: '',
  occupation: 'Painter',
  experiences: ['Pub Crawls', 'Art & Museums'],
  musicPreference: { rap: 2, techno: 5, rock: 3 },
  drinks: true,
  cannabisComfort: 1,
  politicalJokes: 4,
  animeKdrama: 'sometimes',
  lgbtqFriendly: true,
  orientation: 'straight',
  hideProfile: false,
  relationshipStatus: 'no',
  socialMedia: '@lokal.guide',
  hideSocialMedia: false,
};
/** The same answers with a language of one's own and a hidden handle (the onboarding and staff tests). */
export const ASSESSMENT_OWN_LANGUAGE = {
  ...ASSESSMENT,
  languages: ['English', 'Other'],
  customLanguage: 'Catalan',
  socialMedia: '@rui.paints',
  hideSocialMedia: true,
};
/** A traveller's complete "Travel style" quiz. */
export const TRAVEL_STYLE = {
  languages: ['English', 'Portuguese'],
  experiences: ['Pub Crawls', 'Food & Dining'],
  musicPreference: { rap: 1, techno: 5, rock: 3 },
  drinks: true,
  cannabisComfort: 2,
  politicalJokes: 4,
  animeKdrama: 'no',
  pace: 4,
};
/** One of the tour types the assessment above gives a guide. */
export const TOUR = 'Pub Crawls';
export const CITY = 'Barcelona';

const DAY = [{ start: '09:00', end: '21:00' }];
/** Every day 09:00–21:00, an hour's notice, no buffer, up to ten a day. */
export const SCHEDULE = {
  weekly: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY, sun: DAY },
  exceptions: [],
  noticeHours: 1,
  bufferMinutes: 0,
  maxPerDay: 10,
};
/** A complete experience: publishable once the guide has a schedule. */
export const OFFER = {
  title: 'Barcelona after dark',
  category: 'Pub Crawls',
  summary: 'Four bars locals love, one story each.',
  description: 'We meet at dusk.\n\nWe end where the night takes us.',
  durationMinutes: 180,
  priceMode: 'person',
  price: 90,
  currency: 'EUR',
  minGroup: 1,
  maxGroup: 8,
  languages: ['English', 'Spanish'],
  meetingPoint: { address: 'Plaça Reial fountain', lat: 41.3802, lng: 2.1753 },
  included: ['One drink per bar'],
  notIncluded: ['Dinner'],
  cancellationPolicy: 'moderate',
  bookingMode: 'request',
};

type Call = {
  method?: string;
  url: string;
  as?: Session | null;
  payload?: unknown;
  headers?: Record<string, string>;
};

export function createWorld(app: App, config: Config, database: Database) {
  const tag = `${process.pid}${Date.now().toString(36)}`;
  let n = 0;
  // Unique per world: a verified phone belongs to one account only.
  let phoneSeq = 2_000_000 + Math.floor(Math.random() * 5_000_000);
  const staffEmail = config.adminEmails[0]!;
  const outbox = path.join(config.dataDir, 'outbox');

  const email = (prefix: string) => `${prefix}.${tag}.${n++}@authz.test`;

  function call({ method = 'GET', url, as, payload, headers = {} }: Call) {
    return app.inject({
      method: method as 'GET',
      url,
      headers: { ...(as ? { cookie: as.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** A call that must succeed: setup failures name the call and show the answer. */
  async function must(c: Call & { status?: number }) {
    // Mail written before (by calls that did not wait) leaves first, so the newest file in the folder is this
    // call's: the worker sends in no particular order.
    await app.outbox.drain();
    const res = await call(c);
    const want = c.status ?? 200;
    if (res.statusCode !== want) {
      throw new Error(`${c.method ?? 'GET'} ${c.url} answered ${res.statusCode}, not ${want}: ${res.body}`);
    }
    // Mail the call wrote leaves through the outbox's worker; the set-up reads it from the folder (decision 085).
    await app.outbox.drain();
    return res.json();
  }

  const cookieOf = (res: Awaited<ReturnType<typeof call>>) =>
    `lokal_session=${res.cookies.find((c) => c.name === 'lokal_session')!.value}`;

  async function mockSignIn(address: string, userType: 'tourist' | 'guide'): Promise<Session> {
    const res = await call({
      method: 'POST',
      url: '/api/dev/mock-sign-in',
      payload: { email: address, userType },
      headers: { host: 'localhost' },
    });
    if (res.statusCode !== 200) throw new Error(`mock sign-in ${address}: ${res.statusCode} ${res.body}`);
    return { cookie: cookieOf(res), id: res.json().user.id, email: address };
  }

  /** The newest mail to this address in the outbox (one file per mail, named by time and address). */
  function lastMailTo(address: string): string {
    const name = address.replace(/[^a-z0-9@._-]/gi, '_');
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith(`-${name}.eml`)) : [];
    const last = files.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)).at(-1);
    if (!last) throw new Error(`no mail to ${address} in the outbox`);
    return readFileSync(path.join(outbox, last), 'utf8');
  }

  /** The token and address of the last sign-in link mailed to this address. */
  function lastLinkTo(address: string) {
    const link = new URL(extractSignInLink(lastMailTo(address)));
    return { token: link.searchParams.get('token')!, email: link.searchParams.get('email') ?? address };
  }

  /** A magic-link token for the staff address, asked for through the API. */
  async function staffToken() {
    await must({ method: 'POST', url: '/api/auth/staff/request-link', payload: { email: staffEmail } });
    return { token: lastLinkTo(staffEmail).token, email: staffEmail };
  }

  /** A new staff session, through the magic link like a staff member would. */
  async function staffSession(): Promise<Session> {
    const body = await staffToken();
    const res = await call({ method: 'POST', url: '/api/auth/staff/verify', payload: body });
    if (res.statusCode !== 200) throw new Error(`staff verify: ${res.statusCode} ${res.body}`);
    return { cookie: cookieOf(res), id: res.json().user.id, email: staffEmail };
  }

  /** The 6-digit code of the last SMS to this phone, from the outbox's sms.log. */
  function lastSmsCode(phone: string): string {
    const lines = readFileSync(path.join(outbox, 'sms.log'), 'utf8').trim().split('\n');
    const line = lines.reverse().find((l) => l.split(' ')[1] === phone);
    const code = line?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  }

  const freshPhone = () => `+1415${phoneSeq++}`;

  /** Sends a code to a fresh phone and returns what verify-code needs (without verifying). */
  async function phoneCode(who: Session) {
    const phone = freshPhone();
    await must({ method: 'POST', url: '/api/phone/send-code', as: who, payload: { phone } });
    return { phone, code: lastSmsCode(phone) };
  }

  /** Links a fresh, SMS-verified phone to the account. */
  async function verifiedPhone(who: Session): Promise<string> {
    const body = await phoneCode(who);
    await must({ method: 'POST', url: '/api/phone/verify-code', as: who, payload: body });
    return body.phone;
  }

  /** The guide uploads an identity document (docs/product.md#verification). */
  async function uploadDocument(who: Session) {
    return must({
      method: 'POST',
      url: '/api/guides/me/identity-document',
      as: who,
      ...multipartFile('document', 'passport.pdf', 'application/pdf', IDENTITY_PDF),
    });
  }

  let staff: Session | null = null;
  const staffNow = async () => {
    staff ??= await staffSession();
    return staff;
  };

  /** A new account in the given state (a new staff session for 'staff'; null for 'anonymous'). */
  async function makeActor(kind: Kind, name: string = kind): Promise<Session | null> {
    if (kind === 'anonymous') return null;
    if (kind === 'staff') return staffSession();
    const role = kind.startsWith('tourist') ? 'tourist' : 'guide';
    const who = await mockSignIn(email(name.toLowerCase()), role);
    if (kind === 'touristNew' || kind === 'guideNew') return who;
    const phone = await verifiedPhone(who);
    const names = { firstName: name.slice(0, 1).toUpperCase() + name.slice(1), lastName: 'Lokal', phone };
    if (role === 'tourist') {
      await must({
        method: 'POST',
        url: '/api/tourists/onboarding',
        as: who,
        payload: { ...names, phoneVerified: true, occupation: 'Writer' },
      });
      return who;
    }
    await must({
      method: 'POST',
      url: '/api/guides/onboarding',
      as: who,
      // Guides name their city at onboarding: one with a known time zone, so bookings can be asked for.
      payload: { ...names, city: CITY, phoneVerified: true, gender: 'female' },
    });
    if (kind === 'guideNoTest') return who;
    await must({ method: 'POST', url: '/api/guides/personality-assessment', as: who, payload: ASSESSMENT });
    await must({ method: 'POST', url: '/api/guides/me/profile', as: who, payload: { country: 'Spain' } });
    if (kind === 'guideUnverified') return who;
    // Staff verify only with evidence: a verified phone (above) and an identity document.
    await uploadDocument(who);
    await must({
      method: 'POST',
      url: `/api/admin/verifications/${who.id}/verify`,
      as: await staffNow(),
    });
    return who;
  }

  let day = 2;
  /** A date far enough ahead, never the same twice, so no two bookings of a guide overlap. */
  const nextDate = () => new Date(Date.now() + day++ * 86_400_000).toISOString().slice(0, 10);

  /** A new draft experience of the guide's (earlier drafts are removed: a guide may hold 30 experiences). */
  async function draftOf(guide: Session): Promise<string> {
    await database.db.execute(
      sql`delete from experiences where guide_id = ${guide.id} and status <> 'published'`,
    );
    return (await must({ method: 'POST', url: '/api/experiences', as: guide, payload: OFFER, status: 201 }))
      .experience.id;
  }

  const offers = new Map<string, string>();
  /** The guide's published experience (made once, with the schedule and the profile photo it needs). */
  async function offerOf(guide: Session): Promise<string> {
    const known = offers.get(guide.id);
    if (known) return known;
    await must({ method: 'PATCH', url: '/api/availability', as: guide, payload: SCHEDULE });
    await addProfilePhoto(app, guide.cookie);
    const id = await draftOf(guide);
    await addPublishPhotos(app, guide.cookie, id);
    await must({
      method: 'POST',
      url: `/api/experiences/${id}/status`,
      as: guide,
      payload: { status: 'published' },
    });
    offers.set(guide.id, id);
    return id;
  }

  /**
   * A booking request body for a new day's 18:00 slot of the guide's experience. The tourist's earlier open
   * requests are closed first: setups make more than the three open requests a tourist may hold.
   */
  async function bookingBody(tourist: Session | null, guide: Session) {
    if (tourist) {
      await database.db.execute(
        sql`update bookings set status = 'cancelled', cancel_reason = 'test setup' where tourist_id = ${tourist.id} and status = 'requested'`,
      );
    }
    const experienceId = await offerOf(guide);
    const date = nextDate();
    const { slots } = await must({ url: `/api/experiences/${experienceId}/slots?from=${date}&to=${date}` });
    const slot = slots.find((x: { time: string }) => x.time === '18:00');
    if (!slot) throw new Error(`no 18:00 slot on ${date}: ${JSON.stringify(slots.slice(0, 3))}`);
    return { experienceId, start: slot.start as string, partySize: 2 };
  }

  async function requestBooking(tourist: Session, guide: Session): Promise<string> {
    const body = await must({
      method: 'POST',
      url: '/api/bookings',
      as: tourist,
      payload: await bookingBody(tourist, guide),
      status: 201,
    });
    return body.booking.id;
  }

  let pastSlot = 1;
  /** A booking that took place: requested, accepted, moved into the past, completed by the sweep. */
  async function completedBooking(tourist: Session, guide: Session): Promise<string> {
    const id = await requestBooking(tourist, guide);
    await must({ method: 'POST', url: `/api/bookings/${id}/accept`, as: guide });
    // Time cannot be waited for; each booking gets its own past window (a guide's bookings never overlap).
    const end = new Date(Date.now() - pastSlot++ * 4 * 3_600_000);
    const start = new Date(end.getTime() - 3 * 3_600_000);
    await database.db.execute(
      sql`update bookings set start_at = ${start.toISOString()}, end_at = ${end.toISOString()} where id = ${id}`,
    );
    // The booking-sweep job's turn completes it (reads never sweep: decision 040).
    await app.jobs.run('booking-sweep');
    const list = await must({ url: '/api/bookings?scope=past', as: tourist });
    const b = list.bookings.find((x: { id: string }) => x.id === id);
    if (b?.status !== 'completed') throw new Error(`booking ${id} did not complete: ${JSON.stringify(b)}`);
    return id;
  }

  async function conversation(tourist: Session, guide: Session): Promise<string> {
    return (
      await must({
        method: 'POST',
        url: '/api/chat/conversations',
        as: tourist,
        payload: { guideId: guide.id },
      })
    ).id;
  }

  let clientSeq = 0;
  const clientId = () => `client-${tag}-${clientSeq++}`;

  return {
    call,
    must,
    email,
    staffEmail,
    staffNow,
    staffSession,
    staffToken,
    lastLinkTo,
    mockSignIn,
    makeActor,
    uploadDocument,
    phoneCode,
    verifiedPhone,
    freshPhone,
    nextDate,
    requestBooking,
    completedBooking,
    bookingBody,
    offerOf,
    draftOf,
    conversation,
    clientId,
  };
}

export type World = ReturnType<typeof createWorld>;

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_MESSAGES, OPERATOR_ACTOR } from '@lokal/shared/constants/admin';
import { queueGuideSchema, queueResponseSchema } from '@lokal/shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { runCli } from '../src/cli.ts';
import { openDatabase } from '../src/db/client.ts';
import { ASSESSMENT_OWN_LANGUAGE, IDENTITY_PDF, multipartFile } from './actors-helper.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { decodeQuotedPrintable, extractSignInLink, outboxMails } from './mail-helper.ts';
import { startSmsReceiver } from './sms-helper.ts';

// The staff console's API and the operator CLI, on the engine the suite runs on.
const STAFF = 'boss@lokal.test';
const CONFIG_INVITE = 'configured@lokal.test';
const ROOT = path.resolve(import.meta.dirname, '../../..');

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let config: ReturnType<typeof testConfig>;
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let n = 0;
let phoneSeq = 3_000_000 + Math.floor(Math.random() * 1_000_000);
const fresh = (prefix: string) => `${prefix}.${Date.now()}.${n++}@example.com`;

type Session = { cookie: string; id: string; email: string };
let staff: Session;
let tourist: Session;
let guide: Session;

const ANSWERS = ASSESSMENT_OWN_LANGUAGE;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A request, then what the outbox can send sent (decision 085): the tests read the mail folder. */
async function inject(method: string, url: string, cookie?: string, payload?: object) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
  await app.outbox.drain();
  return res;
}

const signIn = (email: string, userType: 'tourist' | 'guide'): Promise<Session> =>
  mockSignIn(app, email, userType);

const rawMailsTo = (email: string) => outboxMails(config.dataDir).filter((m) => m.includes(`To: ${email}`));
/** Decoded, for reading the text; links are read from the raw mail (decoding twice would corrupt a token). */
const mailsTo = (email: string) => rawMailsTo(email).map(decodeQuotedPrintable);
const lastLink = (email: string) => new URL(extractSignInLink(rawMailsTo(email).at(-1)!));

async function staffSignIn(email = STAFF): Promise<Session> {
  const asked = await inject('POST', '/api/auth/staff/request-link', undefined, { email });
  expect(asked.statusCode, asked.body).toBe(200);
  const link = lastLink(email);
  expect(link.pathname).toBe('/admin/auth-redirect');
  const res = await inject('POST', '/api/auth/staff/verify', undefined, {
    token: link.searchParams.get('token'),
    email,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user.role).toBe('staff');
  const cookie = res.cookies.find((c) => c.name === 'lokal_session')!;
  return { cookie: `lokal_session=${cookie.value}`, id: res.json().user.id, email };
}

/** A guide through the real API: phone by SMS, onboarding, assessment. */
async function waitingGuide(first: string, last: string): Promise<Session> {
  const g = await signIn(fresh(first.toLowerCase()), 'guide');
  const phone = `+1415${phoneSeq++}`;
  expect((await inject('POST', '/api/phone/send-code', g.cookie, { phone })).statusCode).toBe(200);
  const code = sms.lastCode(phone);
  expect((await inject('POST', '/api/phone/verify-code', g.cookie, { phone, code })).statusCode).toBe(200);
  const onboarded = await inject('POST', '/api/guides/onboarding', g.cookie, {
    firstName: first,
    lastName: last,
    phone,
    phoneVerified: true,
    gender: 'female',
    city: 'Lisbon',
  });
  expect(onboarded.statusCode, onboarded.body).toBe(200);
  const assessed = await inject('POST', '/api/guides/personality-assessment', g.cookie, ANSWERS);
  expect(assessed.statusCode, assessed.body).toBe(200);
  // The evidence staff need to verify: the phone above and an identity document.
  const upload = multipartFile('document', 'id.pdf', 'application/pdf', IDENTITY_PDF);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/guides/me/identity-document',
    headers: { cookie: g.cookie, ...upload.headers },
    payload: upload.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return g;
}

async function queueIds(): Promise<string[]> {
  const res = await inject('GET', '/api/admin/verifications', staff.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().guides.map((g: { id: string }) => g.id);
}

async function auditRows(action: string, targetId: string) {
  return rows<{ actor_id: string | null; actor_email: string; details: Record<string, unknown> }>(
    sql`select actor_id, actor_email, details from audit_log where action = ${action} and target_id = ${targetId}`,
  );
}

beforeAll(async () => {
  sms = await startSmsReceiver();
  database = await openTestDatabase();
  config = {
    ...testConfig(),
    // The operator CLI below shares this embedded database in-process, which a real server forbids (one
    // process per embedded database): no session is kept, so its sign-outs show at once.
    sessionCacheMs: 0,
    smsWebhookUrl: sms.url,
    rateLimitScale: 100,
    adminEmails: [STAFF],
    invites: [CONFIG_INVITE],
  };
  app = await buildApp(config, { database });
  await app.ready();
  staff = await staffSignIn();
  tourist = await signIn(fresh('tourist'), 'tourist');
  guide = await waitingGuide('Gaia', 'Rossi');
});
afterAll(async () => {
  await app.close();
  await database.close();
  await sms.close();
});

describe('who may use the staff API', () => {
  it('answers 401 to anonymous visitors and 403 to tourists and guides on every admin route, changing nothing', async () => {
    const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([p]) => p.startsWith('/api/admin/'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })));
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const queued = (await inject('GET', '/api/admin/summary', staff.cookie)).json().waitlist;
    const audited = (await rows(sql`select 1 from audit_log`)).length;
    for (const { method, path: p } of routes) {
      // Real targets: a refusal must not depend on the object being unknown.
      const url = p
        .replace('{guideId}', guide.id)
        .replace('{email}', encodeURIComponent(CONFIG_INVITE))
        .replace('{id}', '00000000-0000-4000-8000-000000000000');
      const body = method === 'GET' ? undefined : { reason: 'x', resolution: 'x', email: 'a@b.co' };
      const anonymous = await inject(method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${p}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'User not authenticated', code: 'unauthenticated' });
      for (const who of [tourist, guide]) {
        const res = await inject(method, url, who.cookie, body);
        expect(res.statusCode, `${method} ${p}`).toBe(403);
        expect(res.json()).toEqual({ message: ADMIN_MESSAGES.staffOnly, code: 'forbidden' });
      }
    }
    // Nothing happened: the guide still waits, the invite is still there, nobody was invited.
    expect(await queueIds()).toContain(guide.id);
    const invites = (await inject('GET', `/api/admin/invites?q=${CONFIG_INVITE}`, staff.cookie)).json();
    expect(invites.invites.map((i: { email: string }) => i.email)).toEqual([CONFIG_INVITE]);
    expect((await inject('GET', '/api/admin/summary', staff.cookie)).json().waitlist).toBe(queued);
    expect((await rows(sql`select 1 from audit_log`)).length).toBe(audited);
  });

  it('answers bad input with 400 and the one error shape, never 500', async () => {
    const cases: [string, string, object?][] = [
      ['GET', '/api/admin/verifications?limit=0'],
      ['GET', '/api/admin/verifications?limit=abc'],
      ['GET', '/api/admin/verifications?cursor=abc'],
      ['GET', '/api/admin/audit?limit=101'],
      ['GET', '/api/admin/users?role=admin'],
      ['GET', '/api/admin/reports?status=closed'],
      ['POST', '/api/admin/verifications/not-a-uuid/verify'],
      ['POST', '/api/admin/verifications/not-a-uuid/reject', { reason: 'x' }],
      ['POST', '/api/admin/invites', { email: 'not an email' }],
      ['POST', '/api/admin/invites', {}],
      ['DELETE', '/api/admin/invites/nope'],
      ['POST', '/api/admin/waitlist/123/invite'],
      ['POST', '/api/admin/reports/123/resolve', { resolution: 'ok' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await inject(method, url, staff.cookie, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
    }
    const unknownGuide = await inject(
      'POST',
      '/api/admin/verifications/00000000-0000-4000-8000-000000000000/verify',
      staff.cookie,
    );
    expect(unknownGuide.statusCode).toBe(404);
    expect(unknownGuide.json()).toEqual({ message: ADMIN_MESSAGES.guideNotFound, code: 'guide-not-found' });
    // A tourist's id is not a guide.
    const notGuide = await inject('POST', `/api/admin/verifications/${tourist.id}/verify`, staff.cookie);
    expect(notGuide.statusCode).toBe(404);
  });
});

describe('staff sign-in by magic link', () => {
  it('e-mails staff a link to /admin/auth-redirect that starts a staff session', async () => {
    const me = await inject('GET', '/api/auth/session', staff.cookie);
    expect(me.json().user).toMatchObject({ email: STAFF, role: 'staff' });
    expect((await inject('GET', '/api/admin/summary', staff.cookie)).statusCode).toBe(200);
    expect(mailsTo(STAFF).at(-1)).toContain('as staff');
  });

  it('sends no link to anyone else, invited or not, with the non-invited answer', async () => {
    for (const email of [fresh('stranger'), CONFIG_INVITE, tourist.email]) {
      const before = outboxMails(config.dataDir).length;
      const res = await inject('POST', '/api/auth/staff/request-link', undefined, { email });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Beta Access Only', code: 'not-invited' });
      expect(outboxMails(config.dataDir).length).toBe(before);
    }
  });

  it('never lets a staff link make a tourist or a guide, nor the other way round', async () => {
    const asked = await inject('POST', '/api/auth/staff/request-link', undefined, { email: STAFF });
    expect(asked.statusCode).toBe(200);
    const token = lastLink(STAFF).searchParams.get('token');
    for (const userType of [undefined, 'tourist', 'guide']) {
      const res = await inject('POST', '/api/auth/verify', undefined, { token, email: STAFF, userType });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid-link');
    }
    // Refused above, so still unused: it works where it belongs.
    const ok = await inject('POST', '/api/auth/staff/verify', undefined, { token, email: STAFF });
    expect(ok.statusCode).toBe(200);

    // A tourist's link does nothing at the staff door.
    const email = fresh('invitee');
    await database.db.execute(sql`insert into invites (email) values (${email})`);
    await inject('POST', '/api/auth/request-link', undefined, { email, userType: 'tourist' });
    const touristToken = lastLink(email).searchParams.get('token');
    const refused = await inject('POST', '/api/auth/staff/verify', undefined, { token: touristToken, email });
    expect(refused.statusCode).toBe(400);
    expect((await rows(sql`select 1 from users where email = ${email}`)).length).toBe(0);

    // Staff addresses get no tourist or guide link, though ADMIN_EMAILS are on the invite list.
    const asTourist = await inject('POST', '/api/auth/request-link', undefined, {
      email: STAFF,
      userType: 'tourist',
    });
    expect(asTourist.statusCode).toBe(409);
    expect(asTourist.json()).toEqual({ message: ADMIN_MESSAGES.staffAccount, code: 'role-mismatch' });
  });
});

describe('verification queue', () => {
  it('lists waiting guides oldest first with profile, answers, verified phone and waiting time', async () => {
    const later = await waitingGuide('Luca', 'Bianchi');
    const notYet = await signIn(fresh('half'), 'guide');
    const ids = await queueIds();
    expect(ids.indexOf(guide.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(guide.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids).not.toContain(notYet.id);
    const res = (await inject('GET', '/api/admin/verifications', staff.cookie)).json();
    const gaia = res.guides.find((g: { id: string }) => g.id === guide.id);
    expect(gaia).toMatchObject({
      email: guide.email,
      name: 'Gaia Rossi',
      languages: ['English', 'Catalan'],
      specialties: ['Nightlife', 'Art & Culture'],
      profession: 'Painter',
      gender: 'female',
      socialMedia: '@rui.paints',
      assessment: ANSWERS,
    });
    expect(gaia.phone).toMatch(/^\+1415\d{7}$/);
    expect(Date.parse(gaia.phoneVerifiedAt)).not.toBeNaN();
    expect(Date.now() - Date.parse(gaia.requestedAt)).toBeLessThan(5 * 60_000);
    expect(gaia.tourTypes).toHaveLength(2);
    expect(res.nextCursor).toBeNull();
    expect(res.guides.length).toBeGreaterThanOrEqual(2);
    const summary = (await inject('GET', '/api/admin/summary', staff.cookie)).json();
    expect(summary.pendingVerifications).toBe(res.guides.length);
  });

  it("shows a guide's answers as last saved, and none when the stored answers no longer fit the questions", async () => {
    const g = await waitingGuide('Nora', 'Conti');
    const assessmentOf = async (id: string) =>
      (await inject('GET', '/api/admin/verifications', staff.cookie))
        .json()
        .guides.find((q: { id: string }) => q.id === id).assessment;
    expect(await assessmentOf(g.id)).toEqual(ANSWERS);
    const saved = await inject('POST', '/api/guides/personality-assessment', g.cookie, {
      ...ANSWERS,
      occupation: '  Sculptor  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await assessmentOf(g.id)).toEqual({ ...ANSWERS, occupation: 'Sculptor' });
    // Answers saved under an older version of the questions (an answer since removed).
    await database.db.execute(
      sql`update guide_assessments set answers = jsonb_set(answers, '{animeKdrama}', '"retired-answer"'),
          updated_at = now() + interval '1 second' where user_id = ${g.id}`,
    );
    expect(await assessmentOf(g.id)).toBeNull();
  });

  it('writes the queue as its schema does: every key, in order, none other, with and without answers or a document', async () => {
    const odd = await waitingGuide('Zoe', 'Quill');
    const bare = await waitingGuide('Ines', 'Bare');
    const bio = 'Says "hi" \\ back-slash\nnew line\ttab 🎨 \u0001 \u2028 end';
    await database.db.execute(
      sql`update guide_profiles set bio = ${bio}, gender = 'other', custom_gender = 'Non-binary',
          verification_requested_at = '2026-01-02 03:04:05.678912+00' where user_id = ${odd.id}`,
    );
    await database.db.execute(
      sql`update identity_documents set decided_at = '2026-03-29 01:30:00.123456+00' where user_id = ${odd.id}`,
    );
    await database.db.execute(sql`delete from identity_documents where user_id = ${bare.id}`);
    await database.db.execute(
      sql`update guide_assessments set answers = jsonb_set(answers, '{drinks}', '"maybe"'),
          updated_at = now() + interval '1 second' where user_id = ${bare.id}`,
    );
    const res = await inject('GET', '/api/admin/verifications?limit=50', staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(res.body);
    // The schema's parse drops a key it does not know and fails on a wrong type: the same answer back.
    expect(queueResponseSchema.parse(body)).toEqual(body);
    const keys = Object.keys(queueGuideSchema.shape);
    for (const g of body.guides) expect(Object.keys(g)).toEqual(keys);
    const byId = (id: string) => body.guides.find((g: { id: string }) => g.id === id);
    expect(byId(odd.id)).toMatchObject({
      bio,
      name: 'Zoe Quill',
      gender: 'Non-binary',
      requestedAt: '2026-01-02T03:04:05.678Z',
      document: { mimeType: 'application/pdf', deleteAfter: '2026-04-28T01:30:00.123Z' },
    });
    expect(byId(odd.id).document.size).toBeGreaterThan(0);
    expect(byId(odd.id).assessment).toEqual(ANSWERS);
    expect(Object.keys(byId(odd.id).document)).toEqual(['mimeType', 'size', 'uploadedAt', 'deleteAfter']);
    expect(byId(bare.id)).toMatchObject({ assessment: null, document: null });
    expect(byId(bare.id).missing).toHaveLength(1);
  });

  it('verifies a guide: their status call changes, they get an e-mail, a notification, and the audit a row', async () => {
    const g = await waitingGuide('Vera', 'Neri');
    const before = await inject('GET', '/api/guides/verification', g.cookie);
    expect(before.json()).toEqual({ verified: false, status: 'pending', rejectionReason: null });

    const res = await inject('POST', `/api/admin/verifications/${g.id}/verify`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: g.id, status: 'verified', emailSent: true });

    const after = await inject('GET', '/api/guides/verification', g.cookie);
    expect(after.json()).toEqual({ verified: true, status: 'verified', rejectionReason: null });
    const mail = mailsTo(g.email).at(-1)!;
    expect(mail).toContain("Subject: You're verified on Lokal");
    expect(mail).toContain('http://localhost:3000/guide/home');
    const notes = await rows<{ kind: string; title: string; link: string }>(
      sql`select kind, title, link from notifications where user_id = ${g.id}`,
    );
    expect(notes).toEqual([
      { kind: 'verification', title: ADMIN_MESSAGES.verifiedTitle, link: '/guide/home' },
    ]);
    const [profile] = await rows<{ verified_by: string; verified_at: string | null }>(
      sql`select verified_by, verified_at from guide_profiles where user_id = ${g.id}`,
    );
    expect(profile).toMatchObject({ verified_by: staff.id });
    expect(profile!.verified_at).not.toBeNull();
    expect(await auditRows('guide.verify', g.id)).toEqual([
      { actor_id: staff.id, actor_email: STAFF, details: { guideEmail: g.email } },
    ]);
    expect(await queueIds()).not.toContain(g.id);

    const again = await inject('POST', `/api/admin/verifications/${g.id}/verify`, staff.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN_MESSAGES.alreadyVerified, code: 'already-verified' });
    expect(await auditRows('guide.verify', g.id)).toHaveLength(1);
  });

  it('rejects only with a reason of 1–500 characters, which the guide sees; resubmitting queues them again', async () => {
    const g = await waitingGuide('Rita', 'Galli');
    const url = `/api/admin/verifications/${g.id}/reject`;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const res = await inject('POST', url, staff.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-error' });
      expect(res.json().message).toContain(ADMIN_MESSAGES.reasonRequired);
    }
    const reason = 'Your photo does not show your face. <b>Please</b> upload a clear portrait.';
    const res = await inject('POST', url, staff.cookie, { reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: g.id, status: 'rejected', emailSent: true });

    const seen = (await inject('GET', '/api/guides/verification', g.cookie)).json();
    expect(seen).toEqual({ verified: false, status: 'rejected', rejectionReason: reason });
    const mail = mailsTo(g.email).at(-1)!;
    expect(mail).toContain('Subject: About your Lokal guide profile');
    expect(mail).toContain(`Reason: ${reason}`);
    // Staff wrote it; the HTML part shows it as text.
    expect(mail).toContain('&lt;b&gt;Please&lt;/b&gt;');
    const [note] = await rows<{ kind: string; body: string }>(
      sql`select kind, body from notifications where user_id = ${g.id}`,
    );
    expect(note).toMatchObject({ kind: 'verification' });
    expect(note!.body).toContain(reason.replace(/\.$/, ''));
    expect(await auditRows('guide.reject', g.id)).toEqual([
      { actor_id: staff.id, actor_email: STAFF, details: { guideEmail: g.email, reason } },
    ]);
    expect(await queueIds()).not.toContain(g.id);
    const twice = await inject('POST', url, staff.cookie, { reason: 'again' });
    expect(twice.json()).toEqual({ message: ADMIN_MESSAGES.notPending, code: 'not-pending' });

    // The guide changes the answers and submits again: back in the queue, the reason gone.
    const resubmitted = await inject('POST', '/api/guides/personality-assessment', g.cookie, {
      ...ANSWERS,
      occupation: 'Photographer',
    });
    expect(resubmitted.statusCode).toBe(200);
    expect((await inject('GET', '/api/guides/verification', g.cookie)).json()).toEqual({
      verified: false,
      status: 'pending',
      rejectionReason: null,
    });
    expect(await queueIds()).toContain(g.id);
  });

  it('lets exactly one of two staff members decide a guide', async () => {
    const g = await waitingGuide('Ida', 'Ferri');
    const other = await staffSignIn();
    const [a, b] = await Promise.all([
      inject('POST', `/api/admin/verifications/${g.id}/verify`, staff.cookie),
      inject('POST', `/api/admin/verifications/${g.id}/reject`, other.cookie, { reason: 'No' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const decided = [...(await auditRows('guide.verify', g.id)), ...(await auditRows('guide.reject', g.id))];
    expect(decided).toHaveLength(1);
    expect((await rows(sql`select 1 from notifications where user_id = ${g.id}`)).length).toBe(1);
  });
});

describe('invites', () => {
  it('adds a lower-cased address once, lists it with its source, and removes it; each with an audit row', async () => {
    const email = fresh('friend');
    const added = await inject('POST', '/api/admin/invites', staff.cookie, {
      email: ` ${email.toUpperCase()} `,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ email, source: 'staff', accountRole: null });
    const dup = await inject('POST', '/api/admin/invites', staff.cookie, { email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: ADMIN_MESSAGES.alreadyInvited(email), code: 'already-invited' });

    const list = (
      await inject('GET', `/api/admin/invites?q=${email.slice(0, 12).toUpperCase()}`, staff.cookie)
    ).json();
    expect(list.invites.map((i: { email: string }) => i.email)).toContain(email);
    // The invite opens the door: a link is sent now.
    expect(
      (await inject('POST', '/api/auth/request-link', undefined, { email, userType: 'tourist' })).statusCode,
    ).toBe(200);

    const removed = await inject('DELETE', `/api/admin/invites/${encodeURIComponent(email)}`, staff.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await inject('DELETE', `/api/admin/invites/${encodeURIComponent(email)}`, staff.cookie);
    expect(gone.statusCode).toBe(404);
    expect(
      (await inject('POST', '/api/auth/request-link', undefined, { email, userType: 'tourist' })).json().code,
    ).toBe('not-invited');
    expect(await auditRows('invite.add', email)).toEqual([
      { actor_id: staff.id, actor_email: STAFF, details: { source: 'staff' } },
    ]);
    expect(await auditRows('invite.remove', email)).toEqual([
      { actor_id: staff.id, actor_email: STAFF, details: { source: 'staff' } },
    ]);
  });

  it('keeps addresses from INVITES and ADMIN_EMAILS, which would come back at the next start', async () => {
    for (const email of [CONFIG_INVITE, STAFF]) {
      const res = await inject('DELETE', `/api/admin/invites/${encodeURIComponent(email)}`, staff.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ADMIN_MESSAGES.configInvite, code: 'config-invite' });
    }
  });
});

describe('waitlist', () => {
  it('lists each address once and Invite adds it to the invites and e-mails an invitation', async () => {
    const email = fresh('hopeful');
    const other = fresh('maybe');
    for (const [e, userType] of [
      [email, 'tourist'],
      [email, 'guide'],
      [other, 'tourist'],
    ]) {
      const res = await inject('POST', '/api/auth/beta-request', undefined, { email: e, userType });
      expect(res.statusCode).toBe(201);
    }
    const list = (await inject('GET', '/api/admin/waitlist', staff.cookie)).json();
    const entry = list.entries.find((e: { email: string }) => e.email === email);
    expect(entry).toMatchObject({ email, role: 'guide', requests: 2 });
    expect(list.entries.filter((e: { email: string }) => e.email === email)).toHaveLength(1);
    expect(list.nextCursor).toBeNull();
    expect((await inject('GET', '/api/admin/summary', staff.cookie)).json().waitlist).toBe(
      list.entries.length,
    );

    const res = await inject('POST', `/api/admin/waitlist/${entry.id}/invite`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email, role: 'guide' });
    const mail = mailsTo(email).at(-1)!;
    expect(mail).toContain("Subject: You're invited to Lokal");
    expect(mail).toContain('http://localhost:3000/guide/signup');
    const invites = (await inject('GET', `/api/admin/invites?q=${email}`, staff.cookie)).json();
    expect(invites.invites).toMatchObject([{ email, source: 'waitlist' }]);
    const after = (await inject('GET', '/api/admin/waitlist', staff.cookie)).json();
    expect(after.entries.map((e: { email: string }) => e.email)).not.toContain(email);
    expect(after.entries).toHaveLength(list.entries.length - 1);
    expect(
      (await inject('POST', '/api/auth/request-link', undefined, { email, userType: 'guide' })).statusCode,
    ).toBe(200);
    expect(await auditRows('waitlist.invite', email)).toEqual([
      { actor_id: staff.id, actor_email: STAFF, details: { role: 'guide', requestId: entry.id } },
    ]);
    const handled = await inject('POST', `/api/admin/waitlist/${entry.id}/invite`, staff.cookie);
    expect(handled.statusCode).toBe(404);

    const dismissId = after.entries.find((e: { email: string }) => e.email === other).id;
    expect((await inject('POST', `/api/admin/waitlist/${dismissId}/dismiss`, staff.cookie)).statusCode).toBe(
      200,
    );
    const final = (await inject('GET', '/api/admin/waitlist', staff.cookie)).json();
    expect(final.entries.map((e: { email: string }) => e.email)).not.toContain(other);
    expect(mailsTo(other)).toEqual([]);
    expect(await auditRows('waitlist.dismiss', other)).toHaveLength(1);
  });

  it('invites at once and keeps the invitation in the outbox while the mail server fails', async () => {
    const failing = await buildApp(config, {
      database,
      mailer: {
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    });
    try {
      const email = fresh('unlucky');
      await inject('POST', '/api/auth/beta-request', undefined, { email, userType: 'tourist' });
      const entry = (await inject('GET', '/api/admin/waitlist', staff.cookie))
        .json()
        .entries.find((e: { email: string }) => e.email === email);
      const res = await failing.inject({
        method: 'POST',
        url: `/api/admin/waitlist/${entry.id}/invite`,
        headers: { cookie: staff.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect((await rows(sql`select 1 from invites where email = ${email}`)).length).toBe(1);
      await failing.outbox.drain();
      const outbox = await failing.inject({ url: '/api/admin/outbox', headers: { cookie: staff.cookie } });
      expect(outbox.statusCode).toBe(200);
      const item = outbox
        .json()
        .items.find((i: { recipient: string; kind: string }) => i.kind === 'invitation');
      expect(item).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down' });
      expect(item.recipient).toBe(`${email[0]}•••@${email.split('@')[1]}`);
      expect(item.nextAttemptAt).not.toBeNull();
    } finally {
      await failing.close();
    }
  });
});

describe('reports', () => {
  it('lists open reports with both people and the conversation, and resolves them with a note', async () => {
    const t = await signIn(fresh('reporter'), 'tourist');
    const opened = await inject('POST', '/api/chat/conversations', t.cookie, { guideId: guide.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversationId = opened.json().id;
    for (const [who, body] of [
      [t, 'Hello, is Saturday free?'],
      [guide, 'Pay me outside Lokal please'],
    ] as const) {
      const sent = await inject('POST', '/api/chat/send', who.cookie, {
        conversationId,
        body,
        clientId: `client-${Date.now()}-${n++}`,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const reported = await inject('POST', `/api/chat/conversations/${conversationId}/report`, t.cookie, {
      reason: 'scam',
      details: 'Asked for cash',
    });
    expect(reported.statusCode, reported.body).toBe(201);

    const list = (await inject('GET', '/api/admin/reports', staff.cookie)).json();
    const report = list.reports.find((r: { conversationId: string }) => r.conversationId === conversationId);
    expect(report).toMatchObject({
      reason: 'scam',
      details: 'Asked for cash',
      reporter: { id: t.id, email: t.email, role: 'tourist' },
      reported: { id: guide.id, email: guide.email, name: 'Gaia Rossi', role: 'guide' },
      resolvedAt: null,
    });
    expect(report.messages.map((m: { body: string }) => m.body)).toEqual([
      'Hello, is Saturday free?',
      'Pay me outside Lokal please',
    ]);
    expect(list.nextCursor).toBeNull();
    expect((await inject('GET', '/api/admin/summary', staff.cookie)).json().openReports).toBe(
      list.reports.length,
    );

    const url = `/api/admin/reports/${report.id}/resolve`;
    expect((await inject('POST', url, staff.cookie, { resolution: ' ' })).statusCode).toBe(400);
    const done = await inject('POST', url, staff.cookie, { resolution: 'Warned the guide' });
    expect(done.statusCode, done.body).toBe(200);
    const again = await inject('POST', url, staff.cookie, { resolution: 'Again' });
    expect(again.json()).toEqual({ message: ADMIN_MESSAGES.alreadyResolved, code: 'already-resolved' });
    const open = (await inject('GET', '/api/admin/reports', staff.cookie)).json();
    expect(open.reports.map((r: { id: string }) => r.id)).not.toContain(report.id);
    const resolved = (await inject('GET', '/api/admin/reports?status=resolved', staff.cookie)).json();
    expect(resolved.reports.find((r: { id: string }) => r.id === report.id)).toMatchObject({
      resolution: 'Warned the guide',
      resolvedBy: STAFF,
    });
    expect(await auditRows('report.resolve', report.id)).toEqual([
      {
        actor_id: staff.id,
        actor_email: STAFF,
        details: { resolution: 'Warned the guide', reason: 'scam' },
      },
    ]);
    const unknown = await inject(
      'POST',
      '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve',
      staff.cookie,
      { resolution: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('users and the audit log', () => {
  it('searches members by e-mail or name, by role, a page at a time', async () => {
    const byName = (await inject('GET', '/api/admin/users?q=gaia%20ROSSI', staff.cookie)).json();
    expect(byName.users).toMatchObject([
      {
        id: guide.id,
        name: 'Gaia Rossi',
        role: 'guide',
        onboardingCompleted: true,
        verificationStatus: 'pending',
      },
    ]);
    const byEmail = (await inject('GET', `/api/admin/users?q=${tourist.email}`, staff.cookie)).json();
    expect(byEmail.users).toMatchObject([
      { id: tourist.id, role: 'tourist', onboardingCompleted: false, verificationStatus: null },
    ]);
    expect(Date.parse(byEmail.users[0].lastActiveAt)).not.toBeNaN();
    // % and _ are letters here, not wildcards.
    expect((await inject('GET', '/api/admin/users?q=%25', staff.cookie)).json().users).toEqual([]);
    const staffOnly = (await inject('GET', '/api/admin/users?role=staff', staff.cookie)).json();
    expect(staffOnly.users.every((u: { role: string }) => u.role === 'staff')).toBe(true);
    expect(staffOnly.users.map((u: { email: string }) => u.email)).toContain(STAFF);
    const prefix = `pager${Date.now()}`;
    for (let i = 0; i < 23; i++) await signIn(`${prefix}.${i}@example.com`, 'tourist');
    const first = (await inject('GET', `/api/admin/users?q=${prefix}`, staff.cookie)).json();
    expect(first.users).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Newest first.
    expect(first.users[0].email).toBe(`${prefix}.22@example.com`);
    const second = (
      await inject('GET', `/api/admin/users?q=${prefix}&cursor=${first.nextCursor}`, staff.cookie)
    ).json();
    expect(second.nextCursor).toBeNull();
    expect(second.users.map((u: { email: string }) => u.email)).toEqual([
      `${prefix}.2@example.com`,
      `${prefix}.1@example.com`,
      `${prefix}.0@example.com`,
    ]);
  });

  it('lists every staff action newest first with its actor', async () => {
    const res = (await inject('GET', '/api/admin/audit', staff.cookie)).json();
    expect(res.entries.length).toBeGreaterThanOrEqual(8);
    const times = res.entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const actions = new Set(res.entries.map((e: { action: string }) => e.action));
    for (const a of [
      'guide.verify',
      'guide.reject',
      'invite.add',
      'invite.remove',
      'waitlist.invite',
      'report.resolve',
    ])
      expect(actions).toContain(a);
    expect(res.entries[0].actorEmail).toBe(STAFF);
  });
});

describe('operator CLI', () => {
  function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    return runCli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, { database, config }).then(
      (code) => ({ code, out: out.join('\n'), err: err.join('\n') }),
    );
  }

  it('invites:add and guides:verify use the console rules and leave operator audit rows', async () => {
    const email = fresh('cli.invite');
    expect(await cli('invites:add', email.toUpperCase())).toEqual({
      code: 0,
      out: `Invited ${email}: they can now ask for a sign-in link.`,
      err: '',
    });
    expect(await auditRows('invite.add', email)).toEqual([
      { actor_id: null, actor_email: OPERATOR_ACTOR, details: { source: 'cli' } },
    ]);
    expect((await cli('invites:add', email)).code).toBe(0);

    const g = await waitingGuide('Nora', 'Sala');
    const verified = await cli('guides:verify', g.email);
    expect(verified).toMatchObject({ code: 0, out: `Verified guide ${g.email}; they were e-mailed.` });
    expect((await inject('GET', '/api/guides/verification', g.cookie)).json().verified).toBe(true);
    expect(await auditRows('guide.verify', g.id)).toEqual([
      { actor_id: null, actor_email: OPERATOR_ACTOR, details: { guideEmail: g.email } },
    ]);
    const audit = (await inject('GET', '/api/admin/audit', staff.cookie)).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'guide.verify',
      actorEmail: OPERATOR_ACTOR,
      actorId: null,
    });
  });

  it('exits 1 with a message on bad input', async () => {
    expect(await cli('guides:verify', 'nobody@example.com')).toEqual({
      code: 1,
      out: '',
      err: `${ADMIN_MESSAGES.guideNotFound}: nobody@example.com`,
    });
    expect(await cli('guides:verify', tourist.email)).toMatchObject({ code: 1 });
    const half = await signIn(fresh('half'), 'guide');
    expect(await cli('guides:verify', half.email)).toMatchObject({ code: 1 });
    expect(await cli('invites:add', 'not-an-email')).toEqual({
      code: 1,
      out: '',
      err: '"not-an-email" is not a valid e-mail address.',
    });
    expect((await cli('frobnicate', 'a@b.co')).code).toBe(1);
    expect((await cli('invites:add')).code).toBe(1);
    expect((await cli('invites:add', 'a@b.co', 'c@d.co')).code).toBe(1);
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('staff:add EMAIL');
  });

  it('staff:add creates staff who sign in at the console, or promotes a member and signs them out', async () => {
    const email = fresh('new.staff');
    expect((await cli('staff:add', email)).out).toBe(
      `Created staff account ${email}: sign in at /admin/login.`,
    );
    const s = await staffSignIn(email);
    expect((await inject('GET', '/api/admin/summary', s.cookie)).statusCode).toBe(200);
    expect((await cli('staff:add', email)).code).toBe(0);

    const member = await waitingGuide('Omar', 'Conti');
    expect((await cli('staff:add', member.email)).code).toBe(0);
    expect((await inject('GET', '/api/auth/session', member.cookie)).json().user).toBeNull();
    expect(await queueIds()).not.toContain(member.id);
    const [row] = await rows<{ role: string; listed: boolean }>(
      sql`select u.role, g.listed from users u join guide_profiles g on g.user_id = u.id where u.id = ${member.id}`,
    );
    expect(row).toEqual({ role: 'staff', listed: false });
    expect((await auditRows('staff.add', member.id))[0]).toMatchObject({
      actor_email: OPERATOR_ACTOR,
      details: { email: member.email, from: 'guide' },
    });

    expect((await cli('staff:remove', email)).code).toBe(0);
    expect((await inject('GET', '/api/admin/summary', s.cookie)).statusCode).toBe(401);
    expect(await cli('staff:remove', STAFF)).toMatchObject({
      code: 1,
      err: ADMIN_MESSAGES.stillInConfig(STAFF),
    });
  });

  it('runs as `npm run lokal` against the embedded database of DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lokal-cli-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const run = (...args: string[]) =>
        spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/cli.ts', ...args], {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        });
      const ok = run('invites:add', 'Operator.Pick@Example.com');
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout.trim()).toBe(
        'Invited operator.pick@example.com: they can now ask for a sign-in link.',
      );
      const bad = run('guides:verify', 'ghost@example.com');
      expect(bad.status).toBe(1);
      expect(bad.stderr.trim()).toBe(`${ADMIN_MESSAGES.guideNotFound}: ghost@example.com`);

      const db = await openDatabase(undefined, dataDir);
      try {
        const r = (await db.db.execute(
          sql`select i.source, a.actor_email from invites i join audit_log a on a.target_id = i.email`,
        )) as unknown as { rows: unknown[] };
        expect(r.rows).toEqual([{ source: 'cli', actor_email: OPERATOR_ACTOR }]);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

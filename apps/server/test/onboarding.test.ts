import { codeCheckMessage } from '@lokal/shared/constants/onboarding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ASSESSMENT_OWN_LANGUAGE } from './actors-helper.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { startSmsReceiver } from './sms-helper.ts';

let clock = Date.now();
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;
let n = 0;
let phoneSeq = 2_000_000 + Math.floor(Math.random() * 1_000_000);
const freshPhone = () => `+1415${phoneSeq++}`;

const signIn = (userType: 'tourist' | 'guide') =>
  mockSignIn(app, `${userType}.${Date.now()}.${n++}@example.com`, userType);

function post(url: string, cookie: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
}

async function verifyPhone(cookie: string, phone = freshPhone()) {
  expect((await post('/api/phone/send-code', cookie, { phone })).statusCode).toBe(200);
  const res = await post('/api/phone/verify-code', cookie, { phone, code: sms.lastCode(phone) });
  expect(res.statusCode).toBe(200);
  return phone;
}

beforeAll(async () => {
  sms = await startSmsReceiver();
  const database = await openTestDatabase();
  app = await buildApp(
    // Raised limits: this file sends many codes from one address; the limits have their own tests.
    { ...testConfig(), smsWebhookUrl: sms.url, rateLimitScale: 100 },
    { database, now: () => clock },
  );
  close = async () => {
    await app.close();
    await database.close();
    await sms.close();
  };
});
afterAll(() => close());

describe('POST /api/phone/send-code', () => {
  it('texts a 6-digit code to the E.164 number through the webhook', async () => {
    const { cookie } = await signIn('tourist');
    const res = await post('/api/phone/send-code', cookie, { phone: '+1 (415) 555-0199' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent', phone: '+14155550199', resendAfter: 60 });
    expect(sms.lastCode('+14155550199')).toMatch(/^\d{6}$/);
  });

  it("reads a number typed without its country code as one of the user's city's country, stored in E.164", async () => {
    const { cookie } = await signIn('tourist');
    const local = `6${String(phoneSeq++).padStart(8, '1')}`; // a Spanish mobile: 9 digits from 6
    const res = await post('/api/phone/send-code', cookie, {
      phone: `${local.slice(0, 3)} ${local.slice(3)}`,
      city: 'Barcelona',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone).toBe(`+34${local}`);
    const code = sms.lastCode(`+34${local}`);
    expect(code).toMatch(/^\d{6}$/);
    // Checked the same way, typed as before: the phone linked is the international one.
    const checked = await post('/api/phone/verify-code', cookie, {
      phone: `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
      code,
      city: 'Barcelona',
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ status: 'verified', phone: `+34${local}` });
  });

  it('still reads a number with its country code but no "+" (or with 00) as international, whatever the city', async () => {
    const { cookie } = await signIn('guide');
    const n = String(phoneSeq++);
    const res = await post('/api/phone/send-code', cookie, { phone: `1415${n}`, city: 'Barcelona' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone).toBe(`+1415${n}`);
    const other = await signIn('guide');
    const m = String(phoneSeq++);
    const zeros = await post('/api/phone/send-code', other.cookie, { phone: `00 1 415 ${m}`, city: 'Paris' });
    expect(zeros.json().phone).toBe(`+1415${m}`);
  });

  it('refuses short and impossible numbers with the spec messages', async () => {
    const { cookie } = await signIn('tourist');
    const short = await post('/api/phone/send-code', cookie, { phone: '+1415' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please enter a valid phone number.');
    const impossible = await post('/api/phone/send-code', cookie, { phone: '+999 0000 00000' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json()).toEqual({
      message: 'Invalid phone number format. Please check and try again.',
      code: 'invalid-phone-number',
    });
  });

  it('asks to wait 60 s before another code', async () => {
    const { cookie } = await signIn('guide');
    const phone = freshPhone();
    await post('/api/phone/send-code', cookie, { phone });
    const again = await post('/api/phone/send-code', cookie, { phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('too-many-requests');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    clock += 61_000;
    try {
      expect((await post('/api/phone/send-code', cookie, { phone })).statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('sends at most 5 codes per phone per hour', async () => {
    const { cookie } = await signIn('guide');
    const phone = freshPhone();
    const start = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      clock = start + i * 61_000;
      statuses.push((await post('/api/phone/send-code', cookie, { phone })).statusCode);
    }
    clock = Date.now();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('needs a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/phone/send-code',
      payload: { phone: freshPhone() },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers a failing SMS gateway with the unavailable code', async () => {
    const failing = await startSmsReceiver({ failWith: 500 });
    const database = await openTestDatabase();
    const other = await buildApp({ ...testConfig(), smsWebhookUrl: failing.url }, { database });
    try {
      const s = await other.inject({
        method: 'POST',
        url: '/api/dev/mock-sign-in',
        payload: { email: `fail.${Date.now()}@example.com`, userType: 'tourist' },
        headers: { host: 'localhost' },
      });
      const cookie = `lokal_session=${s.cookies.find((c) => c.name === 'lokal_session')!.value}`;
      const res = await other.inject({
        method: 'POST',
        url: '/api/phone/send-code',
        payload: { phone: freshPhone() },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('sms-unavailable');
    } finally {
      await other.close();
      await database.close();
      await failing.close();
    }
  });
});

describe('POST /api/phone/verify-code', () => {
  it('links the phone with the right code; asking again counts as verified at once', async () => {
    const { cookie } = await signIn('tourist');
    const phone = await verifyPhone(cookie);
    const again = await post('/api/phone/send-code', cookie, { phone });
    expect(again.json()).toMatchObject({ status: 'already-verified' });
    const check = await post('/api/phone/verify-code', cookie, { phone, code: '000000' });
    expect(check.json()).toEqual({ status: 'already-verified', phone });
  });

  it('refuses a code that is not exactly 6 digits', async () => {
    const { cookie } = await signIn('tourist');
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await post('/api/phone/verify-code', cookie, { phone: freshPhone(), code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid 6-digit code');
    }
  });

  it('locks the code after 5 wrong tries: the right one is then refused', async () => {
    const { cookie } = await signIn('guide');
    const phone = freshPhone();
    await post('/api/phone/send-code', cookie, { phone });
    const right = sms.lastCode(phone);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const r = await post('/api/phone/verify-code', cookie, { phone, code: wrong });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        message: 'Invalid verification code. Please try again.',
        code: 'invalid-verification-code',
      });
    }
    const res = await post('/api/phone/verify-code', cookie, { phone, code: right });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too-many-requests');
  });

  it('refuses an expired code', async () => {
    const { cookie } = await signIn('guide');
    const phone = freshPhone();
    await post('/api/phone/send-code', cookie, { phone });
    clock += 10 * 60_000 + 1;
    try {
      const res = await post('/api/phone/verify-code', cookie, { phone, code: sms.lastCode(phone) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'This code has expired. Ask for a new one.',
        code: 'code-expired',
      });
      // The screen says the same, not "Verification failed".
      expect(codeCheckMessage(res.json().code)).toBe('This code has expired. Ask for a new one.');
    } finally {
      clock = Date.now();
    }
  });

  it('refuses a phone already verified on another account', async () => {
    const a = await signIn('tourist');
    const phone = await verifyPhone(a.cookie);
    const b = await signIn('guide');
    const res = await post('/api/phone/send-code', b.cookie, { phone });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This phone number is already linked to another account.',
      code: 'credential-already-in-use',
    });
  });

  it("never accepts another account's code", async () => {
    const a = await signIn('tourist');
    const b = await signIn('tourist');
    const phone = freshPhone();
    await post('/api/phone/send-code', a.cookie, { phone });
    const res = await post('/api/phone/verify-code', b.cookie, { phone, code: sms.lastCode(phone) });
    expect(res.statusCode).toBe(400);
  });
});

describe('onboarding', () => {
  it('completes a tourist with a server-verified phone; the status shows it', async () => {
    const { cookie } = await signIn('tourist');
    const phone = await verifyPhone(cookie);
    const res = await post('/api/tourists/onboarding', cookie, {
      firstName: '  Ana ',
      lastName: ' Silva',
      phone,
      phoneVerified: true,
      occupation: 'Writer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, onboardingCompleted: true });
    const status = await app.inject({ url: '/api/users/status', headers: { cookie } });
    expect(status.json().user).toMatchObject({ onboardingCompleted: true, displayName: 'Ana Silva' });
  });

  it("refuses onboarding when the server has no verified phone, whatever the client's flag says", async () => {
    const { cookie } = await signIn('tourist');
    const res = await post('/api/tourists/onboarding', cookie, {
      firstName: 'Ana',
      lastName: 'Silva',
      phone: freshPhone(),
      phoneVerified: true,
      occupation: 'Writer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Phone number must be verified before completing onboarding',
      code: 'phone-not-verified',
    });
  });

  it('validates the guide body with the spec messages', async () => {
    const { cookie } = await signIn('guide');
    const phone = await verifyPhone(cookie);
    const base = { firstName: 'Rui', lastName: 'Costa', city: 'Lisbon', phone, phoneVerified: true };
    const blank = await post('/api/guides/onboarding', cookie, { ...base, firstName: '   ', gender: 'male' });
    expect(blank.json().message).toContain('First name and last name are required');
    // The city is required, and the placeholder shown when none is detected is not one.
    for (const city of [undefined, '   ', 'Your City']) {
      const res = await post('/api/guides/onboarding', cookie, { ...base, city, gender: 'male' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation-error',
        message: expect.stringContaining('Please enter the city where you guide'),
      });
    }
    const noGender = await post('/api/guides/onboarding', cookie, base);
    expect(noGender.statusCode).toBe(400);
    expect(noGender.json().message).toContain('Please select your gender');
    const other = await post('/api/guides/onboarding', cookie, {
      ...base,
      gender: 'other',
      customGender: 'Non-binary',
    });
    expect(other.statusCode).toBe(400);
    const ok = await post('/api/guides/onboarding', cookie, {
      ...base,
      gender: 'other',
      customGender: 'Non-binary',
      pronouns: 'they/them',
    });
    expect(ok.statusCode).toBe(200);
    // The guide's city is the one given, trimmed: their profile shows it.
    const again = await post('/api/guides/onboarding', cookie, { ...base, city: '  Porto ', gender: 'male' });
    expect(again.statusCode).toBe(200);
    const me = await app.inject({ url: '/api/guides/me', headers: { cookie } });
    expect(me.json().profile.city).toBe('Porto');
  });

  it('keeps each role to its own endpoint', async () => {
    const tourist = await signIn('tourist');
    const res = await post('/api/guides/onboarding', tourist.cookie, {
      firstName: 'A',
      lastName: 'B',
      phone: freshPhone(),
      phoneVerified: true,
      gender: 'male',
    });
    expect(res.statusCode).toBe(403);
    const guide = await signIn('guide');
    const res2 = await post('/api/tourists/onboarding', guide.cookie, {
      firstName: 'A',
      lastName: 'B',
      phone: freshPhone(),
      phoneVerified: true,
      occupation: 'Writer',
    });
    expect(res2.statusCode).toBe(403);
    expect(
      (await app.inject({ url: '/api/guides/personality-status', headers: { cookie: tourist.cookie } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('personality assessment', () => {
  const answers = ASSESSMENT_OWN_LANGUAGE;

  async function onboardedGuide() {
    const g = await signIn('guide');
    const phone = await verifyPhone(g.cookie);
    await post('/api/guides/onboarding', g.cookie, {
      firstName: 'Rui',
      lastName: 'Costa',
      city: 'Lisbon',
      phone,
      phoneVerified: true,
      gender: 'male',
    });
    return g;
  }

  it('round-trips the answers and puts them on the profile', async () => {
    const g = await onboardedGuide();
    const before = await app.inject({ url: '/api/guides/personality-status', headers: { cookie: g.cookie } });
    expect(before.json()).toEqual({ personalityTestCompleted: false });
    const res = await post('/api/guides/personality-assessment', g.cookie, answers);
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/guides/personality-status', headers: { cookie: g.cookie } });
    expect(after.json()).toEqual({ personalityTestCompleted: true });
    const me = (await app.inject({ url: '/api/guides/me', headers: { cookie: g.cookie } })).json();
    expect(me.assessment).toEqual(answers);
    expect(me.profile).toMatchObject({
      name: 'Rui Costa',
      profession: 'Painter',
      languages: ['English', 'Catalan'],
      specialties: ['Nightlife', 'Art & Culture'],
      socialMedia: '@rui.paints',
      hideSocialMedia: true,
    });
    expect(me.profile.tourTypes).toEqual([
      { name: 'Pub Crawls', duration: '3 hours', price: 180 },
      { name: 'Art & Museums', duration: '3 hours', price: 120 },
    ]);
    const status = await app.inject({ url: '/api/users/status', headers: { cookie: g.cookie } });
    expect(status.json().user.personalityTestCompleted).toBe(true);
  });

  it('refuses bad answers with a 400', async () => {
    const g = await onboardedGuide();
    for (const bad of [
      { ...answers, languages: [] },
      { ...answers, musicPreference: { rap: 6, techno: 1, rock: 1 } },
      { ...answers, socialMedia: '  ' },
      { ...answers, orientation: 'unknown' },
      { ...answers, experiences: [] },
    ]) {
      expect((await post('/api/guides/personality-assessment', g.cookie, bad)).statusCode).toBe(400);
    }
  });

  it('needs a signed-in, onboarded guide', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/guides/personality-assessment',
      payload: answers,
    });
    expect(anonymous.statusCode).toBe(401);
    const fresh = await signIn('guide');
    const notOnboarded = await post('/api/guides/personality-assessment', fresh.cookie, answers);
    expect(notOnboarded.statusCode).toBe(403);
    expect(notOnboarded.json().code).toBe('onboarding-required');
  });
});

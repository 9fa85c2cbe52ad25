import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { startSmsReceiver } from './sms-helper.ts';

// The bot check before an SMS code is sent (docs/product.md#onboarding, decision 094), solved here as the
// browser's widget solves it.

type Started = { app: Awaited<ReturnType<typeof buildApp>>; close: () => Promise<void> };
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let on: Started;
let off: Started;
let n = 0;
let phoneSeq = 3_000_000 + Math.floor(Math.random() * 1_000_000);
const freshPhone = () => `+1415${phoneSeq++}`;

async function start(botCheck: boolean): Promise<Started> {
  const database = await openTestDatabase();
  const app = await buildApp(
    { ...testConfig(), botCheck, smsWebhookUrl: sms.url, rateLimitScale: 100 },
    { database },
  );
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const signIn = async (app: Started['app']) =>
  (await mockSignIn(app, `bot.${Date.now()}.${n++}@example.com`, 'tourist')).cookie;
const post = (app: Started['app'], url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: { cookie } });

/** A fresh challenge from the server, solved: the payload the widget sends (base64 of challenge and solution). */
async function solved(app: Started['app'], cookie: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/phone/challenge', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const { challenge } = res.json() as { challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

beforeAll(async () => {
  sms = await startSmsReceiver();
  on = await start(true);
  off = await start(false);
});
afterAll(async () => {
  await on.close();
  await off.close();
  await sms.close();
});

describe('bot check on (the default)', () => {
  it('refuses a code asked for without a solution: 400 captcha-check-failed, no SMS', async () => {
    const cookie = await signIn(on.app);
    const phone = freshPhone();
    const res = await post(on.app, '/api/phone/send-code', cookie, { phone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Verification failed. Please try again later.',
      code: 'captcha-check-failed',
    });
    expect(sms.messages.some((m) => m.to === phone)).toBe(false);
  });

  it('refuses a wrong solution and one for a challenge this server never made', async () => {
    const cookie = await signIn(on.app);
    const payload = JSON.parse(Buffer.from(await solved(on.app, cookie), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const wrong = { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } };
    const forged = {
      ...payload,
      challenge: { ...payload.challenge, signature: '0'.repeat(64) },
    };
    for (const body of [wrong, forged, 'not base64 json']) {
      const botCheck = typeof body === 'string' ? body : Buffer.from(JSON.stringify(body)).toString('base64');
      const res = await post(on.app, '/api/phone/send-code', cookie, { phone: freshPhone(), botCheck });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'captcha-check-failed' });
    }
  });

  it('sends the code for a solved challenge, and refuses the same solution a second time', async () => {
    const cookie = await signIn(on.app);
    const botCheck = await solved(on.app, cookie);
    const phone = freshPhone();
    const first = await post(on.app, '/api/phone/send-code', cookie, { phone, botCheck });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'sent', phone });
    expect(sms.lastCode(phone)).toMatch(/^\d{6}$/);
    // Replayed, for another number or by another member: each challenge is answered once.
    const again = await post(on.app, '/api/phone/send-code', cookie, { phone: freshPhone(), botCheck });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'captcha-check-failed' });
    const other = await signIn(on.app);
    const replay = await post(on.app, '/api/phone/send-code', other, { phone: freshPhone(), botCheck });
    expect(replay.json()).toMatchObject({ code: 'captcha-check-failed' });
  });

  it('answers a number already linked to the account at once, with no SMS and no challenge', async () => {
    const cookie = await signIn(on.app);
    const phone = freshPhone();
    await post(on.app, '/api/phone/send-code', cookie, { phone, botCheck: await solved(on.app, cookie) });
    const verified = await post(on.app, '/api/phone/verify-code', cookie, {
      phone,
      code: sms.lastCode(phone),
    });
    expect(verified.json()).toEqual({ status: 'verified', phone });
    const sent = sms.messages.length;
    const res = await post(on.app, '/api/phone/send-code', cookie, { phone: phone.replace('+1', '1 ') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'already-verified', phone, resendAfter: 0 });
    expect(sms.messages.length).toBe(sent);
  });
});

describe('BOT_CHECK=off', () => {
  it('has no challenge to solve and sends the code without one', async () => {
    const cookie = await signIn(off.app);
    const challenge = await off.app.inject({
      method: 'GET',
      url: '/api/phone/challenge',
      headers: { cookie },
    });
    expect(challenge.json()).toEqual({ challenge: null });
    const phone = freshPhone();
    const res = await post(off.app, '/api/phone/send-code', cookie, { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', phone });
    expect(sms.lastCode(phone)).toMatch(/^\d{6}$/);
  });
});

import { randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_SEND_ERRORS } from '@lokal/shared/constants/onboarding';
import { countryForCity } from '@lokal/shared/domain/city-country';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import { sha256 } from '../../plugins/sessions.ts';
import type { SmsSender } from '../../plugins/sms.ts';
import { type AppContext, perApp } from '../context.ts';
import { createBotCheck } from './bot-check.ts';
import { createPhoneRepository, type PhoneRepository } from './repository.ts';

const CODE_TTL_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_WRONG_TRIES = 5;
const CODES_PER_PHONE_PER_HOUR = 5;

function codeHash(userId: string, phone: string, code: string): string {
  return sha256(`${userId}:${phone}:${code}`);
}

/**
 * E.164, or a 400 `invalid-phone-number` (docs/product.md#error-codes). A number typed without its country
 * code is read as one of `country` (the user's city's, docs/product.md#onboarding) when it is a valid number
 * there; otherwise, as before, as an international number whose '+' was left out.
 */
export function normalisePhone(raw: string, country?: string | null): string {
  const typed = raw.trim();
  if (country && !typed.startsWith('+') && !typed.startsWith('00')) {
    const national = parsePhoneNumberFromString(typed, country as CountryCode);
    if (national?.isValid()) return national.number;
  }
  const international = typed.startsWith('00') ? `+${typed.slice(2)}` : typed;
  const parsed = parsePhoneNumberFromString(
    international.startsWith('+') ? international : `+${international}`,
  );
  if (!parsed?.isPossible()) {
    throw new HttpError(400, SMS_SEND_ERRORS['invalid-phone-number']!, 'invalid-phone-number');
  }
  return parsed.number;
}

export function createPhoneService(deps: {
  repo: PhoneRepository;
  sms: SmsSender;
  config: Config;
  now: () => number;
  countHit: HitCounter;
}) {
  const { repo, sms, now } = deps;
  const consume = createRateLimiter(deps.countHit, now);
  const scale = deps.config.rateLimitScale;
  const botCheck = createBotCheck({ config: deps.config, repo, now });

  return {
    /** The E.164 phone verified on this account, if any. */
    verifiedPhoneOf: (userId: string) => repo.verifiedPhoneOf(userId),

    /** A bot-check challenge for the next send (null while the check is off). */
    botCheckChallenge: () => botCheck.challenge(),

    async sendCode(userId: string, rawPhone: string, ip: string, city?: string, botCheckPayload?: string) {
      const phone = normalisePhone(rawPhone, countryForCity(city));
      await consume(`sms:ip:${ip}`, { limit: 20 * scale, windowMs: 60 * 60_000 });
      // The account's own number sends nothing: it counts at once (docs/product.md#onboarding).
      if ((await repo.verifiedPhoneOf(userId)) === phone) {
        return { status: 'already-verified' as const, phone, resendAfter: 0 };
      }
      // Before anything that texts or tells whether another account holds the number.
      await botCheck.check(botCheckPayload);
      if (await repo.phoneTakenByOther(phone, userId)) {
        throw new HttpError(409, SMS_SEND_ERRORS['credential-already-in-use']!, 'credential-already-in-use');
      }
      const t = now();
      const last = await repo.latestCode(userId, phone);
      if (last && t - last.createdAt.getTime() < RESEND_AFTER_MS) {
        const wait = Math.ceil((RESEND_AFTER_MS - (t - last.createdAt.getTime())) / 1000);
        throw new HttpError(429, SMS_SEND_ERRORS['too-many-requests']!, 'too-many-requests', {
          'Retry-After': String(wait),
        });
      }
      if ((await repo.codesSentSince(phone, new Date(t - 60 * 60_000))) >= CODES_PER_PHONE_PER_HOUR) {
        throw new HttpError(429, SMS_SEND_ERRORS['quota-exceeded']!, 'quota-exceeded', {
          'Retry-After': '3600',
        });
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeId = await repo.createCode({
        userId,
        phone,
        codeHash: codeHash(userId, phone, code),
        expiresAt: new Date(t + CODE_TTL_MS),
        createdAt: new Date(t),
      });
      // One try with a short timeout while the member waits (decision 085). A code that did not leave neither
      // counts toward the hourly five nor holds back the next ask.
      try {
        await sms.send(phone, `Your Lokal verification code is ${code}. It expires in 10 minutes.`);
      } catch {
        await repo.deleteCode(codeId);
        throw new HttpError(
          502,
          'SMS service is currently unavailable. Please try again later.',
          'sms-unavailable',
        );
      }
      return { status: 'sent' as const, phone, resendAfter: RESEND_AFTER_MS / 1000 };
    },

    async verifyCode(userId: string, rawPhone: string, code: string, ip: string, city?: string) {
      const phone = normalisePhone(rawPhone, countryForCity(city));
      await consume(`sms-verify:ip:${ip}`, { limit: 60 * scale, windowMs: 15 * 60_000 });
      if ((await repo.verifiedPhoneOf(userId)) === phone)
        return { status: 'already-verified' as const, phone };
      const invalid = () =>
        new HttpError(400, 'Invalid verification code. Please try again.', 'invalid-verification-code');
      const locked = () => new HttpError(429, SMS_SEND_ERRORS['too-many-requests']!, 'too-many-requests');
      const record = await repo.latestCode(userId, phone);
      if (!record || record.consumedAt) throw invalid();
      if (record.attempts >= MAX_WRONG_TRIES) throw locked();
      if (record.expiresAt.getTime() <= now()) {
        throw new HttpError(400, 'This code has expired. Ask for a new one.', 'code-expired');
      }
      const expected = Buffer.from(record.codeHash);
      const given = Buffer.from(codeHash(userId, phone, code));
      if (!timingSafeEqual(expected, given)) {
        // The count read above may be stale: the database decides, in one statement, whether a try is left
        // (docs/product.md#sms-codes).
        if ((await repo.countWrongAttempt(record.id, MAX_WRONG_TRIES)) === null) throw locked();
        throw invalid();
      }
      if (await repo.phoneTakenByOther(phone, userId)) {
        throw new HttpError(409, SMS_SEND_ERRORS['credential-already-in-use']!, 'credential-already-in-use');
      }
      try {
        const outcome = await repo.linkPhone(record.id, userId, phone, new Date(now()), MAX_WRONG_TRIES);
        if (outcome === 'locked') throw locked();
        if (outcome === 'used') throw invalid();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        // The unique index caught a race with another account.
        throw new HttpError(409, SMS_SEND_ERRORS['credential-already-in-use']!, 'credential-already-in-use');
      }
      return { status: 'verified' as const, phone };
    },
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;

/** The one phone service of this app: onboarding checks the verified number through it. */
export const phoneServiceOf = perApp((ctx: AppContext) =>
  createPhoneService({
    repo: createPhoneRepository(ctx.db),
    sms: ctx.sms,
    config: ctx.config,
    now: ctx.now,
    countHit: ctx.countHit,
  }),
);

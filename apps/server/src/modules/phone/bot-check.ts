import { SMS_SEND_ERRORS } from '@lokal/shared/constants/onboarding';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { PhoneRepository } from './repository.ts';

/** How long a challenge may be answered after it was made. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * The work asked for (decision 094): the answer is one counter between these bounds, each try `COST` rounds of
 * SHA-256. About a second in a phone's browser; costly for a script sending codes by the thousand.
 */
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 4_000;
const COST = 200;
const ALGORITHM = 'SHA-256';

const failed = () => new HttpError(400, SMS_SEND_ERRORS['captcha-check-failed']!, 'captcha-check-failed');

type Payload = { challenge: Challenge; solution: { counter: number; derivedKey: string } };

function parsePayload(raw: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Payload;
    const params = p?.challenge?.parameters;
    if (!params || typeof params.nonce !== 'string' || typeof p.solution !== 'object' || !p.solution)
      return null;
    // Only the algorithm this server asks for: the signature covers it, this keeps the work as set.
    if (params.algorithm !== ALGORITHM || params.cost !== COST) return null;
    return p;
  } catch {
    return null;
  }
}

/** The self-hosted proof-of-work check before an SMS code is sent (docs/product.md#onboarding, decision 094). */
export function createBotCheck(deps: { config: Config; repo: PhoneRepository; now: () => number }) {
  const { config, repo, now } = deps;
  return {
    enabled: config.botCheck,

    /** A new signed challenge, or null while the check is off. */
    async challenge() {
      if (!config.botCheck) return { challenge: null };
      const c = await createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: config.botCheckKey,
      });
      const p = c.parameters;
      return {
        challenge: {
          parameters: {
            algorithm: p.algorithm,
            nonce: p.nonce,
            salt: p.salt,
            cost: p.cost,
            keyLength: p.keyLength,
            keyPrefix: p.keyPrefix,
            expiresAt: p.expiresAt as number,
          },
          signature: c.signature as string,
        },
      };
    },

    /** Passes a solved, unexpired challenge of this server once; anything else is 400 `captcha-check-failed`. */
    async check(raw: string | undefined): Promise<void> {
      if (!config.botCheck) return;
      const payload = raw ? parsePayload(raw) : null;
      if (!payload) throw failed();
      const expiresAt = payload.challenge.parameters.expiresAt;
      if (!expiresAt || expiresAt * 1000 <= now()) throw failed();
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: config.botCheckKey,
      }).catch(() => null);
      if (!result?.verified) throw failed();
      const first = await repo.useBotCheck(
        payload.challenge.parameters.nonce,
        new Date(expiresAt * 1000),
        new Date(now()),
      );
      if (!first) throw failed();
    },
  };
}

export type BotCheck = ReturnType<typeof createBotCheck>;

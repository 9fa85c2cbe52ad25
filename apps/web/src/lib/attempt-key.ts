import { ApiError } from './api-client.ts';

/** 128 random bits as hex: a valid Idempotency-Key (8–100 of [A-Za-z0-9_-]), also outside a secure context. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per user attempt (decision 086): every try of the same input (a retry after a lost
 * answer, the same form sent again) carries the same key, so the server answers it with the first answer; new
 * input, or the next attempt after one succeeded, gets a new key.
 */
export function attemptKeys() {
  let current: { input: string; key: string } | null = null;
  return {
    keyFor(input: unknown): string {
      const text = JSON.stringify(input);
      if (current?.input !== text) current = { input: text, key: newKey() };
      return current.key;
    },
    /** The attempt got its answer: the next one is new. */
    done() {
      current = null;
    },
  };
}

/**
 * A keyed write is safe to send again, so it is when no answer came (the network failed) or the server could
 * not reach its database (503): twice more, after 1 s and 2 s.
 */
export const keyedRetry = {
  retry: (count: number, err: Error) => count < 2 && (!(err instanceof ApiError) || err.status === 503),
  retryDelay: (count: number) => 1000 * 2 ** count,
};

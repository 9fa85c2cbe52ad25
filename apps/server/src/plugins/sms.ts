import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export type SmsSender = { send: (to: string, text: string) => Promise<void> };

/** POSTs `{to, text}` to SMS_WEBHOOK_URL; without one, appends the SMS to the outbox (and prints it, outside production). */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.smsWebhookUrl) {
    const url = config.smsWebhookUrl;
    return {
      async send(to, text) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(config.smsTimeoutMs),
        });
        if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(to, text) {
      mkdirSync(outbox, { recursive: true });
      appendFileSync(path.join(outbox, 'sms.log'), `${new Date().toISOString()} ${to} ${text}\n`);
      log.info({ to }, 'SMS written to the outbox');
      // The developer's way in without a gateway; in production the code stays in the outbox file, out of
      // the output a log collector reads (docs/product.md#sign-in).
      if (!config.production) console.log(`SMS to ${to}: ${text}`);
    },
  };
}

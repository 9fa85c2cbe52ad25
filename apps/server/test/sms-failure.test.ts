import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { startSmsReceiver } from './sms-helper.ts';

// A gateway that fails, then works again: the member is told, and asks again at once (decision 085).
const gateway: { failWith?: number } = { failWith: 503 };
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  sms = await startSmsReceiver(gateway);
  database = await openTestDatabase();
  app = await buildApp(testConfig({ smsWebhookUrl: sms.url }), { database });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  await sms.close();
});

describe('a verification SMS the gateway fails', () => {
  it('says so plainly, allows an immediate retry, and does not count toward the hourly five', async () => {
    const member = await mockSignIn(app, `sms.${Date.now()}@lokal.test`, 'tourist');
    const phone = '+14155550177';
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/phone/send-code',
        headers: { cookie: member.cookie },
        payload: { phone },
      });
    gateway.failWith = 503;
    for (let i = 0; i < 5; i++) {
      const failed = await send();
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        message: 'SMS service is currently unavailable. Please try again later.',
        code: 'sms-unavailable',
      });
    }
    gateway.failWith = undefined;
    // Neither the 60 s wait nor the five an hour: none of the failed codes was sent.
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    const code = sms.lastCode(phone);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/phone/verify-code',
      headers: { cookie: member.cookie },
      payload: { phone, code },
    });
    expect(verified.statusCode).toBe(200);
  });
});

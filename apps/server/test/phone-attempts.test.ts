import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createLocalBus } from '../src/plugins/realtime.ts';
import { mockSignIn, ON_POSTGRES, openTestDatabase, testConfig } from './helper.ts';
import { startSmsReceiver } from './sms-helper.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

// 5 wrong tries lock a code (docs/product.md#sms-codes), however the guesses are spread: here over two server
// instances on one database (on PostgreSQL each has its own pool, so the guesses really run in parallel).
let a: App;
let b: App;
let db: Database;
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let close: () => Promise<void>;
let n = 0;

beforeAll(async () => {
  sms = await startSmsReceiver();
  const config = testConfig({ smsWebhookUrl: sms.url });
  db = await openTestDatabase();
  if (ON_POSTGRES) {
    const other = await openDatabase(db.url, config.dataDir);
    a = await buildApp(config, { database: db });
    b = await buildApp(config, { database: other });
    close = async () => {
      await a.close();
      await b.close();
      await other.close();
      await db.close();
    };
  } else {
    const bus = createLocalBus();
    a = await buildApp(config, { database: db, bus });
    b = await buildApp(config, { database: db, bus });
    close = async () => {
      await a.close();
      await b.close();
      await db.close();
    };
  }
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await close();
  await sms.close();
});

async function codeSentTo(phone: string) {
  const me = await mockSignIn(a, `phone.${Date.now()}.${n++}@example.com`, 'tourist');
  const sent = await a.inject({
    method: 'POST',
    url: '/api/phone/send-code',
    payload: { phone },
    headers: { cookie: me.cookie },
  });
  expect(sent.statusCode).toBe(200);
  const code = sms.lastCode(phone);
  return { me, code, wrong: code === '000000' ? '111111' : '000000' };
}

// Each guess from its own address, as a guesser spreading them would: the per-IP limit's shared counter row
// would otherwise queue the requests one behind the other on PostgreSQL.
let ip = 0;
const verify = (app: App, cookie: string, phone: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/phone/verify-code',
    payload: { phone, code },
    headers: { cookie },
    remoteAddress: `10.20.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
  });

describe('wrong SMS codes', () => {
  it('counts exactly 5 of 20 parallel wrong guesses over two instances, then refuses every try, the right code too', async () => {
    const phone = '+351913000001';
    const { me, code, wrong } = await codeSentTo(phone);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verify(i % 2 ? b : a, me.cookie, phone, wrong)),
    );
    const invalid = answers.filter((r) => r.statusCode === 400);
    const locked = answers.filter((r) => r.statusCode === 429);
    expect(invalid).toHaveLength(5);
    expect(locked).toHaveLength(15);
    for (const r of invalid) {
      expect(r.json()).toEqual({
        message: 'Invalid verification code. Please try again.',
        code: 'invalid-verification-code',
      });
    }
    const lockedAnswer = locked[0]!.json();
    expect(lockedAnswer.code).toBe('too-many-requests');
    for (const r of locked) expect(r.json()).toEqual(lockedAnswer);

    const attempts = await db.db.execute(
      sql`select attempts from phone_codes where user_id = ${me.id} and phone = ${phone}`,
    );
    expect((attempts as unknown as { rows: { attempts: number }[] }).rows).toEqual([{ attempts: 5 }]);

    // The right code, on either instance, is refused with the same answer; the phone stays unverified.
    for (const app of [a, b]) {
      const right = await verify(app, me.cookie, phone, code);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(lockedAnswer);
    }
    const again = await b.inject({
      method: 'POST',
      url: '/api/phone/send-code',
      payload: { phone },
      headers: { cookie: me.cookie },
    });
    expect(again.json().status).not.toBe('already-verified');
  });

  it('still takes the right code after 4 parallel wrong guesses', async () => {
    const phone = '+351913000002';
    const { me, code, wrong } = await codeSentTo(phone);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => verify(i % 2 ? b : a, me.cookie, phone, wrong)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    const right = await verify(b, me.cookie, phone, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ status: 'verified', phone });
  });
});

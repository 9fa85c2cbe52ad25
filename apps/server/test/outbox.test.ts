import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { MAX_ATTEMPTS } from '../src/modules/outbox/service.ts';
import { openTestDatabase, testConfig } from './helper.ts';
import { type CapturedMail, extractSignInLink } from './mail-helper.ts';

// A real SMTP server that can hang (accept connections, never greet) or refuse every message, then recover.
type Mode = 'ok' | 'hang' | 'refuse';
let mode: Mode = 'ok';
const mails: CapturedMail[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onConnect(_session, callback) {
    // Hanging: the greeting never comes; the client's own timeout ends the try.
    if (mode !== 'hang') callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    stream.on('end', () => {
      if (mode === 'refuse') {
        const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
        callback(err);
        return;
      }
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let clock = Date.now();
const STAFF = 'outbox.staff@lokal.test';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  database = await openTestDatabase();
  app = await buildApp(
    testConfig({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      smtpTimeoutMs: 300,
      adminEmails: [STAFF],
      rateLimitScale: 100,
    }),
    { database, now: () => clock },
  );
  await app.ready();
});

afterAll(async () => {
  mode = 'ok';
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const fresh = (p: string) => `${p}.${Math.random().toString(36).slice(2, 8)}@lokal.test`;
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
const linkTo = (email: string) => {
  const mail = [...mails].reverse().find((m) => m.to.includes(email));
  return mail ? new URL(extractSignInLink(mail.raw)) : null;
};
const stateOf = async (link: URL, email: string) =>
  (
    await post('/api/auth/link-status', { token: link.searchParams.get('token'), email, role: 'staff' })
  ).json().state;

async function staffCookie(): Promise<string> {
  mode = 'ok';
  expect((await post('/api/auth/staff/request-link', { email: STAFF })).statusCode).toBe(200);
  await app.outbox.drain();
  const link = linkTo(STAFF)!;
  const res = await post('/api/auth/staff/verify', { token: link.searchParams.get('token'), email: STAFF });
  expect(res.statusCode).toBe(200);
  return `lokal_session=${res.cookies.find((c) => c.name === 'lokal_session')!.value}`;
}

describe('the mail outbox', () => {
  it('answers a link request while the mail server hangs, sends it once the server recovers, and the older link works until then', async () => {
    const email = STAFF;
    mode = 'ok';
    expect((await post('/api/auth/staff/request-link', { email })).statusCode).toBe(200);
    await app.outbox.drain();
    const first = linkTo(email)!;
    expect(await stateOf(first, email)).toBe('valid');

    mode = 'hang';
    const before = mails.length;
    const asked = await post('/api/auth/staff/request-link', { email });
    expect(asked.statusCode).toBe(200);
    // The try ends on the client's greeting timeout; the message waits for its next try.
    await app.outbox.drain();
    expect(mails.length).toBe(before);
    expect(await stateOf(first, email)).toBe('valid');

    mode = 'ok';
    clock += 10_000;
    await app.outbox.drain();
    const second = linkTo(email)!;
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    // The new mail was accepted: the older link has ended, the new one signs in.
    expect(await stateOf(first, email)).toBe('expired');
    const res = await post('/api/auth/staff/verify', { token: second.searchParams.get('token'), email });
    expect(res.statusCode).toBe(200);
  });

  it('retries with backoff, gives up after the last try, and shows the message to staff only', async () => {
    const cookie = await staffCookie();
    const email = STAFF;
    mode = 'refuse';
    expect((await post('/api/auth/staff/request-link', { email })).statusCode).toBe(200);
    const item = async () =>
      (await app.inject({ url: '/api/admin/outbox', headers: { cookie } }))
        .json()
        .items.find((i: { kind: string }) => i.kind === 'sign-in');
    await app.outbox.drain();
    const once = await item();
    expect(once).toMatchObject({ status: 'pending', attempts: 1, recipient: 'o•••@lokal.test' });
    expect(once.lastError).toContain('451');
    expect(new Date(once.nextAttemptAt).getTime()).toBe(clock + 10_000);
    // Not due before its time: nothing is tried.
    await app.outbox.drain();
    expect((await item()).attempts).toBe(1);
    clock += 10_000;
    await app.outbox.drain();
    const twice = await item();
    expect(twice.attempts).toBe(2);
    expect(new Date(twice.nextAttemptAt).getTime()).toBe(clock + 20_000);
    for (let n = 3; n <= MAX_ATTEMPTS; n++) {
      clock = new Date((await item()).nextAttemptAt).getTime();
      await app.outbox.drain();
    }
    expect(await item()).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });

    const anonymous = await app.inject({ url: '/api/admin/outbox' });
    expect(anonymous.statusCode).toBe(401);
    mode = 'ok';
  });

  it('tells a sign-in request plainly when sign-in mail has failed for two minutes', async () => {
    await staffCookie();
    mode = 'refuse';
    const email = STAFF;
    expect((await post('/api/auth/staff/request-link', { email })).statusCode).toBe(200);
    await app.outbox.drain();
    // Failing for less than two minutes: still asked for.
    clock += 60_000;
    expect((await post('/api/auth/staff/request-link', { email })).statusCode).toBe(200);
    await app.outbox.drain();
    clock += 60_000;
    const refused = await post('/api/auth/staff/request-link', { email });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.mailUnavailable, code: 'mail-unavailable' });
    // The server answers again: the waiting mail leaves on its next try, and links are asked for again.
    mode = 'ok';
    clock += 10 * 60_000;
    await app.outbox.drain();
    expect((await post('/api/auth/staff/request-link', { email: fresh('x') })).statusCode).toBe(403);
    expect((await post('/api/auth/staff/request-link', { email })).statusCode).toBe(200);
  });
});

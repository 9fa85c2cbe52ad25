import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sha256 } from '../src/plugins/sessions.ts';
import { type createTestApp, mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { extractSignInLink, outboxMails, startSmtpServer } from './mail-helper.ts';

let clock = Date.now();
let t: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;
const fresh = (prefix = 'user') => `${prefix}.${Date.now()}.${n++}@example.com`;

async function build(invites: string[] = []) {
  const database = await openTestDatabase();
  const config = testConfig();
  const app = await buildApp({ ...config, invites }, { database, now: () => clock });
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function invite(email: string) {
  await t.database.db.execute(sql`insert into invites (email) values (${email}) on conflict do nothing`);
}

/** Asks for a link and waits until the outbox has sent what it can (decision 085). */
async function requestLink(email: string, userType = 'tourist', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-link',
    payload: { email, userType },
    headers,
  });
  await t.app.outbox.drain();
  return res;
}

function lastLinkFor(email: string) {
  const mail = outboxMails(t.config.dataDir)
    .reverse()
    .find((m) => m.includes(`To: ${email}`));
  if (!mail) throw new Error(`no mail for ${email}`);
  return new URL(extractSignInLink(mail));
}

async function signIn(email: string, userType = 'tourist') {
  await invite(email);
  expect((await requestLink(email, userType)).statusCode).toBe(200);
  const link = lastLinkFor(email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { token: link.searchParams.get('token'), email },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'lokal_session')!;
  return { res, cookie: `${cookie.name}=${cookie.value}`, token: cookie.value };
}

beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('POST /api/auth/request-link', () => {
  it('e-mails an invited address a link with a text and an HTML part', async () => {
    const email = fresh('invited');
    await invite(email);
    const res = await requestLink(` ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const mail = outboxMails(t.config.dataDir).find((m) => m.includes(`To: ${email}`))!;
    expect(mail).toContain('Subject: Your Lokal sign-in link');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    const link = lastLinkFor(email);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/tourist/auth-redirect');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('never stores the token in clear', async () => {
    const email = fresh('hash');
    await invite(email);
    await requestLink(email);
    const token = lastLinkFor(email).searchParams.get('token')!;
    const rows = await t.database.db.execute(sql`select token_hash from login_tokens where email = ${email}`);
    const stored = (rows as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(stored).toEqual([sha256(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("refuses a stranger with 'Beta Access Only', sends nothing, and records a beta request", async () => {
    const email = fresh('stranger');
    const before = outboxMails(t.config.dataDir).length;
    const res = await requestLink(email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Beta Access Only', code: 'not-invited' });
    expect(outboxMails(t.config.dataDir).length).toBe(before);

    const beta = await t.app.inject({
      method: 'POST',
      url: '/api/auth/beta-request',
      payload: { email, userType: 'guide' },
    });
    expect(beta.statusCode).toBe(201);
    const rows = await t.database.db.execute(sql`select role from waitlist where email = ${email}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ role: 'guide' }]);
  });

  it('reads the invites from configuration at start', async () => {
    const email = fresh('configured');
    const other = await build([email]);
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/auth/request-link',
        payload: { email, userType: 'guide' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it.each([
    [{}, 'missing fields'],
    [{ email: 'not-an-email', userType: 'tourist' }, 'bad e-mail'],
    [{ email: 'a@b.co', userType: 'admin' }, 'bad user type'],
    [{ email: ['a@b.co'], userType: 'tourist' }, 'wrong type'],
    [{ email: `${'a'.repeat(300)}@b.co`, userType: 'tourist' }, 'too long'],
  ])('answers a bad body (%j, %s) with a 400 JSON error', async (payload, _label) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-link', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation-error', message: expect.any(String) });
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-link',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('limits links to 5 per e-mail per 15 minutes with Retry-After', async () => {
    const email = fresh('limited');
    await invite(email);
    for (let i = 0; i < 5; i++) expect((await requestLink(email)).statusCode).toBe(200);
    const res = await requestLink(email);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().code).toBe('too-many-requests');
  });

  it('limits links to 30 per IP per 15 minutes', async () => {
    const ip = '10.9.8.7';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-link',
        payload: { email: fresh('ip'), userType: 'tourist' },
        remoteAddress: ip,
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits beta-access requests to 10 per IP per 15 minutes, recording none past the limit', async () => {
    const ip = '10.9.8.6';
    const statuses: number[] = [];
    const emails: string[] = [];
    for (let i = 0; i < 11; i++) {
      emails.push(fresh('beta'));
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/beta-request',
        payload: { email: emails[i], userType: 'tourist' },
        remoteAddress: ip,
      });
      statuses.push(r.statusCode);
      if (i === 10) {
        expect(r.json().code).toBe('too-many-requests');
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const last = await t.database.db.execute(sql`select role from waitlist where email = ${emails[10]!}`);
    expect((last as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('refuses the other role for an existing account', async () => {
    const email = fresh('onerole');
    await signIn(email, 'tourist');
    const res = await requestLink(email, 'guide');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This e-mail already has a tourist account. Sign in as a tourist instead.',
      code: 'role-mismatch',
    });
  });

  it('limits beta-access requests to 3 per address per day, from any IP, recording none past the limit', async () => {
    const email = fresh('beta-address');
    const ask = (ip: string, address = email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/beta-request',
        payload: { email: address, userType: 'guide' },
        remoteAddress: ip,
      });
    for (const ip of ['10.7.0.1', '10.7.0.2', '10.7.0.3']) expect((await ask(ip)).statusCode).toBe(201);
    // The same address written differently is the same address.
    const fourth = await ask('10.7.0.4', ` ${email.toUpperCase()} `);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
      code: 'too-many-requests',
    });
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const rows = await t.database.db.execute(sql`select role from waitlist where email = ${email}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(3);
    // Another address from the same IP is not held back.
    expect((await ask('10.7.0.4', fresh('beta-other'))).statusCode).toBe(201);
    // The next day the address may ask again.
    clock += 24 * 60 * 60 * 1000;
    try {
      expect((await ask('10.7.0.5')).statusCode).toBe(201);
    } finally {
      clock = Date.now();
    }
  });
});

describe('a new link', () => {
  const verify = (token: string | null, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } });

  it('ends the older unused links of the same address and role', async () => {
    const email = fresh('relink');
    await invite(email);
    await requestLink(email);
    const first = lastLinkFor(email).searchParams.get('token');
    await requestLink(email);
    const second = lastLinkFor(email).searchParams.get('token');
    expect(second).not.toBe(first);
    const old = await verify(first, email);
    expect(old.statusCode).toBe(400);
    // A replaced link has ended: it says so, like any link past its time.
    expect(old.json()).toEqual({
      message: 'This sign-in link has expired. A link works for 10 minutes, and only the newest one works.',
      code: 'link-expired',
    });
    expect((await verify(second, email)).statusCode).toBe(200);
  });

  it("leaves another address's links, and the same address's link for the other role, working", async () => {
    const email = fresh('mine');
    const other = fresh('theirs');
    await invite(email);
    await invite(other);
    await requestLink(email, 'tourist');
    const tourist = lastLinkFor(email).searchParams.get('token');
    await requestLink(other, 'tourist');
    await requestLink(email, 'guide');
    expect((await verify(tourist, email)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify', () => {
  it('creates the user with the requested role, sets the session cookie and returns the status', async () => {
    const email = fresh('guide');
    const { res } = await signIn(email, 'guide');
    expect(res.json()).toEqual({
      success: true,
      user: {
        id: expect.any(String),
        role: 'guide',
        userType: 'guide',
        email,
        displayName: email.split('@')[0],
        onboardingCompleted: false,
        personalityTestCompleted: false,
      },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^lokal_session=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
  });

  it('refuses a reused link', async () => {
    const email = fresh('reuse');
    await invite(email);
    await requestLink(email);
    const token = lastLinkFor(email).searchParams.get('token');
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This sign-in link was already used. Each link works once.',
      code: 'link-used',
    });
  });

  it('refuses a link after 10 minutes', async () => {
    const email = fresh('expiry');
    await invite(email);
    await requestLink(email);
    const token = lastLinkFor(email).searchParams.get('token');
    clock += 10 * 60 * 1000 + 1000;
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('link-expired');
    } finally {
      clock = Date.now();
    }
  });

  it('accepts a link just before it expires', async () => {
    const email = fresh('inside');
    await invite(email);
    await requestLink(email);
    const token = lastLinkFor(email).searchParams.get('token');
    clock += 9 * 60 * 1000;
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } });
      expect(res.statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('lets exactly one of ten parallel verifies succeed', async () => {
    const email = fresh('parallel');
    await invite(email);
    await requestLink(email);
    const token = lastLinkFor(email).searchParams.get('token');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(9);
  });

  it('refuses the link for another e-mail, and the link still works for its own', async () => {
    const email = fresh('bound');
    await invite(email);
    await requestLink(email);
    const token = lastLinkFor(email).searchParams.get('token');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token, email: fresh('attacker') },
    });
    expect(wrong.statusCode).toBe(400);
    const wrongRole = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token, email, userType: 'guide' },
    });
    expect(wrongRole.statusCode).toBe(400);
    const right = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token, email } });
    expect(right.statusCode).toBe(200);
  });

  it('answers a bad body with a 400 JSON error', async () => {
    for (const payload of [
      {},
      { token: 'x' },
      { token: 5, email: 'a@b.co' },
      { token: '', email: 'a@b.co' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation-error');
    }
  });

  it('limits verifies to 30 per IP per 5 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { token: `bogus-${i}`, email: 'x@example.com' },
        remoteAddress: '10.1.2.3',
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('sessions', () => {
  it("answers the status call without a session with 401 'User not authenticated'", async () => {
    const res = await t.app.inject({ url: '/api/users/status' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'User not authenticated', code: 'unauthenticated' });
  });

  it('accepts the cookie and a bearer token, and sign-out revokes the session on the server', async () => {
    const email = fresh('session');
    const { cookie, token } = await signIn(email);
    const byCookie = await t.app.inject({ url: '/api/users/status', headers: { cookie } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().user).toMatchObject({ email, role: 'tourist', onboardingCompleted: false });
    expect(byCookie.json().user).not.toHaveProperty('personalityTestCompleted');
    const byBearer = await t.app.inject({
      url: '/api/users/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/lokal_session=;/);
    // The old token no longer works, even if a client kept it.
    expect((await t.app.inject({ url: '/api/users/status', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/users/status', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('issues a new session on every sign-in', async () => {
    const email = fresh('twice');
    const a = await signIn(email);
    const b = await signIn(email);
    expect(a.token).not.toBe(b.token);
  });

  it('refuses a forged token', async () => {
    const res = await t.app.inject({ url: '/api/users/status', headers: { cookie: 'lokal_session=forged' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('session lifetime (docs/product.md#sign-in)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const status = (cookie: string) => t.app.inject({ url: '/api/users/status', headers: { cookie } });
  const lastSeen = async (token: string) => {
    const res = await t.database.db.execute(
      sql`select last_seen_at from sessions where token_hash = ${sha256(token)}`,
    );
    const row = (res as unknown as { rows: { last_seen_at: string | Date }[] }).rows[0]!;
    return new Date(row.last_seen_at).getTime();
  };

  it('refuses a session unused for 14 days like an expired one', async () => {
    const { cookie } = await mockSignIn(t.app, fresh('idle'), 'tourist');
    clock += 14 * DAY;
    try {
      const res = await status(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'User not authenticated', code: 'unauthenticated' });
      const session = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
      expect(session.json()).toEqual({ user: null });
    } finally {
      clock = Date.now();
    }
  });

  it('keeps a session in use past 14 days, but not past 30', async () => {
    const { cookie } = await mockSignIn(t.app, fresh('busy'), 'tourist');
    const start = clock;
    try {
      clock = start + 14 * DAY - 60_000;
      expect((await status(cookie)).statusCode).toBe(200);
      clock = start + 28 * DAY - 120_000;
      expect((await status(cookie)).statusCode).toBe(200);
      clock = start + 30 * DAY;
      expect((await status(cookie)).statusCode).toBe(401);
    } finally {
      clock = Date.now();
    }
  });

  it('writes the last use at most once an hour', async () => {
    const { cookie, token } = await mockSignIn(t.app, fresh('seen'), 'tourist');
    const start = clock;
    try {
      const signedIn = await lastSeen(token);
      expect(signedIn).toBe(start);
      clock = start + 30 * 60_000;
      expect((await status(cookie)).statusCode).toBe(200);
      expect(await lastSeen(token)).toBe(signedIn);
      clock = start + 61 * 60_000;
      expect((await status(cookie)).statusCode).toBe(200);
      expect(await lastSeen(token)).toBe(clock);
    } finally {
      clock = Date.now();
    }
  });
});

describe('POST /api/users/settings/sign-out-everywhere (docs/product.md#settings)', () => {
  it("revokes every session of the user, this one included, and no one else's", async () => {
    const email = fresh('everywhere');
    const here = await mockSignIn(t.app, email, 'tourist');
    const laptop = await mockSignIn(t.app, email, 'tourist');
    const phone = await mockSignIn(t.app, email, 'tourist');
    const someoneElse = await mockSignIn(t.app, fresh('bystander'), 'tourist');
    for (const s of [here, laptop, someoneElse]) {
      expect(
        (await t.app.inject({ url: '/api/users/status', headers: { cookie: s.cookie } })).statusCode,
      ).toBe(200);
    }

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/settings/sign-out-everywhere',
      headers: { cookie: here.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(/lokal_session=;/);

    for (const s of [here, laptop]) {
      const res = await t.app.inject({ url: '/api/users/status', headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'User not authenticated', code: 'unauthenticated' });
    }
    const bearer = await t.app.inject({
      url: '/api/users/status',
      headers: { authorization: `Bearer ${phone.token}` },
    });
    expect(bearer.statusCode).toBe(401);
    const other = await t.app.inject({ url: '/api/users/status', headers: { cookie: someoneElse.cookie } });
    expect(other.statusCode).toBe(200);

    // Signing in again works as before.
    const back = await mockSignIn(t.app, email, 'tourist');
    expect(
      (await t.app.inject({ url: '/api/users/status', headers: { cookie: back.cookie } })).statusCode,
    ).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/settings/sign-out-everywhere' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'User not authenticated', code: 'unauthenticated' });
  });
});

describe('development mock sign-in', () => {
  it('creates a real session for a mock user on localhost', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/mock-sign-in',
      payload: { email: 'dev.guide@mock.local', userType: 'guide' },
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mockUser.uid).toMatch(/^mock_\d+$/);
    expect(body.mockUser.displayName).toBe('dev.guide');
    expect(body.user.role).toBe('guide');
    const cookie = res.cookies.find((c) => c.name === 'lokal_session')!;
    const status = await t.app.inject({
      url: '/api/users/status',
      headers: { cookie: `lokal_session=${cookie.value}` },
    });
    expect(status.json().user.email).toBe('dev.guide@mock.local');
  });

  it('is 404 for any host that is not localhost', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/mock-sign-in',
      payload: { email: 'x@y.z', userType: 'tourist' },
      headers: { host: 'lokal.example.com' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('is 404 for Host: localhost sent from an address other than loopback (docs/product.md#development-panel)', async () => {
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/dev/mock-sign-in',
      payload: { email: 'remote.caller@mock.local', userType: 'tourist' },
      headers: { host: 'localhost:3000' },
      remoteAddress: '203.0.113.7',
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ message: 'Route not found', code: 'not-found' });
    expect(remote.cookies).toEqual([]);
    for (const remoteAddress of ['::ffff:203.0.113.7', '10.0.0.1', '::2']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/mock-sign-in',
        payload: { email: 'remote.caller@mock.local', userType: 'tourist' },
        headers: { host: 'localhost' },
        remoteAddress,
      });
      expect(res.statusCode, remoteAddress).toBe(404);
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/mock-sign-in',
        payload: { email: 'local.caller@mock.local', userType: 'tourist' },
        headers: { host: 'localhost' },
        remoteAddress,
      });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });
});

describe('production', () => {
  it('has no development endpoint, uses Secure __Host- cookies, and sends mail over SMTP', async () => {
    const smtp = await startSmtpServer();
    const database = await openTestDatabase();
    const email = fresh('prod');
    const config = {
      ...testConfig(),
      production: true,
      publicUrl: 'https://lokal.example',
      smtpUrl: smtp.url,
      invites: [email],
    };
    const app = await buildApp(config, { database });
    try {
      const dev = await app.inject({
        method: 'POST',
        url: '/api/dev/mock-sign-in',
        payload: { email: 'x@y.z', userType: 'tourist' },
        headers: { host: 'localhost' },
      });
      expect(dev.statusCode).toBe(404);

      const sent = await app.inject({
        method: 'POST',
        url: '/api/auth/request-link',
        payload: { email, userType: 'guide' },
      });
      expect(sent.statusCode).toBe(200);
      await app.outbox.drain();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]!.to).toEqual([email]);
      const link = new URL(extractSignInLink(smtp.mails[0]!.raw));
      expect(link.origin).toBe('https://lokal.example');
      expect(link.pathname).toBe('/guide/auth-redirect');

      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { token: link.searchParams.get('token'), email },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-lokal_session=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('Path=/');
    } finally {
      await app.close();
      await database.close();
      await smtp.close();
    }
  });
});

describe('GET /api/auth/session', () => {
  it('answers 200 with null when signed out and the user when signed in', async () => {
    const anonymous = await t.app.inject({ url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    const email = fresh('sess');
    const { cookie } = await signIn(email);
    const res = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(res.json().user).toMatchObject({ email, role: 'tourist' });
  });
});

describe('activity', () => {
  it("records a signed-in user's activity, at most once a minute", async () => {
    const email = fresh('active');
    const { cookie } = await signIn(email);
    const lastActive = async () => {
      const r = await t.database.db.execute(sql`select last_active_at from users where email = ${email}`);
      return new Date(
        (r as unknown as { rows: { last_active_at: string }[] }).rows[0]!.last_active_at,
      ).getTime();
    };
    const before = await lastActive();
    clock = Date.now() + 5 * 60_000;
    try {
      await t.app.inject({ url: '/api/users/status', headers: { cookie } });
      await expect.poll(lastActive).toBeGreaterThanOrEqual(clock);
      expect(await lastActive()).toBeGreaterThan(before);
    } finally {
      clock = Date.now();
    }
  });
});

describe('a failed link, told apart, and a new one from its page', () => {
  // A new address per call unless told: the per-IP limits are not what these tests are about.
  let ips = 0;
  const post = async (url: string, payload: object, ip = `10.9.0.${++ips}`) => {
    const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    await t.app.outbox.drain();
    return res;
  };
  const status = (token: string | null, email: string, role = 'tourist') =>
    post('/api/auth/link-status', { token, email, role });
  const resend = (token: string | null, email: string, role = 'tourist') =>
    post('/api/auth/resend-link', { token, email, role });
  const mailsTo = (email: string) =>
    outboxMails(t.config.dataDir).filter((m) => m.includes(`To: ${email}`)).length;

  async function linkOf(email: string, role = 'tourist') {
    await invite(email);
    expect((await post('/api/auth/request-link', { email, userType: role })).statusCode).toBe(200);
    return lastLinkFor(email).searchParams.get('token')!;
  }

  it('tells a valid, a used, an expired and an unknown link apart without using any', async () => {
    const email = fresh('states');
    const token = await linkOf(email);
    expect((await status(token, email)).json()).toEqual({ state: 'valid' });
    // Asking twice used nothing: the link still signs in.
    expect((await status(token, email)).json()).toEqual({ state: 'valid' });
    expect((await post('/api/auth/verify', { token, email })).statusCode).toBe(200);
    expect((await status(token, email)).json()).toEqual({ state: 'used' });

    const late = fresh('late');
    const old = await linkOf(late);
    clock += 10 * 60 * 1000 + 1000;
    try {
      expect((await status(old, late)).json()).toEqual({ state: 'expired' });
    } finally {
      clock = Date.now();
    }

    expect((await status('made-up-token', email)).json()).toEqual({ state: 'unknown' });
    // Someone else's real link, or the right one at the wrong door, is unknown too.
    expect((await status(old, email)).json()).toEqual({ state: 'unknown' });
    expect((await status(old, late, 'guide')).json()).toEqual({ state: 'unknown' });
    expect((await status(old, late, 'staff')).json()).toEqual({ state: 'unknown' });
  });

  it('answers each failure of /api/auth/verify with its own code', async () => {
    const email = fresh('codes');
    const token = await linkOf(email);
    const made = await post('/api/auth/verify', { token: 'made-up-token', email });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toEqual({ message: 'Invalid sign-in link', code: 'invalid-link' });
    // The right token with another address is not that address's link.
    const elsewhere = await post('/api/auth/verify', { token, email: fresh('stranger') });
    expect(elsewhere.json().code).toBe('invalid-link');
    expect((await post('/api/auth/verify', { token, email })).statusCode).toBe(200);
    expect((await post('/api/auth/verify', { token, email })).json().code).toBe('link-used');
  });

  it('sends an expired, used or still valid link a new one to the same address and role, which works', async () => {
    for (const kind of ['expired', 'used', 'valid'] as const) {
      const email = fresh(`again-${kind}`);
      const token = await linkOf(email, 'guide');
      if (kind === 'used') expect((await post('/api/auth/verify', { token, email })).statusCode).toBe(200);
      if (kind === 'expired') clock += 11 * 60 * 1000;
      try {
        const before = mailsTo(email);
        const res = await resend(token, email, 'guide');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: `A new sign-in link is on its way to ${email}.`,
        });
        expect(mailsTo(email)).toBe(before + 1);
        const link = lastLinkFor(email);
        expect(link.pathname).toBe('/guide/auth-redirect');
        const next = link.searchParams.get('token')!;
        expect(next).not.toBe(token);
        const signedIn = await post('/api/auth/verify', { token: next, email, userType: 'guide' });
        expect(signedIn.statusCode).toBe(200);
        expect(signedIn.json().user.role).toBe('guide');
      } finally {
        clock = Date.now();
      }
    }
  });

  it('answers an unknown link the same whether or not the address may sign in, mailing only one that may', async () => {
    const invited = fresh('unknown-invited');
    await invite(invited);
    const stranger = fresh('unknown-stranger');
    const a = await resend('made-up-token', invited);
    const b = await resend('made-up-token', stranger);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json().message).toBe('If this address can sign in, a new link is on its way.');
    expect(a.body).not.toContain(invited);
    expect(mailsTo(invited)).toBe(1);
    expect(mailsTo(stranger)).toBe(0);
  });

  it('keeps the link limits: the sixth new link for one address in 15 minutes is refused', async () => {
    const email = fresh('flood');
    const token = await linkOf(email);
    // The first ask above counted; four more go through, the sixth is refused, from any address.
    for (let i = 0; i < 4; i++) {
      expect(
        (await post('/api/auth/resend-link', { token, email, role: 'tourist' }, `10.9.1.${i}`)).statusCode,
      ).toBe(200);
    }
    const refused = await post('/api/auth/resend-link', { token, email, role: 'tourist' }, '10.9.1.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().code).toBe('too-many-requests');
  });

  it('refuses a new tourist link for an address that now has a guide account', async () => {
    const email = fresh('switched');
    const token = await linkOf(email);
    await t.app.inject({
      method: 'POST',
      url: '/api/dev/mock-sign-in',
      payload: { email, userType: 'guide' },
    });
    const res = await resend(token, email);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('role-mismatch');
  });

  it('refuses bad bodies with 400 JSON', async () => {
    for (const body of [
      {},
      { token: '', email: 'a@b.co', role: 'tourist' },
      { token: 'x', email: 'nope', role: 'tourist' },
      { token: 'x', email: 'a@b.co', role: 'admin' },
    ]) {
      for (const url of ['/api/auth/link-status', '/api/auth/resend-link']) {
        const res = await post(url, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('validation-error');
      }
    }
  });
});

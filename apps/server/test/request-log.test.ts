import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';
import { extractSignInLink, outboxMails } from './mail-helper.ts';
import { startSmsReceiver } from './sms-helper.ts';

// Whoever reads the request log must not be able to sign in with what it holds, nor learn who asked
// (docs/product.md#sign-in).
describe('the request log', () => {
  const lines: string[] = [];
  const invited = 'jane.doe@example.com';
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
  let dataDir: string;
  const log = () => lines.join('\n');
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });

  beforeAll(async () => {
    // The development outbox prints each link to the console (not the log): kept out of the test output.
    vi.spyOn(console, 'log').mockImplementation(() => {});
    database = await openTestDatabase();
    sms = await startSmsReceiver();
    // 'trace': nothing secret at any level.
    const config = testConfig({ logLevel: 'trace', invites: [invited], smsWebhookUrl: sms.url });
    dataDir = config.dataDir;
    app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await sms.close();
    vi.restoreAllMocks();
  });

  it('keeps the path of a sign-in link but not its token or e-mail', async () => {
    const token = 'kHq3d9w0Zr-secret-token-value';
    await app.inject({ url: `/tourist/auth-redirect?token=${token}&email=jane.doe%40example.com` });
    await app.inject({ url: `/api/auth/session?email=jane.doe%40example.com` });
    expect(log()).toContain('"route":"/tourist/auth-redirect"');
    expect(log()).not.toContain(token);
    expect(log()).not.toContain('jane.doe');
  });

  it('holds no address, token or code sent to the sign-in, phone and invite routes, nor echoed by their errors', async () => {
    lines.length = 0;
    // A link really sent: the outbox notes the mail it wrote.
    expect((await post('/api/auth/request-link', { email: invited, userType: 'tourist' })).statusCode).toBe(
      200,
    );
    await app.outbox.drain();
    const link = new URL(extractSignInLink(outboxMails(dataDir).at(-1)!));
    const token = link.searchParams.get('token')!;
    // Refused bodies: validation errors, a bad JSON text, a wrong pairing, an unknown address.
    const refused = [
      await post('/api/auth/request-link', { email: 'not-an-address-sam.secret', userType: 'tourist' }),
      await post('/api/auth/request-link', { email: invited, userType: 'captain' }),
      await post('/api/auth/request-link', { email: 'ann.other@example.org', userType: 'guide' }),
      await post('/api/auth/verify', { token, email: 'ann.other@example.org' }),
      await post('/api/auth/verify', { token: `${token}${'x'.repeat(200)}`, email: invited }),
      await post('/api/auth/staff/request-link', { email: 'boss.person@example.org' }),
      await post('/api/auth/staff/verify', { token, email: 'boss.person@example.org' }),
      await post('/api/auth/beta-request', { email: 'wait.lister@example.org', userType: 'zebra' }),
      await post('/api/auth/verify', `{"token":"${token}","email":"${invited}"`, {
        'content-type': 'application/json',
      }),
      await post('/api/admin/invites', { email: 'new.invitee@example.org' }),
      await app.inject({ method: 'DELETE', url: '/api/admin/invites/old.invitee%40example.org' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 403, 400, 400, 403, 400, 400, 400, 401, 401]);
    // Accepted ones.
    expect(
      (await post('/api/auth/beta-request', { email: 'wait.lister@example.org', userType: 'guide' }))
        .statusCode,
    ).toBe(201);
    expect((await post('/api/auth/verify', { token, email: invited })).statusCode).toBe(200);

    // The phone routes: a code sent, a wrong one and a malformed one tried, the right one used.
    const me = await mockSignIn(app, 'phone.owner@example.org', 'tourist');
    const phone = '+351912345678';
    const as = { cookie: me.cookie };
    expect((await post('/api/phone/send-code', { phone }, as)).statusCode).toBe(200);
    const code = sms.lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/phone/verify-code', { phone, code: wrong }, as)).statusCode).toBe(400);
    expect((await post('/api/phone/verify-code', { phone, code: `${code}9` }, as)).statusCode).toBe(400);
    expect((await post('/api/phone/verify-code', { phone, code }, as)).statusCode).toBe(200);

    const text = log();
    expect(text).toContain('"route":"/api/auth/verify"');
    expect(text).toContain('"route":"/api/admin/invites/:email"');
    for (const secret of [
      'jane.doe',
      'sam.secret',
      'ann.other',
      'boss.person',
      'wait.lister',
      'new.invitee',
      'old.invitee',
      'phone.owner',
      token,
      token.slice(0, 16),
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toMatch(new RegExp(`(?<!\\d)(${code}|${wrong})(?!\\d)`));
  });

  it('names no address when a query fails (a database error quotes its parameters)', async () => {
    lines.length = 0;
    await database.db.execute(sql`alter table login_tokens rename to login_tokens_away`);
    try {
      const res = await post('/api/auth/request-link', { email: invited, userType: 'tourist' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', code: 'internal-error' });
    } finally {
      await database.db.execute(sql`alter table login_tokens_away rename to login_tokens`);
    }
    const text = log();
    expect(text).toContain('request failed');
    expect(text).toContain('login_tokens');
    expect(text).not.toContain('jane.doe');
    expect(text).not.toContain('params:');
  });

  it('writes one line per request: method, route pattern, status and time', async () => {
    lines.length = 0;
    const me = await mockSignIn(app, 'line.counter@example.org', 'tourist');
    lines.length = 0;
    await app.inject({ url: '/api/users/status', headers: { cookie: me.cookie } });
    await app.inject({
      url: '/api/profiles/tourist/00000000-0000-4000-8000-000000000000',
      headers: { cookie: me.cookie },
    });
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(requests.length);
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        route: '/api/users/status',
        status: 200,
        ms: expect.any(Number),
      }),
      expect.objectContaining({ method: 'GET', route: '/api/profiles/:type/:id' }),
    ]);
    expect(requests[1].status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(requests)).not.toContain('00000000-0000');
  });

  it("writes one line for a page: its first reads, answered in process, are the page's", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'lokal-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Lokal</title>');
    writeFileSync(
      path.join(webDist, 'app.html'),
      '<!doctype html><html><head><title>Lokal</title></head><body><div id="root"></div></body></html>',
    );
    const pageLines: string[] = [];
    const web = await buildApp(testConfig({ logLevel: 'info', webDist }), {
      database,
      logStream: { write: (line) => pageLines.push(line) },
    });
    await web.ready();
    try {
      // A guide's page reads its guide through the API (here: no such guide, so the page is a 404).
      const res = await web.inject({ url: '/guides/no-such-guide' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('id="first-answers"');
      const requests = pageLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
      expect(requests).toEqual([
        expect.objectContaining({ method: 'GET', route: '/guides/no-such-guide', status: 404 }),
      ]);
    } finally {
      await web.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp, openTestDatabase, testConfig } from './helper.ts';
import { extractSignInLink, readMail, startSmtpServer } from './mail-helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const signIn = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/mock-sign-in',
    payload: { email, userType: 'tourist' },
    headers: { host: 'localhost', ...headers },
  });

const localeCookie = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
  res.cookies.find((c) => c.name === 'lokal_locale');

const savedLocale = async (email: string) =>
  (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.email, email)))[0]?.locale;

describe("a member's language", () => {
  it("is the browser's language at the first sign-in, saved on the account and sent back as a cookie", async () => {
    const email = `lang.first.${Date.now()}@example.com`;
    const res = await signIn(email, { 'accept-language': 'fr-CH, de;q=0.9, en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(localeCookie(res)).toMatchObject({ value: 'fr', path: '/', sameSite: 'Lax', maxAge: 31_536_000 });
    expect(await savedLocale(email)).toBe('fr');
  });

  it('follows the visitor’s own choice (the cookie) over the browser’s header', async () => {
    const email = `lang.cookie.${Date.now()}@example.com`;
    const res = await signIn(email, { 'accept-language': 'de', cookie: 'lokal_locale=ja' });
    expect(localeCookie(res)?.value).toBe('ja');
    expect(await savedLocale(email)).toBe('ja');
  });

  it('is saved by the member and follows them to a new device, whatever that browser asks for', async () => {
    const email = `lang.saved.${Date.now()}@example.com`;
    const first = await signIn(email);
    const session = first.cookies.find((c) => c.name === 'lokal_session')!.value;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-locale',
      headers: { cookie: `lokal_session=${session}` },
      payload: { locale: 'de' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true });
    expect(localeCookie(saved)?.value).toBe('de');

    const elsewhere = await signIn(email, { 'accept-language': 'pt-BR', cookie: 'lokal_locale=es' });
    expect(localeCookie(elsewhere)?.value).toBe('de');
    expect(await savedLocale(email)).toBe('de');
  });

  it('refuses a language Lokal does not speak, and changes nothing', async () => {
    const email = `lang.bad.${Date.now()}@example.com`;
    const first = await signIn(email, { 'accept-language': 'it' });
    const session = first.cookies.find((c) => c.name === 'lokal_session')!.value;
    for (const locale of ['xx', 'EN', '', 'de-DE', null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/update-locale',
        headers: { cookie: `lokal_session=${session}` },
        payload: { locale },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await savedLocale(email)).toBe('it');
  });

  it('needs a session to be saved', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/update-locale',
      payload: { locale: 'de' },
    });
    expect(res.statusCode).toBe(401);
    expect(localeCookie(res)).toBeUndefined();
  });
});

describe('the sign-in e-mail', () => {
  it('is in the language of the page that asked for it', async () => {
    const smtp = await startSmtpServer();
    const database = await openTestDatabase();
    const german = `lang.mail.de.${Date.now()}@example.com`;
    const japanese = `lang.mail.ja.${Date.now()}@example.com`;
    const english = `lang.mail.en.${Date.now()}@example.com`;
    const app = await buildApp(
      { ...testConfig(), smtpUrl: smtp.url, invites: [german, japanese, english] },
      { database },
    );
    try {
      const ask = (email: string, headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/request-link',
          payload: { email, userType: 'tourist' },
          headers,
        });
      expect((await ask(german, { 'accept-language': 'de-AT, en;q=0.5' })).statusCode).toBe(200);
      expect((await ask(japanese, { 'accept-language': 'de', cookie: 'lokal_locale=ja' })).statusCode).toBe(
        200,
      );
      expect((await ask(english, { 'accept-language': 'ko, zh;q=0.8' })).statusCode).toBe(200);
      await app.outbox.drain();
      const mailTo = async (email: string) => {
        const found = smtp.mails.find((m) => m.to.includes(email));
        expect(found, `a mail to ${email}`).toBeDefined();
        return { ...(await readMail(found!.raw)), link: extractSignInLink(found!.raw) };
      };

      const de = await mailTo(german);
      expect(de.subject).toBe('Ihr Anmeldelink für Lokal');
      expect(de.text).toContain('Guten Tag,');
      expect(de.text).toContain(
        'in Ihrem Konto für Reisende an. Er funktioniert einmal und läuft in 10 Minuten ab.',
      );
      expect(de.html).toContain('<html lang="de">');
      expect(de.html).toContain('Bei Lokal anmelden');
      expect(de.link).toContain('/tourist/auth-redirect?token=');

      const ja = await mailTo(japanese);
      expect(ja.subject).toBe('Lokal のログインリンク');
      expect(ja.text).toContain('旅行者として Lokal にログインできます。');
      expect(ja.html).toContain('Lokal にログイン');

      const en = await mailTo(english);
      expect(en.subject).toBe('Your Lokal sign-in link');
      expect(en.text).toContain(
        'Use this link to sign in to Lokal as a traveller. It works once and expires in 10 minutes.',
      );
      expect(en.text).toContain('— Lokal');
    } finally {
      await app.close();
      await database.close();
      await smtp.close();
    }
  });
});

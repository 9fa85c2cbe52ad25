import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { extractSignInLink, startSmtpServer } from '../../../server/test/mail-helper.ts';
import { startSmsReceiver } from '../../../server/test/sms-helper.ts';
import { launchBrowser, trackErrors } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { eventually } from './wait.ts';

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 740 };

export type Tab = { context: BrowserContext; page: Page; errors: string[] };

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type Sms = Awaited<ReturnType<typeof startSmsReceiver>>;

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not running: use it inside a test`);
  return value;
}

/**
 * The built app on its own port and data folder plus one Chromium, started before the file's tests and
 * stopped after them. With `mail`, the app sends to a real SMTP server and SMS webhook the tests read.
 */
export function setupApp({ env = {}, mail = false }: { env?: Record<string, string>; mail?: boolean } = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let smtp: Smtp | undefined;
  let sms: Sms | undefined;

  beforeAll(async () => {
    const startApp = async () => {
      if (mail) [smtp, sms] = await Promise.all([startSmtpServer(), startSmsReceiver()]);
      const receivers: Record<string, string> =
        smtp && sms ? { SMTP_URL: smtp.url, SMS_WEBHOOK_URL: sms.url } : {};
      return startServer({ ...receivers, ...env });
    };
    [browser, server] = await Promise.all([launchBrowser(), startApp()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await sms?.close();
  });

  const app = {
    get url() {
      return started(server, 'the app').url;
    },
    get server() {
      return started(server, 'the app');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    get smtp() {
      return started(smtp, 'the SMTP server (setupApp({ mail: true }))');
    },
    get sms() {
      return started(sms, 'the SMS webhook (setupApp({ mail: true }))');
    },

    /**
     * A fresh browser context and page, with its console errors tracked. The app's service worker is
     * blocked unless asked for: it precaches every chunk, work the other journeys do not need (decision 031).
     */
    async newPage(
      viewport: Viewport = DESKTOP,
      { serviceWorker = false, locale }: { serviceWorker?: boolean; locale?: string } = {},
    ): Promise<Tab> {
      // `locale` is the browser's language: its Accept-Language and navigator.languages.
      const context = await app.browser.newContext({
        viewport,
        serviceWorkers: serviceWorker ? 'allow' : 'block',
        ...(locale ? { locale } : {}),
      });
      const page = await context.newPage();
      return { context, page, errors: trackErrors(page) };
    },

    /** Signs this page or context in through the development sign-in. */
    async signIn(on: { request: APIRequestContext }, email: string, userType: 'tourist' | 'guide') {
      const res = await on.request.post(`${app.url}/api/dev/mock-sign-in`, { data: { email, userType } });
      expect(res.status(), await res.text()).toBe(200);
    },

    /** A fresh page already signed in through the development sign-in. */
    async signedIn(
      email: string,
      userType: 'tourist' | 'guide',
      viewport: Viewport = DESKTOP,
      options: { serviceWorker?: boolean } = {},
    ): Promise<Tab> {
      const tab = await app.newPage(viewport, options);
      await app.signIn(tab.page, email, userType);
      return tab;
    },

    /** The sign-in link in the first mail to `email` among those after the first `after` mails. */
    linkFor(email: string, after: number): Promise<string> {
      return eventually(() => {
        const mail = app.smtp.mails.slice(after).find((m) => m.to.includes(email));
        return mail ? extractSignInLink(mail.raw) : undefined;
      }, `a mail to ${email}`);
    },
  };
  return app;
}

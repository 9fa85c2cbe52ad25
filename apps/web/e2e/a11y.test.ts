import { experienceEditorPath, PAGE_LIST, paths } from '@lokal/shared/domain/pages';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { type AxeFinding, formatFindings, seriousViolations } from './support/axe.ts';
import { eventually } from './support/wait.ts';

// Accessibility (decision 013): axe-core on every route of the router as each actor sees it, at a phone
// and a desktop width, with the main dialogs open; then keyboard-only journeys through sign-up, both
// onboardings and chat. No serious or critical axe violation is allowed.
const STAFF = 'staff.a11y@lokal.test';
const INVITED = ['kb.tourist@lokal.test', 'a11y.invited@lokal.test'];

// Phones are verified through the API here: the bot check has its own tests (spec-rules.test.ts).
const app = setupApp({
  mail: true,
  env: { INVITES: INVITED.join(','), ADMIN_EMAILS: STAFF, RATE_LIMIT_SCALE: '10', BOT_CHECK: 'off' },
});
let phone = 4_155_550_300;
let n = 0;

// ---------------------------------------------------------------------------------------------------------
// Helpers

const newPage = app.newPage;

async function post(context: BrowserContext, path: string, data: object) {
  const res = await context.request.post(`${app.url}${path}`, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

const mockSignIn = (context: BrowserContext, email: string, userType: 'tourist' | 'guide') =>
  post(context, '/api/dev/mock-sign-in', { email, userType });

const freshEmail = (who: string) => `${who}.${Date.now()}.${n++}@a11y.lokal.test`;

async function verifyPhoneByApi(context: BrowserContext): Promise<string> {
  const number = `+1${phone++}`;
  await post(context, '/api/phone/send-code', { phone: number });
  await post(context, '/api/phone/verify-code', { phone: number, code: app.sms.lastCode(number) });
  return number;
}

/** A guide who finished onboarding through the API; with `assessed`, the personality assessment too. */
async function onboardedGuide(context: BrowserContext, first: string, last: string, assessed: boolean) {
  await mockSignIn(context, freshEmail(first.toLowerCase()), 'guide');
  const number = await verifyPhoneByApi(context);
  await post(context, '/api/guides/onboarding', {
    firstName: first,
    lastName: last,
    phone: number,
    phoneVerified: true,
    gender: 'female',
    city: 'Barcelona',
  });
  if (assessed) {
    await post(context, '/api/guides/personality-assessment', {
      languages: ['English', 'Portuguese'],
      customLanguage: '',
      occupation: 'Architect',
      experiences: ['Culture & History', 'Food & Dining'],
      musicPreference: { rap: 1, techno: 2, rock: 4 },
      drinks: false,
      cannabisComfort: 1,
      politicalJokes: 2,
      animeKdrama: 'sometimes',
      lgbtqFriendly: true,
      orientation: 'straight',
      hideProfile: false,
      relationshipStatus: 'no',
      socialMedia: '@porto.lines',
      hideSocialMedia: false,
    });
  }
  return `${first} ${last}`;
}

const linkFor = app.linkFor;

// Every route of the router must be audited at least once; a new path without a row here fails the suite.
const ROUTES: string[] = [...PAGE_LIST.map((page) => page.path), '*'];
const audited = new Set<string>();

/** Audits the page as it is now; a `route` records the router path it stands for. */
async function audit(found: AxeFinding[], page: Page, where: string, route?: string) {
  found.push(...(await seriousViolations(page, where)));
  if (route) audited.add(route);
}

/** Audits at the current (desktop) width, then at a phone's, then restores the desktop width. */
async function auditBoth(found: AxeFinding[], page: Page, where: string, route?: string) {
  await page.setViewportSize(DESKTOP);
  await audit(found, page, `${where} @1280`, route);
  await page.setViewportSize(PHONE);
  await audit(found, page, `${where} @375`, route);
  await page.setViewportSize(DESKTOP);
}

/** Opens a dialog with `open`, audits it, and closes it with Escape. */
async function auditDialog(
  found: AxeFinding[],
  page: Page,
  name: string | RegExp,
  open: () => Promise<void>,
) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await audit(found, page, `dialog "${name}"`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const expectNone = (found: AxeFinding[]) => expect(formatFindings(found)).toBe('');

/** What has focus, in words, for failure messages. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (the page body)';
    const name =
      el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}> ${name ?? ''}`;
  });

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);
const holdsFocus = (target: Locator) => target.evaluate((el) => el.contains(document.activeElement));

/** Waits (up to 2 s) for `check` to hold; fails saying where focus is instead. */
async function waitForFocus(page: Page, check: () => Promise<boolean>, what: string) {
  const held = await eventually(async () => ((await check()) ? true : undefined), what, {
    timeout: 2000,
  }).catch(() => false);
  if (!held) throw new Error(`${what}: focus is on ${await focusedName(page)}`);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 25 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${target} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus is on ${await focusedName(page)}`,
  );
}

/** Focus is somewhere in `within`, not lost to the page body. */
const expectFocusIn = (page: Page, within: Locator, what: string) =>
  waitForFocus(page, () => holdsFocus(within), `${what} should hold focus`);

/** Focus is on `target`. */
const expectFocusOn = (page: Page, target: Locator, what: string) =>
  waitForFocus(page, () => hasFocus(target), `${what} should have focus`);

/** Tab and Shift+Tab a few times: focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await holdsFocus(dialog), `after ${key} focus is on ${await focusedName(page)}`).toBe(true);
  }
}

/**
 * Presses `key` until focus moves from `from` to `to`. Radix settles a freshly opened menu over a couple of
 * frames and may drop a key pressed before then (a person is never that quick): a dropped key leaves focus
 * on `from`, so it is pressed again; focus anywhere else fails.
 */
async function pressUntilFocused(page: Page, key: string, from: Locator, to: Locator, what: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.keyboard.press(key);
    const moved = await eventually(
      async () => ((await hasFocus(from)) ? undefined : true),
      `${key} moving focus`,
      { timeout: 500 },
    ).catch(() => false);
    if (moved) break;
  }
  await expectFocusOn(page, to, what);
}

/** Tabs to the SMS step's controls, sends a code, types it from the SMS webhook and verifies. */
async function verifyPhoneByKeyboard(page: Page, found: AxeFinding[], where: string) {
  const number = `+1${phone++}`;
  await tabTo(page, page.getByLabel('Phone number'));
  await page.keyboard.type(number);
  await tabTo(page, page.getByRole('button', { name: 'Send code' }));
  await page.keyboard.press('Enter');
  // The code field takes focus as soon as it appears.
  const code = page.getByLabel('Verification code');
  await code.waitFor();
  await expectFocusOn(page, code, 'the code field, once the code is sent');
  await audit(found, page, `${where}: code sent`);
  await page.keyboard.type(app.sms.lastCode(number));
  await page.keyboard.press('Enter');
  await page.getByText('is verified').waitFor();
  // Focus stays in the form, so the next Tab goes on to Next rather than to the top of the page.
  await expectFocusIn(page, page.locator('form'), 'after verifying the phone');
  await tabTo(page, page.getByRole('button', { name: 'Next' }), { max: 3 });
}

// ---------------------------------------------------------------------------------------------------------
// axe on every route

describe('axe-core on every route', () => {
  it('anonymous: the open pages, the sign-in dialogs and the not-found page', async () => {
    const found: AxeFinding[] = [];
    const { context, page } = await newPage();
    const open: [string, string, (p: Page) => Locator][] = [
      [paths.landing, '/', (p) => p.getByRole('link', { name: 'Start Exploring' })],
      [paths.test, paths.test, (p) => p.getByRole('heading', { name: 'Routing test' })],
      [paths.tourist.signup, paths.tourist.signup, (p) => p.getByLabel('Email address')],
      [paths.tourist.login, paths.tourist.login, (p) => p.getByLabel('Email address')],
      [paths.tourist.authRedirect, paths.tourist.authRedirect, (p) => p.getByText('Invalid sign-in link')],
      [paths.guide.signup, paths.guide.signup, (p) => p.getByLabel('Email address')],
      [paths.guide.login, paths.guide.login, (p) => p.getByLabel('Email address')],
      [paths.guide.authRedirect, paths.guide.authRedirect, (p) => p.getByText('Invalid sign-in link')],
      [paths.admin.login, paths.admin.login, (p) => p.getByRole('heading', { name: 'Staff console' })],
      [paths.admin.authRedirect, paths.admin.authRedirect, (p) => p.getByText('Invalid sign-in link')],
      ['*', '/no/such/page', (p) => p.getByRole('heading', { name: 'Oops! Page not found' })],
    ];
    // A guide's page and one of the guide's experiences, as a shared link shows them signed out.
    const sofia = await (await page.request.get(`${app.url}/api/pages/guides/sofia-martinez`)).json();
    const experience = `/experiences/${sofia.preview.experiences[0].id}`;
    open.push(
      [paths.guidePage, '/guides/sofia-martinez', (p) => p.getByRole('link', { name: 'Request an invite' })],
      [paths.experiencePage, experience, (p) => p.getByRole('link', { name: 'Request an invite' })],
    );
    for (const [route, url, ready] of open) {
      await page.goto(`${app.url}${url}`);
      await ready(page).first().waitFor();
      await auditBoth(found, page, `anonymous ${url}`, route);
    }

    // The development panel (localhost only), opened.
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'Development' }).click();
    await page.getByRole('switch').waitFor();
    await audit(found, page, 'anonymous / with the development panel open');

    // The two answers of the sign-up form, on a phone.
    await page.setViewportSize(PHONE);
    await page.goto(`${app.url}${paths.tourist.signup}`);
    await page.getByLabel('Email address').fill(INVITED[1]!);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
    await audit(found, page, 'anonymous sign-up: Check your email');
    await page.keyboard.press('Escape');
    await page.getByLabel('Email address').fill('stranger@example.com');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('dialog', { name: 'Beta Access Only' }).waitFor();
    await audit(found, page, 'anonymous sign-up: Beta Access Only');
    await context.close();
    expectNone(found);
  });

  it('tourist: discovery, messages, a conversation with its dialogs, bookings, settings, onboarding', async () => {
    const found: AxeFinding[] = [];
    const { context, page, errors } = await newPage();
    await mockSignIn(context, 'james.whitfield@demo.lokal.app', 'tourist');

    await page.goto(`${app.url}${paths.tourist.home}`);
    await page.getByTestId('guide-card').first().waitFor();
    await auditBoth(found, page, 'tourist home', paths.tourist.home);
    await auditDialog(found, page, /^Reviews of /, () =>
      page
        .getByRole('button', { name: /read the reviews of/ })
        .first()
        .click(),
    );

    // A conversation with Sofia, opened the way Contact does.
    const search = await context.request.get(`${app.url}/api/guides/search?q=sofia`);
    const guideId = (await search.json()).guides[0].id as string;
    const { id } = (await post(context, '/api/chat/conversations', { guideId })) as { id: string };
    await post(context, '/api/chat/send', {
      conversationId: id,
      body: 'Hola Sofia!',
      clientId: `a11y-message-${Date.now()}`,
    });
    await page.goto(`${app.url}${paths.tourist.conversation.replace(':conversationId', id)}`);
    await page.getByRole('textbox', { name: 'Message Sofia Martinez' }).waitFor();
    await page.getByTestId('message').first().waitFor();
    await auditBoth(found, page, 'tourist conversation', paths.tourist.conversation);
    // The guide's name leads to the guide's page; the profile dialog opens from the menu.
    await auditDialog(found, page, 'Sofia Martinez', async () => {
      await page.getByRole('button', { name: 'Conversation options' }).click();
      await page.getByRole('menuitem', { name: 'View profile' }).click();
    });
    await auditDialog(found, page, 'Book Sofia', () => page.getByRole('button', { name: 'Book' }).click());
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menu').waitFor();
    await audit(found, page, 'tourist conversation: options menu open');
    await auditDialog(found, page, 'Report Sofia Martinez', () =>
      page.getByRole('menuitem', { name: 'Report Sofia' }).click(),
    );

    await page.goto(`${app.url}${paths.tourist.chats}`);
    await page.getByTestId('conversation-row').first().waitFor();
    await auditBoth(found, page, 'tourist messages', paths.tourist.chats);

    await page.goto(`${app.url}${paths.tourist.bookings}`);
    await page.getByRole('tab', { name: 'Upcoming' }).waitFor();
    await auditBoth(found, page, 'tourist bookings', paths.tourist.bookings);
    await auditDialog(found, page, 'Notifications', () =>
      page.getByRole('button', { name: /^Notifications/ }).click(),
    );

    await page.goto(`${app.url}${paths.tourist.settings}`);
    await page.getByRole('region', { name: 'Profile summary' }).getByText('James Whitfield').waitFor();
    await auditBoth(found, page, 'tourist settings', paths.tourist.settings);
    await auditDialog(found, page, 'Edit profile', () =>
      page.getByRole('button', { name: 'Edit profile' }).click(),
    );

    await page.goto(`${app.url}${paths.tourist.favorites}`);
    await page.getByRole('heading', { name: 'Favorites', level: 1 }).waitFor();
    await auditBoth(found, page, 'tourist favorites', paths.tourist.favorites);

    await page.goto(`${app.url}${paths.tourist.travelStyle}`);
    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    await auditBoth(found, page, 'travel style quiz', paths.tourist.travelStyle);
    expect(errors).toEqual([]);
    await context.close();

    // A new tourist lands on onboarding (its three steps are audited in the keyboard journey too).
    const fresh = await newPage(PHONE);
    await mockSignIn(fresh.context, freshEmail('tourist'), 'tourist');
    await fresh.page.goto(`${app.url}${paths.tourist.onboarding}`);
    await fresh.page.getByLabel('First name').waitFor();
    await auditBoth(found, fresh.page, 'new tourist onboarding', paths.tourist.onboarding);
    await fresh.context.close();
    expectNone(found);
  });

  it('guide: a verified guide’s screens, and a new guide from onboarding to the pending-verification modal', async () => {
    const found: AxeFinding[] = [];
    const { context, page, errors } = await newPage();
    await mockSignIn(context, 'sofia.martinez@demo.lokal.app', 'guide');

    await page.goto(`${app.url}${paths.guide.home}`);
    await page.getByTestId('tourist-card').first().waitFor();
    await auditBoth(found, page, 'guide home', paths.guide.home);

    await page.goto(`${app.url}${paths.guide.chats}`);
    const row = page.getByTestId('conversation-row').first();
    await row.waitFor();
    await auditBoth(found, page, 'guide messages', paths.guide.chats);
    await row.click();
    await page.waitForURL(/\/guide\/chats\/[0-9a-f-]{36}$/);
    await page.getByRole('textbox', { name: /^Message / }).waitFor();
    await auditBoth(found, page, 'guide conversation', paths.guide.conversation);

    await page.goto(`${app.url}${paths.guide.bookings}`);
    await page.getByRole('tab', { name: 'Upcoming' }).waitFor();
    await auditBoth(found, page, 'guide bookings', paths.guide.bookings);
    await auditDialog(found, page, 'Notifications', () =>
      page.getByRole('button', { name: /^Notifications/ }).click(),
    );

    await page.goto(`${app.url}${paths.guide.settings}`);
    await page.getByRole('region', { name: 'Profile summary' }).getByText('Sofia Martinez').waitFor();
    await auditBoth(found, page, 'guide settings', paths.guide.settings);
    await auditDialog(found, page, 'Edit profile', () =>
      page.getByRole('button', { name: 'Edit profile' }).click(),
    );

    await page.goto(`${app.url}${paths.guide.topTourists}`);
    await page.getByTestId('top-tourist').first().waitFor();
    await auditBoth(found, page, 'guide top tourists', paths.guide.topTourists);
    await auditDialog(found, page, /.+/, () =>
      page.getByRole('button', { name: 'View profile' }).first().click(),
    );

    await page.goto(`${app.url}${paths.guide.preview}`);
    await page.getByRole('heading', { name: 'How travellers see you' }).waitFor();
    await auditBoth(found, page, 'verified guide preview', paths.guide.preview);

    await page.goto(`${app.url}${paths.guide.experiences}`);
    await page.getByTestId('experience-card').first().waitFor();
    await auditBoth(found, page, 'guide experiences', paths.guide.experiences);
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Edit experience' }).waitFor();
    await auditBoth(found, page, 'experience editor', paths.guide.experienceEditor);
    await page.goto(`${app.url}${experienceEditorPath('new')}`);
    await page.getByRole('heading', { name: 'New experience' }).waitFor();
    await auditBoth(found, page, 'new experience editor');
    await page.goto(`${app.url}${paths.guide.availability}`);
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    await auditBoth(found, page, 'guide availability', paths.guide.availability);
    expect(errors).toEqual([]);
    await context.close();

    // A new guide: onboarding, then (onboarded through the API) the preview and the assessment's first step.
    const fresh = await newPage(PHONE);
    await mockSignIn(fresh.context, freshEmail('guide'), 'guide');
    await fresh.page.goto(`${app.url}${paths.guide.onboarding}`);
    await fresh.page.getByLabel('First name').waitFor();
    await auditBoth(found, fresh.page, 'new guide onboarding', paths.guide.onboarding);
    await fresh.context.close();

    const waiting = await newPage();
    await onboardedGuide(waiting.context, 'Ines', 'Ferreira', false);
    await waiting.page.goto(`${app.url}${paths.guide.preview}`);
    await waiting.page.getByRole('link', { name: /Start the assessment/ }).waitFor();
    await auditBoth(found, waiting.page, 'new guide preview', paths.guide.preview);
    await waiting.page.goto(`${app.url}${paths.guide.personalityTest}`);
    await waiting.page.getByText('Question 1 of 5').waitFor();
    await auditBoth(found, waiting.page, 'personality test, question 1', paths.guide.personalityTest);
    await waiting.context.close();

    // Assessed but not verified: the dashboard with its checklist, and the modal.
    const unverified = await newPage();
    await onboardedGuide(unverified.context, 'Rosa', 'Almeida', true);
    await unverified.page.goto(`${app.url}${paths.guide.home}`);
    await unverified.page.getByRole('dialog', { name: 'Verification pending' }).waitFor();
    await auditBoth(found, unverified.page, 'unverified guide home with the pending modal');
    // Closed, the modal leaves a usable dashboard: its checklist's first link is in the Tab order.
    await unverified.page.keyboard.press('Escape');
    await unverified.page.getByRole('dialog').waitFor({ state: 'detached' });
    await audit(found, unverified.page, 'unverified guide home, modal closed');
    const step = unverified.page
      .getByTestId('activation-checklist')
      .getByRole('link', { name: 'Upload your identity document' });
    await step.waitFor();
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await unverified.page.keyboard.press('Tab');
      reached = await holdsFocus(step);
    }
    expect(reached, 'Tab reaches the checklist').toBe(true);
    await unverified.context.close();
    expectNone(found);
  });

  it('staff: the sign-in link in another browser, then every section of the console', async () => {
    const found: AxeFinding[] = [];
    // Someone to decide on.
    const guide = await newPage();
    const name = await onboardedGuide(guide.context, 'Clara', 'Sousa', true);
    await guide.context.close();

    const { context, page, errors } = await newPage();
    const before = app.smtp.mails.length;
    await page.goto(`${app.url}${paths.admin.login}`);
    await page.getByLabel('Email address').fill(STAFF);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
    await audit(found, page, 'staff login: Check your email');
    const link = await linkFor(STAFF, before);

    // Opened in another browser, the link asks to continue instead of signing in silently.
    const other = await app.browser.newContext({ viewport: DESKTOP });
    const staff = await other.newPage();
    await staff.goto(link);
    const proceed = staff.getByRole('button', { name: `Continue as ${STAFF}` });
    await proceed.waitFor();
    await auditBoth(found, staff, 'staff auth-redirect: Continue as', paths.admin.authRedirect);
    await proceed.click();
    await staff.waitForURL(`${app.url}${paths.admin.home}`);
    await staff.getByRole('heading', { name: 'Staff console' }).waitFor();
    await staff.getByRole('button', { name: 'Ready to verify', pressed: true }).waitFor();
    await audit(found, staff, 'staff console: Verification, ready to verify');
    // Clara has no photo of her own, so she waits under "All waiting".
    await staff.getByRole('button', { name: 'All waiting', exact: true }).click();
    await staff.getByRole('article', { name }).waitFor();
    await auditBoth(found, staff, 'staff console: Verification', paths.admin.home);
    await auditDialog(found, staff, `Reject ${name}`, () =>
      staff.getByRole('button', { name: `Reject ${name}` }).click(),
    );
    for (const section of ['invites', 'waitlist', 'reports', 'users', 'audit']) {
      await staff.goto(`${app.url}${paths.admin.home}?section=${section}`);
      await staff.getByRole('tabpanel').getByRole('heading').first().waitFor();
      await auditBoth(found, staff, `staff console: ${section}`);
    }
    expect(errors).toEqual([]);
    await other.close();
    await context.close();
    expectNone(found);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Keyboard only: after the first page.goto (and opening the e-mailed link), every move is a key press.

describe('keyboard-only journeys', () => {
  it('sign-up by magic link and the tourist onboarding, with the SMS code', async () => {
    const found: AxeFinding[] = [];
    const { context, page, errors } = await newPage(PHONE);
    const email = INVITED[0]!;
    const before = app.smtp.mails.length;
    await page.goto(`${app.url}${paths.tourist.signup}`);
    await tabTo(page, page.getByLabel('Email address'));
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    // The dialog takes focus, keeps it, and gives it back when closed with Escape.
    const dialog = page.getByRole('dialog', { name: 'Check your email' });
    await dialog.waitFor();
    await expectFocusIn(page, dialog, 'the Check your email dialog');
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusIn(page, page.locator('form'), 'after closing the dialog');

    // The e-mailed link (opened from the mail client) signs in and leads to onboarding. The page's clock is
    // held while "You're signed in" is audited, so the 2-second redirect cannot pull the page away mid-run.
    await page.clock.install();
    await page.goto(await linkFor(email, before));
    await page.getByRole('heading', { name: "You're signed in" }).waitFor();
    await audit(found, page, 'tourist auth-redirect: signed in', paths.tourist.authRedirect);
    await page.clock.resume();
    await page.waitForURL('**/tourist/onboarding');
    await page.getByRole('heading', { name: 'Personal Info' }).waitFor();
    await tabTo(page, page.getByLabel('First name'));
    await page.keyboard.type('Ana');
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByLabel('Last name'))).toBe(true);
    await page.keyboard.type('Teclado');
    await page.keyboard.press('Enter');

    // Each new step announces itself: its heading takes focus.
    await page.getByRole('heading', { name: 'Verify Phone' }).waitFor();
    await expectFocusIn(page, page.getByRole('heading', { name: 'Verify Phone' }), 'step 2');
    await audit(found, page, 'tourist onboarding step 2', paths.tourist.onboarding);
    await verifyPhoneByKeyboard(page, found, 'tourist onboarding step 2');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Professional' }).waitFor();
    await expectFocusIn(page, page.getByRole('heading', { name: 'Professional' }), 'step 3');
    // The occupations are a radio group: Tab enters it, arrows choose.
    await page.keyboard.press('Tab');
    const first = page.getByRole('radio').first();
    expect(await hasFocus(first), `focus is on ${await focusedName(page)}`).toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    const second = page.getByRole('radio').nth(1);
    expect(await second.isChecked()).toBe(true);
    await audit(found, page, 'tourist onboarding step 3', paths.tourist.onboarding);
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Your Trip' }).waitFor();
    await expectFocusIn(page, page.getByRole('heading', { name: 'Your Trip' }), 'step 4');
    await audit(found, page, 'tourist onboarding step 4', paths.tourist.onboarding);
    // Each language and interest is a checkbox of its own: one stop each.
    await tabTo(page, page.getByRole('button', { name: 'Skip for now' }), { max: 40 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tourist/home');
    await page.getByRole('heading', { name: 'Discover local guides' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    expectNone(found);
  });

  it('the guide onboarding, four steps, on to the assessment', async () => {
    const found: AxeFinding[] = [];
    const { context, page, errors } = await newPage(DESKTOP);
    await mockSignIn(context, freshEmail('kb.guide'), 'guide');
    await page.goto(`${app.url}${paths.guide.onboarding}`);
    await tabTo(page, page.getByLabel('First name'));
    await page.keyboard.type('Rui');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Tecla');
    // The city comes next (nothing is detected from a local address, so it starts empty).
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByLabel('City where you guide'))).toBe(true);
    await page.keyboard.type('Lisbon');
    await audit(found, page, 'guide onboarding step 1', paths.guide.onboarding);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Contact & Verify' }).waitFor();
    await expectFocusIn(page, page.getByRole('heading', { name: 'Contact & Verify' }), 'step 2');
    await verifyPhoneByKeyboard(page, found, 'guide onboarding step 2');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Gender & Pronouns' }).waitFor();
    await page.keyboard.press('Tab');
    expect(
      await hasFocus(page.getByRole('radio', { name: 'Male', exact: true })),
      await focusedName(page),
    ).toBe(true);
    // Arrows move through Male → Female → Other and choose as they go.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Other' }).isChecked()).toBe(true);
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByLabel('How do you describe your gender?'))).toBe(true);
    await page.keyboard.type('Non-binary');
    await page.keyboard.press('Tab');
    await page.keyboard.type('they/them');
    await audit(found, page, 'guide onboarding step 3', paths.guide.onboarding);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Welcome Guide!' }).waitFor();
    await page.getByText('Background check in progress').waitFor();
    await audit(found, page, 'guide onboarding step 4', paths.guide.onboarding);
    await tabTo(page, page.getByRole('button', { name: 'Complete' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/guide/preview');
    await tabTo(page, page.getByRole('link', { name: /Start the assessment/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/guide/personality/test');
    await page.getByText('Question 1 of 5').waitFor();
    // The assessment itself is walked by keyboard in journeys.test.ts.
    expect(errors).toEqual([]);
    await context.close();
    expectNone(found);
  });

  it('chat: Contact from discovery, Enter sends, Shift+Enter breaks the line, the menu and dialogs by keyboard', async () => {
    const { context, page, errors } = await newPage(DESKTOP);
    await mockSignIn(context, 'aisha.rahman@demo.lokal.app', 'tourist');
    await page.goto(`${app.url}${paths.tourist.home}`);
    await tabTo(page, page.getByLabel('Search guides'));
    await page.keyboard.type('kenji');
    const contact = page.getByRole('button', { name: 'Contact Kenji Watanabe' });
    await contact.waitFor();
    await expect.poll(() => page.getByTestId('guide-card').count()).toBe(1);
    // Past the filter bar and the card's photo, name and reviews links.
    await tabTo(page, contact, { max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tourist\/chats\/[0-9a-f-]{36}$/);

    // The composer is ready to type into.
    const box = page.getByRole('textbox', { name: 'Message Kenji Watanabe' });
    await box.waitFor();
    await tabTo(page, box);
    await page.keyboard.type('Konnichiwa!');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('A food tour on Friday?');
    expect(await box.inputValue()).toBe('Konnichiwa!\nA food tour on Friday?');
    await page.keyboard.press('Enter');
    const bubble = page.getByRole('log').getByTestId('message').first();
    await bubble.getByLabel('Sent').waitFor();
    expect(await bubble.innerText()).toContain('Konnichiwa!\nA food tour on Friday?');
    expect(await box.inputValue()).toBe('');
    expect(await hasFocus(box)).toBe(true);

    // The conversation menu: reached with Shift+Tab, opened with Enter, arrows inside, Escape gives focus back.
    const options = page.getByRole('button', { name: 'Conversation options' });
    await tabTo(page, options, { back: true });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // Opened from the keyboard, the menu puts focus on its first item.
    const firstItem = page.getByRole('menuitem', { name: 'View profile' });
    const reportItem = page.getByRole('menuitem', { name: 'Report Kenji' });
    await expectFocusOn(page, firstItem, 'the first menu item');
    await pressUntilFocused(page, 'ArrowDown', firstItem, reportItem, 'the Report item, after ArrowDown');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocusOn(page, options, 'the menu button, after Escape');

    // Report from the menu: the dialog holds focus, Escape closes it and focus goes back to the menu button.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await expectFocusOn(page, firstItem, 'the first menu item');
    await pressUntilFocused(page, 'ArrowDown', firstItem, reportItem, 'the Report item, after ArrowDown');
    await page.keyboard.press('Enter');
    const report = page.getByRole('dialog', { name: 'Report Kenji Watanabe' });
    await report.waitFor();
    await expectFocusIn(page, report, 'the report dialog');
    await expectFocusTrapped(page, report);
    await page.keyboard.press('Escape');
    await report.waitFor({ state: 'detached' });
    await expectFocusOn(page, options, 'the menu button, after the report dialog');

    // Book: Enter opens the dialog, radio cards and the party size answer the keyboard, Escape returns.
    const book = page.getByRole('button', { name: 'Book' });
    await tabTo(page, book, { back: true });
    await page.keyboard.press('Enter');
    const booking = page.getByRole('dialog', { name: 'Book Kenji' });
    await booking.waitFor();
    await expectFocusIn(page, booking, 'the booking dialog');
    await expectFocusTrapped(page, booking);
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'detached' });
    await expectFocusOn(page, book, 'the Book button, after the booking dialog');

    // The guide's name leads to the guide's page; the profile opens from the menu, by keyboard too.
    await tabTo(page, options, { back: true });
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await expectFocusOn(page, firstItem, 'the first menu item');
    await page.keyboard.press('Enter');
    const card = page.getByRole('dialog', { name: 'Kenji Watanabe' });
    await card.waitFor();
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    await expectFocusOn(page, options, 'the menu button, after the profile dialog');
    await tabTo(page, page.getByRole('link', { name: 'Kenji Watanabe', exact: true }), { back: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('coverage', () => {
  it('audited every route of the router (a new page in the shared page table needs its row above)', () => {
    expect(ROUTES.filter((r) => !audited.has(r))).toEqual([]);
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { toast } from './support/toast.ts';

// The staff console: a staff member signs in by magic link and decides on guides who wait, reading their
// dashboards' checklists, in other browsers. Real SMTP and SMS webhook; the guides are onboarded through the API.
const STAFF = 'staff.e2e@lokal.test';

// These journeys verify phones through the API: the bot check has its own tests (spec-rules.test.ts).
const app = setupApp({ mail: true, env: { ADMIN_EMAILS: STAFF, RATE_LIMIT_SCALE: '10', BOT_CHECK: 'off' } });
let phone = 4_155_550_200;
let n = 0;

const ANSWERS = {
  languages: ['English', 'Italian'],
  customLanguage: '',
  occupation: 'Sommelier',
  experiences: ['Food & Dining', 'Pub Crawls'],
  musicPreference: { rap: 2, techno: 4, rock: 3 },
  drinks: true,
  cannabisComfort: 2,
  politicalJokes: 3,
  animeKdrama: 'no',
  lgbtqFriendly: true,
  orientation: 'straight',
  hideProfile: false,
  relationshipStatus: 'no',
  socialMedia: '@wine.walks',
  hideSocialMedia: false,
};

const newPage = app.newPage;

/** A profile photo the server takes (decision 090): 600×600 of varied pixels, as JPEG. */
async function portrait() {
  const side = 600;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i % (side * 3)) / 7 + Math.floor(i / (side * 3)) / 3) % 256;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/**
 * A guide who finished onboarding (phone verified by SMS) and the assessment, through the real API, with an
 * identity document; `photo` adds a profile photo of their own, which makes them ready to verify.
 */
async function waitingGuide(context: BrowserContext, first: string, last: string, { photo = false } = {}) {
  const email = `${first.toLowerCase()}.${Date.now()}.${n++}@e2e.lokal.test`;
  const call = async (path: string, data: object) => {
    const res = await context.request.post(`${app.url}${path}`, { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  };
  await call('/api/dev/mock-sign-in', { email, userType: 'guide' });
  const number = `+1${phone++}`;
  await call('/api/phone/send-code', { phone: number });
  await call('/api/phone/verify-code', { phone: number, code: app.sms.lastCode(number) });
  await call('/api/guides/onboarding', {
    firstName: first,
    lastName: last,
    phone: number,
    phoneVerified: true,
    gender: 'female',
    city: 'Barcelona',
  });
  await call('/api/guides/personality-assessment', ANSWERS);
  // Staff verify only with evidence: the verified phone above and an identity document.
  const upload = await context.request.post(`${app.url}/api/guides/me/identity-document`, {
    multipart: {
      document: { name: 'id.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  if (photo) {
    const res = await context.request.post(`${app.url}/api/users/me/photo`, {
      multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portrait() } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return { email, phone: number, name: `${first} ${last}` };
}

async function staffSignIn(page: Page) {
  const before = app.smtp.mails.length;
  await page.goto(`${app.url}/admin/login`);
  await page.getByRole('heading', { name: 'Staff console' }).waitFor();
  await page.getByLabel('Email address').fill(STAFF);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const link = await app.linkFor(STAFF, before);
  expect(new URL(link).pathname).toBe('/admin/auth-redirect');
  await page.goto(link);
  await page.getByRole('heading', { name: "You're signed in" }).waitFor();
  await page.waitForURL(`${app.url}/admin`);
  await page.getByRole('heading', { name: 'Staff console' }).waitFor();
}

/** The guide comes back to the tab: what a browser signals when its window regains focus. */
const returnToTab = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

/** The heading of the dashboard's checklist: what the guide reads of the review. */
const review = (page: Page) => page.getByTestId('activation-checklist').locator('h2').textContent();

describe('the staff console', () => {
  it('staff verify a waiting guide and the guide’s checklist says so without a reload', async () => {
    // The guide waits on a phone, on the dashboard with its checklist.
    const g = await newPage(PHONE);
    const guide = await waitingGuide(g.context, 'Eva', 'Moretti', { photo: true });
    await g.page.goto(`${app.url}/guide/home`);
    await g.page.getByRole('dialog', { name: 'Verification pending' }).waitFor();
    expect(await review(g.page)).toBe('Verification pending');
    await g.page.keyboard.press('Escape');
    // The dashboard is usable while staff review.
    await g.page.getByRole('heading', { name: 'Guide Dashboard' }).waitFor();

    // Staff sign in by magic link on a desktop and find her in the queue with what they need to decide: she is
    // ready to verify, the view the queue opens on.
    const s = await newPage(DESKTOP);
    await staffSignIn(s.page);
    const filters = s.page.getByRole('group', { name: 'Show' }).getByRole('button');
    expect(await filters.allInnerTexts()).toEqual(['Ready to verify', 'All waiting']);
    expect(await filters.first().getAttribute('aria-pressed')).toBe('true');
    const card = s.page.getByRole('article', { name: guide.name });
    await card.waitFor();
    await card.getByText(guide.email).waitFor();
    await card.getByText(guide.phone).waitFor();
    await card.getByText(/Waiting (less than a minute|\d+ minutes?)/).waitFor();
    await card.getByText('Assessment answers').click();
    await card.getByText('@wine.walks').waitFor();
    await card.getByRole('button', { name: `Verify ${guide.name}` }).click();
    await toast(s.page, `${guide.name} is verified.`).waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // Back on the guide's phone: no reload, the next status check clears the page.
    await returnToTab(g.page);
    await expect.poll(() => review(g.page), { timeout: 10_000 }).toBe('Finish setting up');
    await expect.poll(() => g.page.getByRole('dialog').count()).toBe(0);
    await g.page.getByRole('heading', { name: 'Guide Dashboard' }).waitFor();
    expect(g.page.url()).toBe(`${app.url}/guide/home`);

    // The audit log has it, with who did it.
    await s.page.getByRole('tab', { name: 'Audit log' }).click();
    const entry = s.page.getByTestId('audit-list').getByRole('listitem').first();
    await entry.getByText('Verified a guide').waitFor();
    await entry.getByText(guide.email).waitFor();
    await entry.getByText(STAFF).waitFor();
    expect(s.errors).toEqual([]);
    await g.context.close();
    await s.context.close();
  });

  it('rejects with a reason by keyboard on a phone, and the guide reads the reason', async () => {
    const g = await newPage(DESKTOP);
    const guide = await waitingGuide(g.context, 'Lia', 'Conti');
    await g.page.goto(`${app.url}/guide/home`);
    await g.page.getByRole('dialog', { name: 'Verification pending' }).waitFor();

    const s = await newPage(PHONE);
    await staffSignIn(s.page);
    // Keyboard only: the tabs answer arrow keys, the dialog keeps focus and Escape-free submission works.
    await s.page.getByRole('tab', { name: /Verification/ }).focus();
    await s.page.keyboard.press('ArrowRight');
    await s.page.getByRole('heading', { name: /Invite list/ }).waitFor();
    expect(new URL(s.page.url()).searchParams.get('section')).toBe('invites');
    await s.page.keyboard.press('ArrowLeft');
    await s.page.getByRole('heading', { name: /Waiting for review/ }).waitFor();
    // Lia has no photo of her own, so she is not ready to verify; with no one ready, the view says so and
    // offers every waiting guide.
    await s.page.getByRole('heading', { name: 'No guide is ready to verify' }).waitFor();
    await s.page.getByRole('button', { name: 'Show all waiting guides' }).focus();
    await s.page.keyboard.press('Enter');
    await s.page.getByRole('button', { name: 'All waiting', pressed: true }).waitFor();

    const reject = s.page.getByRole('button', { name: `Reject ${guide.name}` });
    await reject.focus();
    await s.page.keyboard.press('Enter');
    const dialog = s.page.getByRole('dialog', { name: `Reject ${guide.name}` });
    await dialog.waitFor();
    // Nothing typed yet: the shared schema's message, and the guide is still waiting.
    await dialog.getByRole('button', { name: 'Reject guide' }).focus();
    await s.page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('Tell the guide why').waitFor();
    await dialog.getByLabel('Reason').focus();
    await s.page.keyboard.type('Please add a clear photo of your face.');
    await s.page.keyboard.press('Tab');
    await s.page.keyboard.press('Tab');
    await s.page.keyboard.press('Enter');
    await toast(s.page, `${guide.name} was rejected.`).waitFor();
    await expect.poll(() => s.page.getByRole('article', { name: guide.name }).count()).toBe(0);
    // No sideways scrolling on a phone.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await returnToTab(g.page);
    const modal = g.page.getByRole('dialog', { name: 'Profile not approved yet' });
    await modal.waitFor({ timeout: 10_000 });
    await modal.getByText('Please add a clear photo of your face.').waitFor();
    await expect.poll(() => review(g.page)).toBe('Profile not approved yet');
    await modal.getByRole('link', { name: 'Update my answers' }).click();
    await g.page.waitForURL('**/guide/personality/test');
    expect(s.errors).toEqual([]);
    await g.context.close();
    await s.context.close();
  });

  it('loads the invite list a page at a time: 20, then the rest by the Load more button, nothing twice', async () => {
    const s = await newPage(DESKTOP);
    await staffSignIn(s.page);
    const tag = `paged${Date.now()}`;
    for (let i = 0; i < 23; i++) {
      const res = await s.context.request.post(`${app.url}/api/admin/invites`, {
        data: { email: `${tag}.${String(i).padStart(2, '0')}@e2e.lokal.test` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await s.page.goto(`${app.url}/admin?section=invites`);
    await s.page.getByRole('heading', { name: /Invite list/ }).waitFor();
    await s.page.getByLabel('Search invites').fill(tag);
    const removes = s.page.getByRole('button', { name: new RegExp(`^Remove ${tag}\\.`) });
    // Newest first: the last one added heads the first page of 20.
    await removes.first().waitFor();
    await expect.poll(() => removes.count()).toBe(20);
    expect(await removes.first().getAttribute('aria-label')).toBe(`Remove ${tag}.22@e2e.lokal.test`);
    const more = s.page.getByRole('button', { name: 'Load more invites' });
    await more.focus();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => removes.count()).toBe(23);
    await more.waitFor({ state: 'detached' });
    const labels = await removes.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(new Set(labels).size).toBe(23);
    expect(labels.at(-1)).toBe(`Remove ${tag}.00@e2e.lokal.test`);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });

  it('is for staff only: the sign-in sends no link to others, and members are sent to their own home', async () => {
    const { context, page } = await newPage(DESKTOP);
    await page.goto(`${app.url}/admin`);
    await page.waitForURL('**/admin/login');
    const before = app.smtp.mails.length;
    await page.getByLabel('Email address').fill('guide@lokal.test');
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByText("This address can't sign in to the staff console.").waitFor();
    expect(await page.getByRole('heading', { name: 'Beta Access Only' }).count()).toBe(0);
    // The refusal follows the server's answer, and the server answers after any mail is handed over.
    expect(app.smtp.mails.length).toBe(before);

    const res = await page.request.post(`${app.url}/api/dev/mock-sign-in`, {
      data: { email: 'james.whitfield@demo.lokal.app', userType: 'tourist' },
    });
    expect(res.status()).toBe(200);
    await page.goto(`${app.url}/admin`);
    await page.waitForURL('**/tourist/home');
    await context.close();
  });
});

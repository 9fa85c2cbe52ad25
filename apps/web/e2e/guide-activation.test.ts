import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';
import { toast } from './support/toast.ts';
import { eventually } from './support/wait.ts';

// A new guide waiting for staff: the dashboard's checklist leads through the identity document, the profile
// photo and publishing an experience (docs/product.md#guide-screens), on a phone and a wide screen; toasts on
// the way never sit over the screen's buttons.
// Sends codes through the API, so the browser's bot check is off here (the phone step's own test solves it).
const app = setupApp({ mail: true, env: { RATE_LIMIT_SCALE: '10', BOT_CHECK: 'off' } });
const PHONE_390: Viewport = { width: 390, height: 844 };
const WIDE_1440: Viewport = { width: 1440, height: 900 };
let phone = 4_155_550_700;
let n = 0;

const ANSWERS = {
  languages: ['English', 'Spanish'],
  customLanguage: '',
  occupation: 'Architect',
  experiences: ['Culture & History'],
  musicPreference: { rap: 2, techno: 3, rock: 4 },
  drinks: false,
  cannabisComfort: 1,
  politicalJokes: 3,
  animeKdrama: 'no',
  lgbtqFriendly: true,
  orientation: 'straight',
  hideProfile: false,
  relationshipStatus: 'no',
  socialMedia: '@gaudi.walks',
  hideSocialMedia: false,
};

/** A real photograph's stand-in: a raster of varied pixels, large enough for any photo check. */
async function photo(name: string, width = 1200, height = 900, seed = 1) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * (3 + seed) + y * 5 + (i % 3) * 70 + ((x * y) % 29) * seed) % 256;
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A guide who finished onboarding in Barcelona (phone verified by SMS) and the assessment, through the API. */
async function newGuide(context: BrowserContext) {
  const email = `activation.${Date.now()}.${n++}@e2e.lokal.test`;
  const call = async (path: string, data: object) => {
    const res = await context.request.post(`${app.url}${path}`, { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  };
  await call('/api/dev/mock-sign-in', { email, userType: 'guide' });
  const number = `+1${phone++}`;
  await call('/api/phone/send-code', { phone: number });
  await call('/api/phone/verify-code', { phone: number, code: app.sms.lastCode(number) });
  await call('/api/guides/onboarding', {
    firstName: 'Marta',
    lastName: 'Puig',
    phone: number,
    phoneVerified: true,
    gender: 'female',
    city: 'Barcelona',
  });
  await call('/api/guides/personality-assessment', ANSWERS);
}

/** The dashboard, once its pending-verification dialog has opened and been closed. */
async function dashboard(page: Page): Promise<Locator> {
  await page.goto(`${app.url}/guide/home`);
  const checklist = page.getByTestId('activation-checklist');
  await checklist.getByRole('heading', { name: 'Verification pending' }).waitFor();
  await page.getByRole('dialog', { name: 'Verification pending' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return checklist;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast that shows `message` covers none of these buttons. */
async function clearOf(message: Locator, buttons: Locator[]) {
  const box = await message.locator('xpath=ancestor::*[@data-toast]').boundingBox();
  expect(box).not.toBeNull();
  for (const b of buttons) {
    const target = await b.boundingBox();
    expect(target, `${await b.innerText()} is on screen`).not.toBeNull();
    expect(overlaps(box!, target!), `the toast covers "${await b.innerText()}"`).toBe(false);
  }
}

describe.each([
  ['a phone (390 px)', PHONE_390],
  ['a wide screen (1440 px)', WIDE_1440],
])('a new guide on %s', (_, viewport) => {
  it('follows the checklist through the document, the photo and publishing', async () => {
    const { context, page, errors } = await app.newPage(viewport);
    await newGuide(context);

    // Every step is left, each a link; the dashboard is usable under it.
    let checklist = await dashboard(page);
    await checklist.getByText('0 of 4 steps done').waitFor();
    await page.getByRole('heading', { name: 'Guide Dashboard' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search tourists' }).fill('a');

    // 1. The identity document, in Settings' verification section.
    await checklist.getByRole('link', { name: 'Upload your identity document' }).click();
    await page.waitForURL('**/guide/settings#verification');
    await page.getByTestId('identity-document-input').setInputFiles({
      name: 'passport.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    const uploaded = toast(page, 'Identity document uploaded. Our team will review it.');
    await uploaded.waitFor();
    await page.getByRole('button', { name: 'Replace document' }).waitFor();
    await clearOf(uploaded, [page.getByRole('button', { name: 'Replace document' })]);

    checklist = await dashboard(page);
    await checklist.getByText('1 of 4 steps done').waitFor();
    expect(await checklist.getByRole('link', { name: 'Upload your identity document' }).count()).toBe(0);
    await checklist.getByText('Done: Upload your identity document').waitFor();

    // 2. The profile photo: the link opens the profile editor.
    await checklist.getByRole('link', { name: 'Add a profile photo' }).click();
    await page.waitForURL('**/guide/settings#photo');
    const editor = page.getByRole('dialog', { name: 'Edit profile' });
    await editor.getByLabel('Change photo').setInputFiles(await photo('marta.jpg'));
    await editor.getByRole('img', { name: 'Preview of your new photo' }).waitFor();
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated').waitFor();
    await editor.waitFor({ state: 'detached' });

    checklist = await dashboard(page);
    await checklist.getByText('2 of 4 steps done').waitFor();
    expect(await checklist.getByRole('link', { name: 'Add a profile photo' }).count()).toBe(0);

    // 3. Publishing: the assessment's draft has no price the guide never entered, and says so.
    await checklist.getByRole('link', { name: 'Publish an experience' }).click();
    await page.getByRole('heading', { name: 'My experiences' }).waitFor();
    const card = page.getByTestId('experience-card').filter({ hasText: 'Culture & History' }).first();
    await card.getByText('Price not set yet').waitFor();
    await card.getByRole('link', { name: /^Edit / }).click();
    await page.getByRole('heading', { name: 'Edit experience' }).waitFor();
    expect(await page.getByLabel('Price per person').inputValue()).toBe('');
    expect(await page.getByLabel('Currency').inputValue()).toBe('EUR');
    await page
      .getByLabel('Add photos')
      .setInputFiles([
        await photo('sagrada.jpg', 1200, 900, 2),
        await photo('park.jpg', 1200, 900, 3),
        await photo('gothic.jpg', 1200, 900, 4),
      ]);
    await expect.poll(() => page.getByTestId('photo-tile').count(), { timeout: 30_000 }).toBe(3);
    await page.getByRole('button', { name: 'Publish' }).click();
    // Said in place under the header, not in a toast; the profile photo is up, so it is not asked for.
    const needs = page.getByTestId('publish-gaps');
    await needs
      .getByText('Before publishing, add a price, at least one weekly time range (Availability).')
      .waitFor();
    expect(await needs.getByRole('link', { name: 'Add a profile photo' }).count()).toBe(0);

    // 4. Weekly hours: Monday's, copied to every day.
    await page.getByRole('link', { name: 'Set your weekly hours' }).click();
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    await page.getByRole('button', { name: 'Add hours, Monday' }).click();
    await page.getByLabel('Monday, range 1, from').fill('10:00');
    await page.getByLabel('Monday, range 1, until').fill('18:00');
    await page.getByRole('button', { name: "Copy to all days (Monday's hours)" }).click();
    const copied = toast(page, "Monday's hours copied to every day. Save to keep them.");
    await copied.waitFor();
    expect(await page.getByLabel('Sunday, range 1, from').inputValue()).toBe('10:00');
    expect(await page.getByLabel('Thursday, range 1, until').inputValue()).toBe('18:00');
    await clearOf(copied, [page.getByRole('button', { name: 'Save availability' })]);
    await page.getByRole('button', { name: 'Save availability' }).click();
    await toast(page, 'Availability saved').waitFor();

    checklist = await dashboard(page);
    await checklist.getByText('3 of 4 steps done').waitFor();
    await checklist.getByRole('link', { name: 'Publish an experience' }).click();
    await card.getByRole('link', { name: /^Edit / }).click();
    await page.getByLabel('Price per person').fill('60');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Changes saved').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published: travellers can find and book it').waitFor();

    // Every step done; the banner stays while staff review.
    checklist = await dashboard(page);
    await checklist.getByText('4 of 4 steps done').waitFor();
    expect(await checklist.getByRole('link').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    // The one refusal on the way is publishing without a price (409), which the editor explained.
    expect(errors.filter((e) => !/status of 409\b/.test(e))).toEqual([]);
    await context.close();
  });

  it("keeps the wizard's verification toasts clear of its Back, Next and Complete", async () => {
    const { context, page, errors } = await app.signedIn(`wizard.${n++}@e2e.lokal.test`, 'guide', viewport);
    await page.goto(`${app.url}/guide/onboarding`);
    await page.getByLabel('First name').fill('Nuria');
    await page.getByLabel('Last name').fill('Soler');
    await page.getByLabel('City where you guide').fill('Barcelona');
    await page.getByRole('button', { name: 'Next' }).click();
    const number = `+1${phone++}`;
    await page.getByLabel('Phone number').fill(number);
    await page.getByRole('button', { name: 'Send code' }).click();
    const sent = toast(page, 'Verification code sent!');
    await sent.waitFor();
    await clearOf(sent, [
      page.getByRole('button', { name: 'Back' }),
      page.getByRole('button', { name: 'Next' }),
    ]);
    const code = await eventually(() => {
      try {
        return app.sms.lastCode(number);
      } catch {
        return undefined;
      }
    }, `the SMS code for ${number}`);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify code' }).click();
    const verified = toast(page, 'Phone number verified!');
    await verified.waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Female', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Background check in progress').waitFor();
    // The step's end, as far down as it scrolls: the toasts still up sit above Complete, never on it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const complete = page.getByRole('button', { name: 'Complete' });
    for (const shown of [sent, verified]) {
      if (await shown.isVisible())
        await clearOf(shown, [complete, page.getByRole('button', { name: 'Back' })]);
    }
    await complete.click();
    await page.waitForURL('**/guide/preview');
    expect(errors).toEqual([]);
    await context.close();
  });
});

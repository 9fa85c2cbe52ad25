import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';
import { eventually } from './support/wait.ts';

// A match worth showing (docs/product.md#match-score): a new traveller's onboarding asks what the score reads,
// skippably; discovery then shows scores with their reasons, or none at all with an invitation to the quiz.
const app = setupApp({ mail: true });
const PHONE_390: Viewport = { width: 390, height: 844 };
const DESKTOP_1440: Viewport = { width: 1440, height: 900 };
let phone = 4_155_551_300;

async function onboard(page: Page, first: string) {
  await page.goto(`${app.url}/tourist/onboarding`);
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Traveller');
  await next.click();
  const number = `+1${phone++}`;
  await page.getByLabel('Phone number').fill(number);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').waitFor();
  const code = await eventually(() => {
    try {
      return app.sms.lastCode(number);
    } catch {
      return undefined;
    }
  }, `the SMS code for ${number}`);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await page.getByText('is verified').waitFor();
  await next.click();
  await page.getByText('Writer', { exact: true }).click();
  await next.click();
  await page.getByRole('heading', { name: 'Your Trip' }).waitFor();
}

const quizLink = (page: Page) => page.getByRole('link', { name: 'Take the quiz to see your matches' });

describe.each([
  ['a 390 px phone', PHONE_390],
  ['a 1440 px desktop', DESKTOP_1440],
])('a new traveller on %s', (label, viewport) => {
  const who = label.startsWith('a 390') ? 'phone' : 'desk';

  it('tells the trip in a few taps, and every score shown then comes with its reasons', async () => {
    // Arrived from the landing's "Food & Dining": the choice carries into the trip step and the filters.
    const { context, page, errors } = await app.newPage(viewport);
    await page.goto(`${app.url}/tourist/signup?tour=food-dining`);
    await page.getByTestId('tour-type-interest').waitFor();
    await app.signIn(page, `told.${who}.e2e@lokal.test`, 'tourist');
    await onboard(page, 'Tess');
    expect(await page.getByRole('checkbox', { name: 'Food & Dining' }).isChecked()).toBe(true);
    await page.getByLabel('Where are you going?').fill('Lisbon');
    await page.getByLabel('From', { exact: true }).fill('2027-05-01');
    await page.getByLabel('To', { exact: true }).fill('2027-05-04');
    await page.getByText('2', { exact: true }).click();
    await page.getByText('Portuguese', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL('**/tourist/home**');
    // One category system: the chip pressed is the Experience filter's value.
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('Food & Dining');
    await page.getByRole('button', { name: 'Food & Dining', pressed: true }).waitFor();

    const summaries = page.getByTestId('match-summary');
    await summaries
      .first()
      .filter({ hasText: /\d+% match/ })
      .waitFor();
    const texts = await summaries.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (let i = 0; i < texts.length; i++) {
      expect(texts[i]).toMatch(/\d+% match/);
      expect(await summaries.nth(i).getByRole('listitem').count()).toBeGreaterThan(0);
    }
    expect(texts.join(' ')).toMatch(/Lisbon|Portuguese|Food & Dining/);
    expect(await quizLink(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('skips the trip: no percentage anywhere, the quiz offered instead', async () => {
    const { context, page, errors } = await app.signedIn(`skip.${who}.e2e@lokal.test`, 'tourist', viewport);
    await onboard(page, 'Sam');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/tourist/home');
    expect(new URL(page.url()).search).toBe('');

    const cards = page.getByTestId('guide-card');
    await cards.first().waitFor();
    await quizLink(page).first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await quizLink(page).count()).toBe(await cards.count());
    expect(await page.locator('main').textContent()).not.toMatch(/\d+% match/);

    // The guide page says the same, and its link opens the quiz.
    const name = cards.first().locator('h2').getByRole('link');
    const guide = (await name.textContent())!;
    await name.click();
    await page.getByRole('heading', { level: 1, name: guide }).waitFor();
    await expect.poll(() => quizLink(page).count()).toBe(1);
    expect(await page.locator('main').textContent()).not.toMatch(/\d+% match/);
    await quizLink(page).click();
    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

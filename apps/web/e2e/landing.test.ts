import { MESSAGES } from '@lokal/shared/constants/messages';
import { TOUR_TYPES } from '@lokal/shared/constants/tour-types';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp } from './support/app.ts';
import { escapeRegExp, toast } from './support/toast.ts';

const app = setupApp();

// An unknown path answers 404 (docs/product.md#bad-networks): Chromium logs that status, nothing went wrong.
const NOT_FOUND_STATUS = 'the server responded with a status of 404';
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes(NOT_FOUND_STATUS));

/**
 * The landing page arrives prerendered and React takes it over a moment after load: until then its buttons are
 * drawn but do nothing, so a test (like a very quick visitor) waits until React owns them before clicking.
 */
async function untilInteractive(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('#root button');
    return button !== null && Object.keys(button).some((k) => k.startsWith('__reactProps'));
  });
}

async function openPage(path: string, viewport = { width: 1280, height: 900 }) {
  const { context, page, errors } = await app.newPage(viewport);
  await page.goto(`${app.url}${path}`);
  if (path === '/') await untilInteractive(page);
  return { page, errors, close: () => context.close() };
}

describe('landing page', () => {
  it('sends the hero buttons to the sign-up pages', async () => {
    const { page, errors, close } = await openPage('/');
    await page.getByRole('button', { name: 'Start Exploring' }).click();
    await page.waitForURL('**/tourist/signup');
    await page.getByRole('heading', { name: 'Join the Experience' }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Become a Guide' }).click();
    await page.waitForURL('**/guide/signup');
    await page.getByRole('heading', { name: 'Become a Guide' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('carries each of the 10 tour types to sign-up with its toast', async () => {
    const { page, errors, close } = await openPage('/');
    for (const t of TOUR_TYPES) {
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t.name)}`) }).click();
      await page.waitForURL('**/tourist/signup');
      await toast(page, MESSAGES.tourTypeToast(t.name)).first().waitFor();
      const interest = page.getByTestId('tour-type-interest');
      await interest.waitFor();
      expect(await interest.textContent()).toBe(`You're interested in ${t.name} — ${t.description}`);
      await page.goBack();
      await page.waitForURL(`${app.url}/`);
      await untilInteractive(page);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('shows 3 guide and 3 traveler cards from the API, and each opens the right sign-up', async () => {
    const { page, errors, close } = await openPage('/');
    const guides = page.locator('section[aria-labelledby="guides"] article');
    const travelers = page.locator('section[aria-labelledby="travelers"] article');
    await expect.poll(() => guides.count()).toBe(3);
    await expect.poll(() => travelers.count()).toBe(3);
    const sofia = guides.filter({ hasText: 'Sofia Martinez' });
    expect(await sofia.textContent()).toContain('Guide');
    expect(await sofia.textContent()).toContain('4.9');
    expect(await sofia.getByText('+2').isVisible()).toBe(true);
    expect(await sofia.locator('li').count()).toBe(4);
    expect(await travelers.first().textContent()).toContain('Traveler');
    expect(await sofia.locator('img').getAttribute('alt')).toBe('Sofia Martinez');

    await sofia.getByRole('button', { name: /^Sofia Martinez/ }).click();
    await page.waitForURL('**/tourist/signup');
    await toast(page, MESSAGES.guideCardToast('Sofia Martinez')).waitFor();

    await page.goBack();
    await travelers.first().waitFor();
    const name = (await travelers.first().locator('h3').textContent())!.split(',')[0]!;
    await travelers
      .first()
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await page.waitForURL('**/guide/signup');
    await toast(page, MESSAGES.travelerCardToast(name)).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the heart on hover and on keyboard focus; signed out, it leads to sign-up', async () => {
    const { page, errors, close } = await openPage('/');
    const card = page.locator('section[aria-labelledby="guides"] article').first();
    await card.waitFor();
    const heart = card.getByTestId('favorite-button');
    const opacity = () => heart.evaluate((el) => getComputedStyle(el).opacity);
    // The heart fades in and out: ask until the fade has finished.
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('0');
    await card.hover();
    await expect.poll(opacity).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('0');
    // Keyboard: Tab onto the card's main action, then on to its heart.
    await card.getByRole('button', { name: /^Sofia Martinez/ }).focus();
    await expect.poll(opacity).toBe('1');
    await page.keyboard.press('Tab');
    expect(await heart.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await heart.getAttribute('aria-label')).toBe('Add Sofia Martinez to favorites');
    // Signed out, the heart keeps nothing by itself: it leads to the tourist sign-up, which names the profile.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tourist/signup');
    await page.getByText('Join to keep Sofia Martinez in your favorites.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('has the why-choose benefits, the closing call to action and a footer', async () => {
    const { page, errors, close } = await openPage('/');
    await page.getByRole('heading', { name: 'Why Choose Lokal' }).waitFor();
    for (const b of ['Verified Guides', 'Exclusive Access', 'Authentic Connections', 'Global Network']) {
      expect(await page.getByRole('heading', { name: b }).isVisible()).toBe(true);
    }
    for (const figure of ['500+', '50+', '10,000+'])
      expect(await page.getByText(figure).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Apply to be a Guide' }).click();
    await page.waitForURL('**/guide/signup');
    await page.goBack();
    await page.getByRole('button', { name: 'Book Your Experience' }).click();
    await page.waitForURL('**/tourist/signup');
    await page.goBack();
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain('© 2026 Lokal');
    expect(await footer.textContent()).toContain('v1.0.0');
    expect(await footer.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('does not scroll sideways on a 375 px phone', async () => {
    for (const path of ['/', '/tourist/signup', '/guide/signup', '/guide/login', '/nowhere', '/test']) {
      const { page, errors, close } = await openPage(path, { width: 375, height: 812 });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      expect(unexpected(errors), path).toEqual([]);
      await close();
    }
  });
});

describe('not-found and /test', () => {
  it('shows the not-found page for unknown paths and unbuilt screens, with a way home', async () => {
    for (const path of ['/nowhere/at/all', '/tourist/matches', '/guide/nowhere']) {
      const { page, errors, close } = await openPage(path);
      await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(`${app.url}/`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });

  it('lists the tourist links and a link back to the landing page', async () => {
    const { page, errors, close } = await openPage('/test');
    const links = page.getByRole('navigation', { name: 'Tourist routes' }).getByRole('link');
    await expect.poll(() => links.count()).toBe(7);
    expect(await links.first().getAttribute('href')).toBe('/tourist/signup');
    await page.getByRole('link', { name: 'Back to the landing page' }).click();
    await page.waitForURL(`${app.url}/`);
    expect(errors).toEqual([]);
    await close();
  });
});

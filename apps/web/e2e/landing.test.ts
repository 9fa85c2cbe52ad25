import { MESSAGES } from '@lokal/shared/constants/messages';
import { TOUR_TYPES } from '@lokal/shared/constants/tour-types';
import { paths } from '@lokal/shared/domain/pages';
import { tourSignupPath } from '@lokal/shared/domain/tour-interest';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { escapeRegExp, toast } from './support/toast.ts';

const app = setupApp();

// An unknown path answers 404 (docs/product.md#bad-networks): Chromium logs that status, nothing went wrong.
const NOT_FOUND_STATUS = 'the server responded with a status of 404';
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes(NOT_FOUND_STATUS));

// The landing page arrives prerendered and React takes it over a moment after load (decision 042). Its actions
// are links (decision 082), so these tests click as soon as they are drawn, as a quick visitor does.
async function openPage(path: string, viewport = { width: 1280, height: 900 }) {
  const { context, page, errors } = await app.newPage(viewport);
  await page.goto(`${app.url}${path}`);
  return { page, errors, close: () => context.close() };
}

/** Whether React has taken over the prerendered page (its elements carry React's props). */
const reactOwns = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#root a')].some((a) =>
      Object.keys(a).some((k) => k.startsWith('__react')),
    ),
  );

/**
 * A page whose scripts are held back while `holding` is on: the landing page is the prerendered HTML only,
 * the moment before React takes it over, for as long as the test needs. `release` lets the held ones through.
 */
async function withHeldScripts(viewport = DESKTOP) {
  const { context, page, errors } = await app.newPage(viewport);
  const held: Route[] = [];
  const state = { holding: true };
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    if (state.holding) held.push(route);
    else await route.continue();
  });
  return {
    page,
    errors,
    state,
    /** Opens the landing page with its scripts held, once all of it is drawn. */
    async openLanding() {
      state.holding = true;
      await page.goto(`${app.url}/`, { waitUntil: 'commit' });
      await page.getByRole('link', { name: 'Contact us' }).waitFor();
      expect(await reactOwns(page)).toBe(false);
    },
    async release() {
      state.holding = false;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
    close: () => context.close(),
  };
}

describe('landing page', () => {
  it('sends the hero actions to the sign-up pages', async () => {
    const { page, errors, close } = await openPage('/');
    await page.getByRole('link', { name: 'Start Exploring' }).click();
    await page.waitForURL('**/tourist/signup');
    await page.getByRole('heading', { name: 'Join the Experience' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Become a Guide' }).click();
    await page.waitForURL('**/guide/signup');
    await page.getByRole('heading', { name: 'Become a Guide' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('carries each of the 10 tour types to sign-up with its toast', async () => {
    const { page, errors, close } = await openPage('/');
    for (const t of TOUR_TYPES) {
      await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.name)}`) }).click();
      await page.waitForURL(`${app.url}${tourSignupPath(t)}`);
      await toast(page, MESSAGES.tourTypeToast(t.name)).first().waitFor();
      const interest = page.getByTestId('tour-type-interest');
      await interest.waitFor();
      expect(await interest.textContent()).toBe(`You're interested in ${t.name} — ${t.description}`);
      await page.goBack();
      await page.waitForURL(`${app.url}/`);
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
    await page.getByRole('link', { name: 'Apply to be a Guide', exact: true }).click();
    await page.waitForURL('**/guide/signup');
    await page.goBack();
    await page.getByRole('link', { name: 'Book Your Experience' }).click();
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

describe('the prerendered landing page before React takes it over', () => {
  it('leads every action to its page: each one is a link that needs no script', async () => {
    const tab = await withHeldScripts();
    const { page } = tab;
    const actions: [string, string, string][] = [
      ['Start Exploring', paths.tourist.signup, 'Join the Experience'],
      ['Become a Guide', paths.guide.signup, 'Become a Guide'],
      ['Book Your Experience', paths.tourist.signup, 'Join the Experience'],
      ['Apply to be a Guide', paths.guide.signup, 'Become a Guide'],
      ['Sign in', paths.tourist.login, 'Welcome Back'],
      ['For guides', paths.guide.signup, 'Become a Guide'],
    ];
    for (const [name, path, heading] of actions) {
      await tab.openLanding();
      // Nothing drawn before React is a button that would wait for it.
      expect(await page.locator('#root button').count(), name).toBe(0);
      // The page the click opens loads its scripts as usual.
      tab.state.holding = false;
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${app.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    expect(tab.errors).toEqual([]);
    await tab.close();
  });

  it('carries a tour type clicked before React to sign-up, with its toast and the interest', async () => {
    const tab = await withHeldScripts(PHONE);
    const { page } = tab;
    await tab.openLanding();
    const tour = TOUR_TYPES.find((t) => t.name === 'Food & Dining')!;
    tab.state.holding = false;
    await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(tour.name)}`) }).click();
    await page.waitForURL(`${app.url}/tourist/signup?tour=food-dining`);
    await toast(page, MESSAGES.tourTypeToast(tour.name)).waitFor();
    const interest = page.getByTestId('tour-type-interest');
    await interest.waitFor();
    expect(await interest.textContent()).toBe(`You're interested in ${tour.name} — ${tour.description}`);
    // The interest is in the address, so it is still there after a reload.
    await page.reload();
    await interest.waitFor();
    expect(tab.errors).toEqual([]);
    await tab.close();
  });

  it('keeps a press that is still held when React would take over: its click still opens the page', async () => {
    const tab = await withHeldScripts();
    const { page } = tab;
    await tab.openLanding();
    const start = page.getByRole('link', { name: 'Start Exploring' });
    // Over the link once it stands still, then pressed; the press is on the link before React is let in.
    await start.hover();
    await page.mouse.down();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#root a:active')?.textContent))
      .toBe('Start Exploring');
    await tab.release();
    // React takes the page over while the button is still down: the pressed link is replaced.
    await expect.poll(() => reactOwns(page), { timeout: 15_000 }).toBe(true);
    await page.mouse.up();
    await page.waitForURL(`${app.url}${paths.tourist.signup}`);
    await page.getByRole('heading', { name: 'Join the Experience' }).waitFor();
    expect(tab.errors).toEqual([]);
    await tab.close();
  });
  it('keeps the keyboard focus on a prerendered link when React takes it over', async () => {
    const tab = await withHeldScripts();
    const { page } = tab;
    await tab.openLanding();
    await page.getByRole('link', { name: 'Start Exploring' }).focus();
    await tab.release();
    await expect.poll(() => reactOwns(page), { timeout: 15_000 }).toBe(true);
    // The focus is on React's own link now, so Enter opens the page in the app.
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el && Object.keys(el).some((k) => k.startsWith('__react')) ? el.textContent : null;
      });
    await expect.poll(focused).toBe('Start Exploring');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}${paths.tourist.signup}`);
    expect(tab.errors).toEqual([]);
    await tab.close();
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

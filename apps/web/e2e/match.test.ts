import { describe, expect, it } from 'vitest';
import { DESKTOP, setupApp } from './support/app.ts';

// The match score on discovery (docs/product.md#match-score): from the profile until the traveller takes the
// "Travel style" quiz, then from the quiz too, with "Best match" as the order.
const app = setupApp();

describe('the match score on discovery', () => {
  it('a traveller takes the quiz: the order becomes Best match and each card says why', async () => {
    const { context, page, errors } = await app.signedIn('lucas.meyer@demo.lokal.app', 'tourist', DESKTOP);
    await page.goto(`${app.url}/tourist/home`);
    const cards = page.getByTestId('guide-card');
    const summaries = page.getByTestId('match-summary');
    // Before the quiz: recommended order, each card's match from the profile only.
    await page
      .getByRole('status')
      .filter({ hasText: /guides shown/ })
      .waitFor();
    await summaries
      .first()
      .filter({ hasText: /\d+% match/ })
      .waitFor();
    expect(await summaries.first().textContent()).toContain('Based on your profile');
    // The bar's sort (the phone's own select is hidden at this width).
    const sort = page.locator('#filter-sort');
    expect(await sort.inputValue()).toBe('recommended');
    const before = await cards.locator('h2').allTextContents();
    expect(before.length).toBeGreaterThan(3);

    await page
      .getByRole('complementary', { name: 'Travel style quiz' })
      .getByRole('link', { name: 'Take the quiz' })
      .click();
    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByText('German', { exact: true }).click();
    await next.click();
    await page.getByRole('heading', { name: 'Experiences' }).waitFor();
    await page.getByText('Pub Crawls', { exact: true }).click();
    await page.getByText('Nightclub Nights', { exact: true }).click();
    await page.getByText('Rooftop Bar Hopping', { exact: true }).click();
    await next.click();
    await page.getByRole('heading', { name: 'Music' }).waitFor();
    await page.getByRole('slider', { name: 'Techno' }).focus();
    await page.keyboard.press('End');
    await next.click();
    await page.getByRole('heading', { name: 'Night life' }).waitFor();
    await next.click();
    await page.getByRole('heading', { name: 'Humour & pace' }).waitFor();
    await page.getByText('Sometimes', { exact: true }).click();
    await page.getByRole('button', { name: 'Save my travel style' }).click();

    // Back home: Best match is the order, the first card's match comes from the quiz, with its reasons.
    await page.waitForURL(`${app.url}/tourist/home`);
    await page.waitForFunction(
      () => (document.querySelector('#filter-sort') as HTMLSelectElement | null)?.value === 'best_match',
    );
    expect(await sort.inputValue()).toBe('best_match');
    const first = summaries.first();
    await first.filter({ hasNotText: 'Based on your profile' }).waitFor();
    expect(await first.textContent()).toMatch(/\d+% match/);
    expect(await first.getByRole('listitem').count()).toBeGreaterThan(0);
    await page
      .getByRole('status')
      .filter({ hasText: /guides shown/ })
      .waitFor();
    const after = await cards.locator('h2').allTextContents();
    expect(after.length).toBeGreaterThan(3);
    expect(after).not.toEqual(before);
    // Highest first.
    const scores = (await summaries.allTextContents()).map((t) => Number(/(\d+)% match/.exec(t)?.[1]));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(errors).toEqual([]);
    await context.close();
  });
});

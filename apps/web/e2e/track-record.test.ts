import { paths } from '@lokal/shared/domain/pages';
import { countOf } from '@lokal/shared/domain/track-record';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';

// One track record wherever a guide's figures appear: the experience page's guide box, signed in and signed
// out, and the landing's guide cards (docs/product.md#track-record).
const app = setupApp();
const TOURIST = 'james.whitfield@demo.lokal.app';

type Track = { newOnLokal: boolean; replyTime: string | null; tours: string | null; reviews: string | null };

/** A seeded guide's slug, track record and first experience, as the API answers a member. */
async function guideNamed(request: APIRequestContext, q: string) {
  const search = await request.get(`${app.url}/api/guides/search?q=${encodeURIComponent(q)}&limit=1`);
  expect(search.status()).toBe(200);
  const [card] = (await search.json()).guides as { slug: string; rating: number; track: Track }[];
  const page = await request.get(`${app.url}/api/pages/guides/${card!.slug}`);
  const [experience] = (await page.json()).details.experiences as { id: string }[];
  return { ...card!, experienceId: experience!.id };
}

describe('the track record on the experience page and the landing', () => {
  for (const [name, viewport] of [
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`on ${name}: a new guide's experience says "New on Lokal", with no tour count or reply time`, async () => {
      const member = await app.signedIn(TOURIST, 'tourist', viewport);
      // Aoi has published experiences and no completed tour or review yet (the demo data).
      const aoi = await guideNamed(member.page.request, 'Aoi Kobayashi');
      expect(aoi.track.newOnLokal).toBe(true);
      const visitor = await app.newPage(viewport);
      for (const { page } of [member, visitor]) {
        await page.goto(`${app.url}/experiences/${aoi.experienceId}`);
        const box = page.getByTestId('guide-track');
        await expect.poll(() => box.innerText(), { timeout: 15_000 }).toContain('New on Lokal');
        const text = await box.innerText();
        expect(text).not.toMatch(/\btours?\b|Replies within|No reviews yet|New guide/);
      }
      expect(member.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
      await member.context.close();
      await visitor.context.close();
    });
  }

  it('a reviewed guide’s box counts reviews and tours with their plural, as the card does', async () => {
    const { context, page, errors } = await app.signedIn(TOURIST, 'tourist', DESKTOP);
    const sofia = await guideNamed(page.request, 'Sofia Martinez');
    const reviews = Number.parseInt(sofia.track.reviews ?? '0', 10);
    expect(sofia.track.reviews).toBe(countOf(reviews, 'review'));
    await page.goto(`${app.url}/experiences/${sofia.experienceId}`);
    const box = page.getByTestId('guide-track');
    await box.getByText(`${sofia.rating.toFixed(1)} (${sofia.track.reviews})`).waitFor();
    await box.getByText(sofia.track.tours!, { exact: true }).waitFor();
    // The experience's own rating counts its reviews with the right plural too ("1 review", "3 reviews").
    const xp = await (
      await page.request.get(`${app.url}/api/pages/experiences/${sofia.experienceId}`)
    ).json();
    const count = xp.experience.rating.count as number;
    if (count > 0)
      await page
        .getByText(`(${countOf(count, 'review')})`, { exact: false })
        .first()
        .waitFor();
    expect(await page.getByText(/\(1 reviews\)/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the landing’s guide cards show the track record: reviews and tours counted, no stored default', async () => {
    const { context, page, errors } = await app.newPage(PHONE);
    const showcase = await (await page.request.get(`${app.url}/api/showcase`)).json();
    await page.goto(`${app.url}${paths.landing}`);
    for (const card of showcase.guides as { name: string; track: Track }[]) {
      const figures = page.getByRole('article').filter({ hasText: card.name }).getByTestId('guide-track');
      await figures.waitFor();
      const text = await figures.innerText();
      if (card.track.newOnLokal) expect(text).toContain('New on Lokal');
      else expect(text).toContain(card.track.reviews ?? 'No reviews yet');
      if (card.track.tours) expect(text).toContain(card.track.tours);
      // Signed out too, a reply time shows only once it is measured.
      if (card.track.replyTime) expect(text).toContain(card.track.replyTime);
      else expect(text).not.toContain('Replies within');
      expect(text).not.toMatch(/\b1 reviews\b|\b1 tours\b|0\.0/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

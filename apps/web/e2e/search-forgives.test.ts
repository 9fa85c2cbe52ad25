import { paths } from '@lokal/shared/domain/pages';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';

// Search forgives accents and case, and an empty search says what to change (docs/product.md#finding-a-guide,
// docs/decisions/092-search-normalized.md).
const app = setupApp();
const VIEWPORTS: [string, Viewport][] = [
  ['390 px', { width: 390, height: 844 }],
  ['1440 px', { width: 1440, height: 900 }],
];

describe('search that forgives', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`at ${name}: "lucia" finds Lucía, and a search that finds nobody says what to change`, async () => {
      const { context, page, errors } = await app.signedIn(
        'james.whitfield@demo.lokal.app',
        'tourist',
        viewport,
      );
      await page.goto(`${app.url}${paths.tourist.home}`);
      await page.getByRole('article').first().waitFor();
      const box = page.getByPlaceholder('Search by name, city, profession…');
      await box.fill('lucia');
      await page.waitForURL((u) => u.searchParams.get('q') === 'lucia');
      await page.getByRole('article').filter({ hasText: /Lucía/ }).first().waitFor();
      await box.fill('zzqx');
      await page.waitForURL((u) => u.searchParams.get('q') === 'zzqx');
      await page.getByRole('heading', { name: 'No guides found for “zzqx”' }).waitFor();
      await page.getByText('Check the spelling, or search for a name, a city or an interest').waitFor();
      // Nobody set a filter: the empty state does not blame one.
      expect(await page.getByText('these filters').count()).toBe(0);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await page.getByRole('article').first().waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

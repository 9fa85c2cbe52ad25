import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { toast } from './support/toast.ts';
import { eventually } from './support/wait.ts';

const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });

const GUIDE = 'amelie.laurent@demo.lokal.app';
const TITLE = 'Left Bank bookshops and a café crème';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A photo the server takes (800×600, not one flat colour: decision 090), tinted, as a file the page can pick. */
async function picture(name: string, tint: { r: number; g: number; b: number }) {
  const [width, height] = [800, 600];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (tint.r + x / 8) % 256;
      raw[i + 1] = (tint.g + y / 6) % 256;
      raw[i + 2] = tint.b;
    }
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The photos' ids in the order the page shows them, once it shows `count` of them. */
async function photoOrder(page: Page, count: number): Promise<string[]> {
  await page.getByRole('figure', { name: new RegExp(`^Photo ${count} of ${count}\\b`) }).waitFor();
  return page
    .getByTestId('photo-tile')
    .evaluateAll((tiles) => tiles.map((t) => (t as HTMLElement).dataset.photoId ?? ''));
}

// What the browser logs for the answers this journey asks for on purpose: the refused upload and publish.
const expectedRefusals = (errors: string[]) => errors.filter((e) => !/status of (409|415|422)\b/.test(e));

describe('experiences', () => {
  it('a guide creates an experience with three photos and a weekly schedule, reorders the photos by keyboard and publishes it', async () => {
    const { context, page: g, errors } = await app.signedIn(GUIDE, 'guide', DESKTOP);

    // Start from an empty week, so publishing has to wait for the schedule.
    await g.goto(`${app.url}/guide/availability`);
    await g.getByTestId('time-zone').filter({ hasText: 'All times are Paris time.' }).waitFor();
    for (const day of WEEKDAYS) {
      await g.getByRole('button', { name: new RegExp(`^Remove ${day} `) }).click();
    }
    await g.getByRole('button', { name: 'Save availability' }).click();
    await toast(g, 'Availability saved').waitFor();

    // My experiences, from the guide's navigation.
    await g.getByRole('navigation').getByRole('link', { name: 'Experiences' }).click();
    await g.getByRole('heading', { name: 'My experiences' }).waitFor();
    await g.getByRole('link', { name: 'New experience' }).click();
    await g.getByRole('heading', { name: 'New experience' }).waitFor();

    // The form checks itself with the route's schema.
    await g.getByRole('button', { name: 'Save draft' }).click();
    await g.getByRole('alert').filter({ hasText: 'Give the experience a title' }).waitFor();
    await g.getByRole('alert').filter({ hasText: 'Choose at least one language' }).waitFor();

    await g.getByLabel('Title').fill(TITLE);
    await g.getByLabel('Category').selectOption('Culture & History');
    await g.getByLabel('Summary').fill('Three bookshops, one café and the writers who lived upstairs.');
    await g.getByLabel('Duration').selectOption({ label: '2 h 30 min' });
    await g.getByLabel('Price per person').fill('45');
    await g.getByLabel('Currency').selectOption('EUR');
    await g.getByRole('button', { name: 'English', exact: true }).click();
    await g.getByRole('button', { name: 'French', exact: true }).click();
    await g.getByLabel('Meeting point').fill('Shakespeare and Company, 37 rue de la Bûcherie');
    await g.getByRole('button', { name: 'Add to included' }).click();
    await g.keyboard.type('A café crème');
    // The preview follows the typing.
    const preview = g.getByTestId('experience-preview');
    await preview.getByText(TITLE).waitFor();
    await preview.getByText('€45 per person').waitFor();
    await preview.getByText('English, French').waitFor();
    await preview.getByText('A café crème', { exact: true }).waitFor();
    await g.getByRole('button', { name: 'Save draft' }).click();
    await g.waitForURL(/\/guide\/experiences\/[0-9a-f-]{36}$/);
    const editorUrl = g.url();
    await g.getByRole('heading', { name: 'Edit experience' }).waitFor();
    await g.getByTestId('experience-status').filter({ hasText: 'Draft' }).waitFor();

    // Two photos, uploaded in the order picked.
    const fileInput = g.getByLabel('Add photos');
    await fileInput.setInputFiles([
      await picture('bookshop.png', { r: 170, g: 80, b: 40 }),
      await picture('cafe.png', { r: 40, g: 90, b: 170 }),
    ]);
    const uploaded = await photoOrder(g, 2);
    expect(uploaded).toHaveLength(2);

    // A file that is not a picture: the server's message, and the list as it was.
    await fileInput.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await g.getByRole('alert').filter({ hasText: 'Please upload a JPEG, PNG or WebP picture' }).waitFor();
    expect(await photoOrder(g, 2)).toEqual(uploaded);
    // Nor is a blank one, nor one too small to show: the server's reason, shown on the page.
    const blank = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
    await g
      .getByRole('alert')
      .filter({ hasText: 'This picture looks blank. Please upload a real photo.' })
      .waitFor();
    expect(await photoOrder(g, 2)).toEqual(uploaded);

    // Publishing is the server's call: without weekly hours, a third photo and a profile photo of her own (the
    // demo guide wears an illustrated portrait) it says what is missing, in place, with the way to the photo.
    await g.getByRole('button', { name: 'Publish' }).click();
    const gaps = g.getByTestId('publish-gaps');
    await gaps
      .getByText(
        'Before publishing, add at least 3 photos (2 so far), a profile photo of your own, at least one weekly time range (Availability).',
      )
      .waitFor();
    expect(await gaps.getAttribute('role')).toBe('alert');
    await g.getByTestId('experience-status').filter({ hasText: 'Draft' }).waitFor();

    // The profile photo: the link opens the profile editor, where it is uploaded.
    await gaps.getByRole('link', { name: 'Add a profile photo' }).click();
    await g.waitForURL('**/guide/settings#photo');
    const profile = g.getByRole('dialog', { name: 'Edit profile' });
    await profile
      .getByLabel('Change photo')
      .setInputFiles(await picture('amelie.png', { r: 200, g: 120, b: 90 }));
    await profile.getByRole('img', { name: 'Preview of your new photo' }).waitFor();
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await toast(g, 'Profile updated').waitFor();
    await profile.waitFor({ state: 'detached' });
    await g.goto(editorUrl);
    await g.getByRole('heading', { name: 'Edit experience' }).waitFor();

    // A weekly schedule: Tuesday 10:00–13:00, and Friday evenings into the night.
    await g.getByRole('link', { name: 'Set your weekly hours' }).click();
    await g.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    await g.getByRole('button', { name: 'Add hours, Tuesday' }).click();
    await g.getByLabel('Tuesday, range 1, from').fill('10:00');
    await g.getByLabel('Tuesday, range 1, until').fill('13:00');
    await g.getByRole('button', { name: 'Add hours, Friday' }).click();
    await g.getByLabel('Friday, range 1, from').fill('20:00');
    await g.getByLabel('Friday, range 1, until').fill('01:00');
    await g.getByText('until 01:00 the next day').waitFor();
    await g.getByRole('button', { name: 'Save availability' }).click();
    await toast(g, 'Availability saved').waitFor();

    await g.goto(editorUrl);
    await g.getByLabel('Add photos').setInputFiles([await picture('shelf.png', { r: 90, g: 150, b: 60 })]);
    const three = await photoOrder(g, 3);
    expect(three.slice(0, 2)).toEqual(uploaded);
    await g.getByRole('button', { name: 'Publish' }).click();
    await toast(g, 'Published: travellers can find and book it').waitFor();
    await g.getByTestId('experience-status').filter({ hasText: 'Published' }).waitFor();
    await g.getByRole('button', { name: 'Pause' }).waitFor();

    // Reorder by keyboard: the cover moves one place right, focus stays on it, and the order is saved.
    await g.getByRole('figure', { name: 'Photo 1 of 3, on the card' }).focus();
    const saved = g.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/photos') && r.ok(),
    );
    await g.keyboard.press('ArrowRight');
    await g
      .getByTestId('photos-announcement')
      .filter({ hasText: 'Photo moved to position 2 of 3.' })
      .waitFor();
    await saved;
    await eventually(
      () =>
        g.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Photo 2 of 3' || undefined),
      'focus on the moved photo',
    );
    const reordered = [three[1], three[0], three[2]];
    expect(await photoOrder(g, 3)).toEqual(reordered);
    await g.reload();
    await g.getByTestId('experience-status').filter({ hasText: 'Published' }).waitFor();
    expect(await photoOrder(g, 3)).toEqual(reordered);

    expect(expectedRefusals(errors)).toEqual([]);
    await context.close();

    // On a phone, the guide reaches the list from the bottom bar and sees it published.
    const phone = await app.signedIn(GUIDE, 'guide', PHONE);
    await phone.page.goto(`${app.url}/guide/home`);
    await phone.page.getByRole('navigation').getByRole('link', { name: 'Experiences' }).click();
    const card = phone.page.getByTestId('experience-card').filter({ hasText: TITLE });
    await card.getByTestId('experience-status').filter({ hasText: 'Published' }).waitFor();
    expect(await card.innerText()).toContain('€45 per person');
    expect(await card.innerText()).toContain('2 h 30 min');
    await card.getByRole('button', { name: `Pause ${TITLE}` }).click();
    await toast(phone.page, 'Paused: travellers cannot book it until you publish it again').waitFor();
    await card.getByTestId('experience-status').filter({ hasText: 'Paused' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('a guide deletes a draft after confirming, and it leaves the list', async () => {
    const { context, page: g, errors } = await app.signedIn('kenji.watanabe@demo.lokal.app', 'guide', PHONE);
    const title = 'Night drive over the Rainbow Bridge';
    await g.goto(`${app.url}/guide/experiences/new`);
    await g.getByLabel('Title').fill(title);
    await g.getByLabel('Category').selectOption('Scenic Drives');
    await g.getByRole('button', { name: 'Japanese', exact: true }).click();
    await g.getByRole('button', { name: 'Save draft' }).click();
    await g.getByRole('heading', { name: 'Edit experience' }).waitFor();

    await g.getByRole('button', { name: 'Delete this experience' }).click();
    const dialog = g.getByRole('dialog', { name: 'Delete this experience?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await g.getByRole('button', { name: 'Delete this experience' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(g, 'Experience deleted').waitFor();
    await g.getByRole('heading', { name: 'My experiences' }).waitFor();
    // The guide's other experiences are listed; this one is not among them.
    await g.getByTestId('experience-card').first().waitFor();
    await g.getByTestId('experience-card').filter({ hasText: title }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

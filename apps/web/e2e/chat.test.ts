import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupApp, type Viewport } from './support/app.ts';

// Two people in two browsers: a tourist on a desktop and a guide on a phone, talking live.
const app = setupApp({ env: { RATE_LIMIT_SCALE: '10' } });
const signedIn = (email: string, userType: 'tourist' | 'guide', viewport: Viewport) =>
  app.signedIn(email, userType, viewport);

const badge = (page: Page) => page.getByRole('navigation').getByTestId('nav-badge');
const bubbles = (page: Page) => page.getByRole('log').getByTestId('message');

describe('chat between a tourist and a guide', () => {
  it('starts from discovery, delivers both ways live with unread badges, read ticks and typing, and keeps the history', async () => {
    const tourist = await signedIn('james.whitfield@demo.lokal.app', 'tourist', { width: 1280, height: 860 });
    const guide = await signedIn('sofia.martinez@demo.lokal.app', 'guide', { width: 375, height: 740 });
    const t = tourist.page;
    const g = guide.page;

    // The guide waits on an empty Messages screen.
    await g.goto(`${app.url}/guide/chats`);
    await g.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    await g.getByRole('link', { name: 'Find Tourists' }).waitFor();
    expect(await badge(g).count()).toBe(0);

    // The tourist finds Sofia and presses Contact: the conversation opens.
    await t.goto(`${app.url}/tourist/home`);
    await t.getByLabel('Search guides').fill('sofia');
    await t.getByRole('button', { name: 'Contact Sofia Martinez' }).click();
    await t.waitForURL(/\/tourist\/chats\/[0-9a-f-]{36}$/);
    // The guide's name in the header leads to the guide's page.
    await t.getByRole('link', { name: 'Sofia Martinez', exact: true }).waitFor();
    await t.getByText('Say hello to Sofia Martinez.', { exact: false }).waitFor();

    const box = t.getByRole('textbox', { name: 'Message Sofia Martinez' });
    await box.fill('Hola Sofia! Free on Saturday?');
    await box.press('Shift+Enter');
    await box.pressSequentially('Mail me: james@example.com <b>bold</b>');
    await box.press('Enter');
    await expect.poll(() => bubbles(t).count()).toBe(1);
    await bubbles(t).first().getByLabel('Sent').waitFor();
    // Contact details are masked by the server; markup stays text.
    expect(await bubbles(t).first().innerText()).toContain('Mail me: [email hidden] <b>bold</b>');
    expect(await box.inputValue()).toBe('');

    // Live on the guide's phone: the row, its unread count and the bottom bar badge, without a reload.
    const row = g.getByTestId('conversation-row').filter({ hasText: 'James Whitfield' });
    await row.waitFor();
    await row.getByText('1 unread').waitFor();
    await expect.poll(() => badge(g).textContent()).toBe('1');
    await row.click();
    await g.waitForURL(/\/guide\/chats\/[0-9a-f-]{36}$/);
    await bubbles(g).filter({ hasText: 'Hola Sofia! Free on Saturday?' }).waitFor();

    // Reading it clears the guide's badge and turns the tourist's tick to Read.
    await bubbles(t).first().getByLabel('Read').waitFor();
    await g.getByRole('link', { name: 'All conversations' }).click();
    await g.getByTestId('conversation-row').first().waitFor();
    expect(await badge(g).count()).toBe(0);
    await g.getByTestId('conversation-row').first().click();

    // The guide types: the tourist sees it; the reply arrives live.
    const reply = g.getByRole('textbox', { name: 'Message James Whitfield' });
    await reply.pressSequentially('Yes! ');
    await t.getByTestId('typing').filter({ hasText: 'Sofia is typing…' }).waitFor();
    await reply.pressSequentially('Saturday at 8 works.');
    await reply.press('Enter');
    await bubbles(t).filter({ hasText: 'Yes! Saturday at 8 works.' }).waitFor();
    await expect.poll(() => t.getByTestId('typing').count()).toBe(0);

    // While the tourist is elsewhere, a new message shows on their badge.
    await t.getByRole('navigation').getByRole('link', { name: 'Discover', exact: true }).click();
    await t.waitForURL('**/tourist/home');
    await reply.fill('See you at the Plaça Reial fountain.');
    await reply.press('Enter');
    await expect.poll(() => badge(t).textContent()).toBe('1');

    // A reload keeps the whole history, in order, each message once.
    await t.getByRole('link', { name: /^Messages/ }).click();
    await t.getByTestId('conversation-row').filter({ hasText: 'Sofia Martinez' }).click();
    await bubbles(t).filter({ hasText: 'Plaça Reial' }).waitFor();
    await t.reload();
    await bubbles(t).nth(2).waitFor();
    const texts = await bubbles(t).allInnerTexts();
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('Hola Sofia!');
    expect(texts[1]).toContain('Yes! Saturday at 8 works.');
    expect(texts[2]).toContain('See you at the Plaça Reial fountain.');
    await expect.poll(() => badge(t).count()).toBe(0);

    expect(tourist.errors).toEqual([]);
    expect(guide.errors).toEqual([]);
    await tourist.context.close();
    await guide.context.close();
  });

  it('keeps a message that failed to send, with Retry, and sends it once the server answers again', async () => {
    const { context, page, errors } = await signedIn('aisha.rahman@demo.lokal.app', 'tourist', {
      width: 390,
      height: 800,
    });
    await page.goto(`${app.url}/tourist/home`);
    await page.getByLabel('Search guides').fill('kenji');
    await page.getByRole('button', { name: 'Contact Kenji Watanabe' }).click();
    await page.waitForURL(/\/tourist\/chats\/.+/);
    const box = page.getByRole('textbox', { name: 'Message Kenji Watanabe' });
    await box.waitFor();

    // The network drops the send: the message stays on screen, marked not sent.
    await page.route('**/api/chat/send', (route) => route.abort('internetdisconnected'));
    await box.fill('Konnichiwa! A food tour in Shinjuku?');
    await box.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Not sent' }).waitFor();
    await page.unroute('**/api/chat/send');
    await page.getByRole('button', { name: 'Retry' }).click();
    await bubbles(page).filter({ hasText: 'Konnichiwa!' }).getByLabel('Sent').waitFor();
    await page.reload();
    await bubbles(page).first().waitFor();
    expect(await bubbles(page).allInnerTexts()).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('lets a member report and block the other party from the conversation menu', async () => {
    const tourist = await signedIn('lucas.meyer@demo.lokal.app', 'tourist', { width: 1280, height: 860 });
    const t = tourist.page;
    await t.goto(`${app.url}/tourist/home`);
    await t.getByLabel('Search guides').fill('sofia');
    await t.getByRole('button', { name: 'Contact Sofia Martinez' }).click();
    await t.waitForURL(/\/tourist\/chats\/.+/);
    const box = t.getByRole('textbox', { name: 'Message Sofia Martinez' });
    await box.fill('Hi Sofia, is the street art walk on this week?');
    await box.press('Enter');
    await bubbles(t).first().getByLabel('Sent').waitFor();

    await t.getByRole('button', { name: 'Conversation options' }).click();
    await t.getByRole('menuitem', { name: 'Report Sofia' }).click();
    const dialog = t.getByRole('dialog', { name: 'Report Sofia Martinez' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Choose a reason' }).waitFor();
    await dialog.getByRole('radio', { name: 'Scam or payment outside Lokal' }).check();
    // "Also block" starts unticked: the reporter ticks it.
    expect(await dialog.getByRole('checkbox', { name: 'Also block Sofia Martinez' }).isChecked()).toBe(false);
    await dialog.getByRole('checkbox', { name: 'Also block Sofia Martinez' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await t.getByText('Thank you. Our team will review your report.').waitFor();
    // "Also block" was ticked: the composer gives way to the unblock bar.
    await t.getByText('You blocked Sofia Martinez. Unblock to send messages again.').waitFor();
    expect(await t.getByRole('textbox', { name: 'Message Sofia Martinez' }).count()).toBe(0);

    // The guide sees that she can no longer write.
    const guide = await signedIn('sofia.martinez@demo.lokal.app', 'guide', { width: 1280, height: 860 });
    await guide.page.goto(`${app.url}/guide/chats`);
    await guide.page.getByTestId('conversation-row').filter({ hasText: 'Lucas' }).click();
    await guide.page.getByText('You can no longer send messages in this conversation.').waitFor();

    await t.getByRole('button', { name: 'Unblock' }).click();
    await t.getByRole('textbox', { name: 'Message Sofia Martinez' }).waitFor();
    // Live on the other side too.
    await guide.page.getByRole('textbox', { name: /^Message Lucas/ }).waitFor();
    expect(tourist.errors).toEqual([]);
    expect(guide.errors).toEqual([]);
    await tourist.context.close();
    await guide.context.close();
  });

  it('loads older messages as the reader scrolls up, keeping the place', async () => {
    const { context, page, errors } = await signedIn('james.whitfield@demo.lokal.app', 'tourist', {
      width: 1280,
      height: 860,
    });
    const kenji = await page.request.get(`${app.url}/api/guides/search?q=kenji`);
    const guideId = (await kenji.json()).guides[0].id as string;
    const opened = await page.request.post(`${app.url}/api/chat/conversations`, { data: { guideId } });
    const conversationId = (await opened.json()).id as string;
    for (let i = 1; i <= 45; i++) {
      const sent = await page.request.post(`${app.url}/api/chat/send`, {
        data: { conversationId, body: `Message number ${i}`, clientId: `history-${i}-${Date.now()}` },
      });
      expect(sent.status()).toBe(201);
    }
    await page.goto(`${app.url}/tourist/chats/${conversationId}`);
    await bubbles(page).filter({ hasText: 'Message number 45' }).waitFor();
    // One page of 30 first, the newest at the bottom in view (the page arrives in one render).
    expect(await bubbles(page).count()).toBe(30);
    expect(await bubbles(page).filter({ hasText: 'Message number 45' }).isVisible()).toBe(true);
    const numbered = (n: number) =>
      bubbles(page).filter({ has: page.getByText(`Message number ${n}`, { exact: true }) });
    const anchor = numbered(16);
    await page.getByRole('log').hover();
    await page.mouse.wheel(0, -20_000);
    await numbered(1).waitFor();
    await expect.poll(() => bubbles(page).count()).toBe(45);
    // The place is kept: the message at the top before the older page arrived is still in view.
    const box = (await anchor.boundingBox())!;
    const view = (await page.getByTestId('message-scroller').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(view.y);
    expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the right conversation from a guide's dashboard and the top-3 page", async () => {
    const { context, page, errors } = await signedIn('kenji.watanabe@demo.lokal.app', 'guide', {
      width: 1280,
      height: 860,
    });
    await page.goto(`${app.url}/guide/home`);
    const first = page.getByTestId('tourist-card').first();
    await first.waitFor();
    const name = (await first.getByRole('button', { name: /^Contact / }).getAttribute('aria-label'))!.replace(
      /^Contact /,
      '',
    );
    await first.getByRole('button', { name: /^Contact / }).click();
    await page.waitForURL(/\/guide\/chats\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: `View ${name}'s profile` }).waitFor();

    await page.goto(`${app.url}/guide/top-tourists`);
    const contact = page.getByRole('button', { name: /^Contact / }).first();
    const label = (await contact.getAttribute('aria-label'))!.replace(/^Contact /, '');
    await contact.click();
    await page.waitForURL(/\/guide\/chats\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: `View ${label}'s profile` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
  it('gives a guide with more conversations than one page the newest 30, then the older ones on Load more, and keeps them live', async () => {
    const guide = await signedIn('sofia.martinez@demo.lokal.app', 'guide', { width: 1280, height: 860 });
    const sofia = await (await guide.page.request.get(`${app.url}/api/pages/guides/sofia-martinez`)).json();
    const guideId: string = sofia.preview.id;
    // 31 travellers write to Sofia through the API, oldest first: with anyone who wrote before, more than 30.
    const writers: { context: BrowserContext; id: string }[] = [];
    for (let i = 0; i < 31; i++) {
      const context = await app.browser.newContext();
      await app.signIn(context, `pager${i}.${Date.now()}@e2e.lokal.test`, 'tourist');
      const opened = await context.request.post(`${app.url}/api/chat/conversations`, { data: { guideId } });
      expect(opened.status(), await opened.text()).toBeLessThan(300);
      const { id } = await opened.json();
      const sent = await context.request.post(`${app.url}/api/chat/send`, {
        data: { conversationId: id, body: `Hello from traveller ${i}`, clientId: `pager-${i}-${Date.now()}` },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      writers.push({ context, id });
    }
    const g = guide.page;
    const rows = g.getByTestId('conversation-row');
    const rowOf = (id: string) => g.locator(`a[data-testid="conversation-row"][href$="/${id}"]`);
    await g.goto(`${app.url}/guide/chats`);
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(30);
    await g
      .getByTestId('chat-counts')
      .getByText(/^30\+ conversations/)
      .waitFor();
    // The first traveller wrote first: not on the first page.
    expect(await rowOf(writers[0]!.id).count()).toBe(0);
    const more = g.getByRole('button', { name: 'Load more conversations' });
    await more.focus();
    await g.keyboard.press('Enter');
    await rowOf(writers[0]!.id).waitFor();
    expect(await rows.count()).toBeGreaterThan(31);
    await more.waitFor({ state: 'detached' });
    const hrefs = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);

    // A new message from a conversation of the second page moves it to the top, live.
    const oldest = writers[0]!;
    const again = await oldest.context.request.post(`${app.url}/api/chat/send`, {
      data: { conversationId: oldest.id, body: 'Still there?', clientId: `pager-again-${Date.now()}` },
    });
    expect(again.status(), await again.text()).toBe(201);
    await expect.poll(() => rows.first().getAttribute('href')).toMatch(new RegExp(`/${oldest.id}$`));
    await rows.first().getByText('Still there?').waitFor();
    expect(await rows.count()).toBe(hrefs.length);
    expect(guide.errors).toEqual([]);
    for (const w of writers) await w.context.close();
    await guide.context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupApp } from './support/app.ts';
import { toast } from './support/toast.ts';

// Trust and safety (docs/product.md#staff-actions, #your-data): a suspension signs the guide's open tab out live
// and takes the guide out of search; a deleted tourist stays in the guide's conversation as "Deleted member".
const STAFF = 'staff.trust@lokal.test';
// These journeys verify phones through the API: the bot check has its own tests (spec-rules.test.ts).
const app = setupApp({ mail: true, env: { ADMIN_EMAILS: STAFF, RATE_LIMIT_SCALE: '10', BOT_CHECK: 'off' } });

async function staffSignIn(page: Page) {
  const before = app.smtp.mails.length;
  await page.goto(`${app.url}/admin/login`);
  await page.getByLabel('Email address').fill(STAFF);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.goto(await app.linkFor(STAFF, before));
  await page.waitForURL(`${app.url}/admin`);
  await page.getByRole('heading', { name: 'Staff console' }).waitFor();
}

describe('trust and safety', () => {
  it('staff suspend a reported guide: the guide’s open tab is signed out live and the guide leaves search', async () => {
    // A tourist writes to Sofia and reports her.
    const t = await app.signedIn('james.whitfield@demo.lokal.app', 'tourist', PHONE);
    const sofia = await app.signedIn('sofia.martinez@demo.lokal.app', 'guide');
    const sofiaId = (await (await sofia.page.request.get(`${app.url}/api/users/status`)).json()).user.id;
    const opened = await t.page.request.post(`${app.url}/api/chat/conversations`, {
      data: { guideId: sofiaId },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const conversationId: string = (await opened.json()).id;
    const reported = await t.page.request.post(`${app.url}/api/chat/conversations/${conversationId}/report`, {
      data: { reason: 'scam', details: 'Asked me to pay by bank transfer.' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    await t.page.goto(`${app.url}/tourist/home`);
    await t.page.getByLabel('Search guides').fill('sofia');
    await t.page.getByTestId('guide-card').filter({ hasText: 'Sofia Martinez' }).waitFor();

    // Sofia has the app open on her chats (her live connection is open).
    await sofia.page.goto(`${app.url}/guide/chats`);
    await sofia.page.getByRole('heading', { name: 'Messages' }).first().waitFor();

    // Staff suspend her from the report, with a reason.
    const s = await app.newPage(DESKTOP);
    await staffSignIn(s.page);
    await s.page.getByRole('tab', { name: /Reports/ }).click();
    const card = s.page.getByRole('article').filter({ hasText: 'Asked me to pay by bank transfer.' });
    await card.getByRole('button', { name: 'Suspend Sofia Martinez' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Suspend Sofia Martinez?' });
    await dialog.getByLabel('Reason (they will read it)').fill('Asked a traveller to pay outside Lokal.');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await toast(s.page, 'Account suspended.').waitFor();

    // Her open tab is signed out without her doing anything.
    await sofia.page.waitForURL('**/guide/login', { timeout: 15_000 });

    // The tourist's search no longer finds her (the search page cache turns over within a second).
    await expect
      .poll(
        async () => {
          await t.page.reload();
          await t.page.getByLabel('Search guides').fill('sofia');
          await t.page
            .getByRole('heading', { name: 'No guides match yet' })
            .waitFor({ timeout: 5000 })
            .catch(() => {});
          return t.page.getByTestId('guide-card').filter({ hasText: 'Sofia Martinez' }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    await t.page.getByRole('heading', { name: /^No guides/ }).waitFor();
    expect(s.errors).toEqual([]);
    await Promise.all([t.context.close(), sofia.context.close(), s.context.close()]);
  });

  it('a tourist deletes the account: the guide’s conversation shows "Deleted member"', async () => {
    const email = `leaving.${Date.now()}@e2e.lokal.test`;
    const t = await app.signedIn(email, 'tourist', PHONE);
    const number = '+14155550999';
    const post = async (path: string, data: object) => {
      const res = await t.page.request.post(`${app.url}${path}`, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return res.json();
    };
    await post('/api/phone/send-code', { phone: number });
    await post('/api/phone/verify-code', { phone: number, code: app.sms.lastCode(number) });
    await post('/api/tourists/onboarding', {
      firstName: 'Nora',
      lastName: 'Leaving',
      phone: number,
      phoneVerified: true,
      occupation: 'Writer',
    });
    const kenji = await app.signedIn('kenji.watanabe@demo.lokal.app', 'guide');
    const kenjiId = (await (await kenji.page.request.get(`${app.url}/api/users/status`)).json()).user.id;
    const opened = await t.page.request.post(`${app.url}/api/chat/conversations`, {
      data: { guideId: kenjiId },
    });
    const conversationId: string = (await opened.json()).id;
    const sent = await t.page.request.post(`${app.url}/api/chat/send`, {
      data: { conversationId, body: 'Hello Kenji, are you free on Friday?', clientId: `c-${Date.now()}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // Kenji sees Nora by name first.
    await kenji.page.goto(`${app.url}/guide/chats/${conversationId}`);
    await kenji.page.getByText('Hello Kenji, are you free on Friday?').first().waitFor();
    await kenji.page.getByRole('button', { name: "View Nora Leaving's profile" }).waitFor();

    // Nora deletes her account from settings, typing DELETE to confirm.
    await t.page.goto(`${app.url}/tourist/settings`);
    await t.page.getByRole('heading', { name: 'Your data' }).waitFor();
    await t.page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await toast(t.page, 'Your account is deleted').waitFor();
    await expect.poll(() => new URL(t.page.url()).pathname).toBe('/');

    // Kenji keeps the conversation, now from a deleted member, and can no longer write.
    await kenji.page.reload();
    await kenji.page.getByText('Hello Kenji, are you free on Friday?').first().waitFor();
    await kenji.page.getByRole('button', { name: "View Deleted member's profile" }).waitFor();
    await kenji.page.getByText('You can no longer send messages in this conversation.').waitFor();
    expect(kenji.errors).toEqual([]);
    await Promise.all([t.context.close(), kenji.context.close()]);
  });
});

import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { trackErrors } from './browser.ts';

export type Viewport = { width: number; height: number };

/** A fresh browser context signed in through the development sign-in, with its console errors tracked. */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  userType: 'tourist' | 'guide',
  viewport: Viewport,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = trackErrors(page);
  const res = await page.request.post(`${baseUrl}/api/dev/mock-sign-in`, { data: { email, userType } });
  expect(res.status()).toBe(200);
  return { context, page, errors };
}

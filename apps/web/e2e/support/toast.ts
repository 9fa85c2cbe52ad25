import type { Page } from 'playwright-core';

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The toast whose message is exactly `text`. */
export function toast(page: Page, text: string) {
  return page
    .locator('[data-toast] [data-toast-message]')
    .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) })
    .first();
}

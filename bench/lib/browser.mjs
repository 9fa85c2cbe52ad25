// Debian's chromium as every bench starts it (Playwright here, chrome-launcher for Lighthouse).
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export { CHROMIUM_FLAGS, CHROMIUM_PATH };

export function launch() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

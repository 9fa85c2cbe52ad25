// Lighthouse (mobile) in Debian chromium for one or more URLs: the four category scores, LCP, TBT and CLS.
// Usage: npm run bench:lighthouse -- http://localhost:3000/ [more URLs] [--cookie "lokal_session=…"]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/browser.mjs';

const args = process.argv.slice(2);
const cookieAt = args.indexOf('--cookie');
const cookie = cookieAt >= 0 ? args.splice(cookieAt, 2)[1] : undefined;
const urls = args.length ? args : ['http://localhost:3000/'];

// Accepts a self-signed certificate, so a local HTTPS server (TLS_CERT_FILE) can be measured too.
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_FLAGS, '--ignore-certificate-errors'],
});
const rows = [];
try {
  for (const url of urls) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    const { categories: c, audits: a } = result.lhr;
    rows.push({
      url,
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      'best-practices': Math.round(c['best-practices'].score * 100),
      seo: Math.round(c.seo.score * 100),
      LCP: a['largest-contentful-paint'].displayValue,
      TBT: a['total-blocking-time'].displayValue,
      CLS: a['cumulative-layout-shift'].displayValue,
    });
    const failing = Object.values(result.lhr.audits)
      .filter((x) => x.score !== null && x.score < 1 && x.scoreDisplayMode === 'binary')
      .map((x) => x.id);
    if (failing.length) console.error(`${url} — audits not passed: ${failing.join(', ')}`);
  }
} finally {
  await chrome.kill();
}
console.table(rows);

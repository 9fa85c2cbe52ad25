// `node bench/trace.mjs [OUT_PREFIX]`: loads the guide and experience pages (signed out and as the demo tourist)
// and the tourist home in Chromium over HTTPS on the machine's address, records a trace of each load and
// prints a load-robust stand-in for Lighthouse's TBT (decision 042): each main-thread task's CPU time (trace
// `tdur`, which another process taking the core does not lengthen) times 4, minus 50 ms, summed. ONLY=guide,exp
// picks pages, REPS=n repeats each, CPU=4 slows the CPU, PROFILE=1 saves a CPU profile (.cpuprofile) instead,
// CATEGORIES=a,b adds trace categories (disabled-by-default-v8.compile shows V8 parsing a function again to
// find line numbers, `V8.CollectSourcePositions`: decision 082).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { selfSignedCert, sessionCookie, startOnPublicAddress } from './lib/server.mjs';

const out = process.argv[2] ?? path.join(os.tmpdir(), 'lokal-trace');
/** CPU TBT (tasks' thread time × 4 − 50 ms, summed) and the main thread's CPU time, of the page's renderer. */
function cpuSummary(events) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  // The page's renderer is the main thread whose events name the app's assets.
  const count = (t) =>
    events.filter(
      (e) => e.pid === t.pid && e.tid === t.tid && JSON.stringify(e.args ?? {}).includes('/assets/'),
    ).length;
  const main = threads.map((t) => [t, count(t)]).sort((a, b) => b[1] - a[1])[0][0];
  const tasks = events.filter(
    (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask',
  );
  const ms = tasks.map((t) => (t.tdur ?? t.dur) / 1000);
  const tbt = ms.reduce((s, m) => s + Math.max(0, 4 * m - 50), 0);
  const cpu = ms.reduce((s, m) => s + m, 0);
  const longest = ms
    .map((m) => Math.round(4 * m))
    .sort((a, b) => b - a)
    .slice(0, 5);
  return `CPU TBT ${Math.round(tbt)} ms, main-thread CPU ${Math.round(cpu)} ms, longest tasks ×4 ${longest.join(' ')} ms`;
}

const server = await startOnPublicAddress(selfSignedCert());
const cookie = await sessionCookie(server.url, {
  email: 'james.whitfield@demo.lokal.app',
  userType: 'tourist',
});
const sofia = await (await fetch(`${server.url}/api/pages/guides/sofia-martinez`)).json();
const exp = sofia.preview.experiences[0].id;
const pages = [
  ['guide', '/guides/sofia-martinez', false],
  ['guide-tourist', '/guides/sofia-martinez', true],
  ['exp', `/experiences/${exp}`, false],
  ['exp-tourist', `/experiences/${exp}`, true],
  ['home-tourist', '/tourist/home', true],
].filter(([n]) => !process.env.ONLY || process.env.ONLY.split(',').includes(n));
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, '--ignore-certificate-errors'],
});
try {
  for (const [name, path, signed] of pages) {
    for (let rep = 0; rep < Number(process.env.REPS ?? 1); rep++) {
      const ctx = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 412, height: 823 },
      });
      if (signed) {
        const u = new URL(server.publicUrl);
        await ctx.addCookies([
          { name: 'lokal_session', value: cookie, domain: u.hostname, path: '/', secure: true },
        ]);
      }
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU ?? 1) });
      if (process.env.PROFILE) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${server.publicUrl}${path}`, { waitUntil: 'load' });
        await page.waitForTimeout(4000);
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(`${out}-${name}-${rep}.cpuprofile`, JSON.stringify(profile));
        await ctx.close();
        continue;
      }
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'loading',
          'toplevel',
          ...(process.env.CATEGORIES ? process.env.CATEGORIES.split(',') : []),
        ],
      });
      await page.goto(`${server.publicUrl}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(4000);
      const buf = await browser.stopTracing();
      writeFileSync(`${out}-${name}-${rep}.json`, buf);
      console.log(`${name} #${rep}: ${cpuSummary(JSON.parse(buf.toString()).traceEvents)}`);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

// Initial JavaScript per route, gzipped (-9): every script a route loads before it settles, signed in as the
// role the route is for. Starts the built server on a free port with a throw-away data folder.
// Usage: node bench/js-size.mjs   (prints a table; exits 1 when a route passes JS_LIMIT_KB, default 150;
// JS_VERBOSE=1 lists every script)

import { gzipSync } from 'node:zlib';
import { launch } from './lib/browser.mjs';
import { STAFF_EMAIL, sessionCookie, staffCookie, startOnPublicAddress } from './lib/server.mjs';

const LIMIT_KB = Number(process.env.JS_LIMIT_KB ?? 150);

/** Sums the gzip -9 size of every script the page loads until the network is quiet. */
async function measure(browser, url, session) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ignoreHTTPSErrors: true,
  });
  if (session) {
    await context.addCookies([{ name: 'lokal_session', value: session, url: new URL(url).origin }]);
  }
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) scripts.add(res.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A guard that sent the page elsewhere would measure the wrong screen.
  const landed = new URL(page.url()).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} redirected to ${landed}`);
  let bytes = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(src)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    if (process.env.JS_VERBOSE) console.log(`  ${url} ${new URL(src).pathname} ${(gz / 1024).toFixed(1)} KB`);
    bytes += gz;
  }
  await context.close();
  return { kb: bytes / 1024, files: scripts.size };
}

/** `localBase` reaches the server on localhost (sign-in); `base` is the address pages are loaded from. */
export async function measureRoutes(localBase, base, dataDir) {
  const tourist = await sessionCookie(localBase, {
    email: 'james.whitfield@demo.lokal.app',
    userType: 'tourist',
  });
  const guide = await sessionCookie(localBase, { email: 'sofia.martinez@demo.lokal.app', userType: 'guide' });
  // New accounts, before their onboarding, and the development staff address.
  const newTourist = await sessionCookie(localBase, {
    email: 'bench.tourist@lokal.test',
    userType: 'tourist',
  });
  const newGuide = await sessionCookie(localBase, { email: 'bench.guide@lokal.test', userType: 'guide' });
  const staff = await staffCookie(localBase, dataDir, STAFF_EMAIL);
  // A conversation to open, made through the API as the tourist.
  const headers = { cookie: `lokal_session=${tourist}`, 'content-type': 'application/json' };
  const search = await (await fetch(`${localBase}/api/guides/search?q=sofia`, { headers })).json();
  const opened = await fetch(`${localBase}/api/chat/conversations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ guideId: search.guides[0].id }),
  });
  const conversationId = (await opened.json()).id;
  // A guide page and one of its experiences: signed out (a shared link) and signed in as a tourist.
  const guidePage = `/guides/${search.guides[0].slug}`;
  const { preview } = await (await fetch(`${localBase}/api/pages${guidePage}`)).json();
  const experiencePage = `/experiences/${preview.experiences[0].id}`;

  const routes = [
    ['/', null],
    [guidePage, null],
    [guidePage, tourist],
    [experiencePage, null],
    [experiencePage, tourist],
    ['/tourist/signup', null],
    ['/tourist/login', null],
    ['/guide/signup', null],
    ['/admin/login', null],
    ['/tourist/onboarding', newTourist],
    ['/guide/onboarding', newGuide],
    ['/admin', staff],
    ['/tourist/home', tourist],
    ['/tourist/chats', tourist],
    [`/tourist/chats/${conversationId}`, tourist],
    ['/tourist/bookings', tourist],
    ['/tourist/settings', tourist],
    ['/guide/home', guide],
    ['/guide/chats', guide],
    ['/guide/bookings', guide],
    ['/guide/settings', guide],
    ['/guide/top-tourists', guide],
    ['/guide/preview', guide],
    ['/guide/personality/test', guide],
  ];
  const browser = await launch();
  const rows = [];
  try {
    for (const [route, who] of routes) {
      const { kb, files } = await measure(browser, `${base}${route}`, who);
      rows.push({
        route:
          route.replace(conversationId, ':conversationId') +
          (/^\/(guides|experiences)\//.test(route) ? (who ? ' (tourist)' : ' (signed out)') : ''),
        'initial JS (KB gz)': Number(kb.toFixed(1)),
        files,
        'within 150 KB': kb <= LIMIT_KB ? 'yes' : 'NO',
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startOnPublicAddress();
  try {
    const rows = await measureRoutes(server.url, server.publicUrl, server.dataDir);
    console.table(rows);
    if (rows.some((r) => r['within 150 KB'] !== 'yes')) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

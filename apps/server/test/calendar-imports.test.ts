import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { mockSignIn, openTestDatabase, testConfig } from './helper.ts';

// Guides' imported calendars (docs/product.md#calendars) from a local HTTP server: the loopback address is
// allowed only through the test-only allow-list (decision 096).

const clock = Date.parse('2026-11-23T10:00:00.000Z');
let app: Awaited<ReturnType<typeof buildApp>>;
let server: Server;
let base: string;
let failing = false;
type Who = { cookie: string; id: string };
let sofia: Who;
let otherGuide: Who;
let james: Who;
let experienceId: string;

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
let busyStart = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/busy.ics') {
      const end = new Date(Date.parse(busyStart) + 3_600_000).toISOString();
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      return res
        .writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"' })
        .end(
          ics('BEGIN:VEVENT', 'UID:b1', `DTSTART:${stamp(busyStart)}`, `DTEND:${stamp(end)}`, 'END:VEVENT'),
        );
    }
    if (url === '/flaky.ics') {
      if (failing) return res.writeHead(500).end('down');
      return res
        .writeHead(200)
        .end(
          ics('BEGIN:VEVENT', 'UID:f', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z', 'END:VEVENT'),
        );
    }
    if (url === '/big.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(1024 * 1024, 'X');
      for (let i = 0; i < 6; i++) res.write(chunk);
      return res.end();
    }
    if (url === '/slow.ics') {
      res.writeHead(200);
      return; // never ends
    }
    if (url === '/bad.ics') return res.writeHead(200).end('<html>no calendar here</html>');
    if (url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/calendar.ics' }).end();
    if (url === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ rateLimitScale: 10 });
  app = await buildApp(
    {
      ...config,
      calendarImports: { timeoutMs: 1000, maxBytes: 5 * 1024 * 1024, allowAddresses: ['127.0.0.1'] },
    },
    { database: await openTestDatabase(), seed: true, now: () => clock },
  );
  await app.ready();
  sofia = await mockSignIn(app, 'sofia.martinez@demo.lokal.app', 'guide');
  james = await mockSignIn(app, 'james.whitfield@demo.lokal.app', 'tourist');
  otherGuide = await mockSignIn(app, 'another.guide@lokal.test', 'guide');
  const list = await app.inject({ url: `/api/guides/${sofia.id}/experiences` });
  experienceId = list.json().experiences[0].id;
}, 60_000);

afterAll(async () => {
  await app?.close();
  server?.close();
});

const add = (who: Who, url: string) =>
  app.inject({
    method: 'POST',
    url: '/api/calendar-imports',
    headers: { cookie: who.cookie },
    payload: { url },
  });
const slots = async () =>
  (await app.inject({ url: `/api/experiences/${experienceId}/slots?from=2026-11-25&to=2026-12-20` })).json()
    .slots as { start: string }[];

describe('imported calendars', () => {
  it('removes the slot a busy event covers, keeps it on a 304 and frees it when the calendar goes', async () => {
    const before = await slots();
    expect(before.length).toBeGreaterThan(0);
    busyStart = before[0]!.start;
    const added = await add(sofia, `${base}/busy.ics`);
    expect(added.statusCode).toBe(200);
    const [calendar] = added.json().calendars;
    expect(calendar).toMatchObject({ eventCount: 1, lastError: null });
    expect((await slots()).map((s) => s.start)).not.toContain(busyStart);

    // The scheduled sync: the server answers 304 to our ETag, the copy stays.
    await app.jobs.run('calendar-imports');
    const listed = await app.inject({ url: '/api/calendar-imports', headers: { cookie: sofia.cookie } });
    expect(listed.json().calendars[0]).toMatchObject({ eventCount: 1, lastError: null });
    expect((await slots()).map((s) => s.start)).not.toContain(busyStart);

    // Another guide neither sees nor removes it.
    {
      const theirs = await app.inject({
        url: '/api/calendar-imports',
        headers: { cookie: otherGuide.cookie },
      });
      expect(theirs.json().calendars).toEqual([]);
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/calendar-imports/${calendar.id}`,
        headers: { cookie: otherGuide.cookie },
      });
      expect(del.statusCode).toBe(404);
    }
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/calendar-imports/${calendar.id}`,
      headers: { cookie: sofia.cookie },
    });
    expect(removed.json().calendars).toEqual([]);
    expect((await slots()).map((s) => s.start)).toContain(busyStart);
  });

  it('keeps the last good copy of a feed that fails and says why in words', async () => {
    failing = false;
    const added = await add(sofia, `${base}/flaky.ics`);
    expect(added.statusCode).toBe(200);
    failing = true;
    await app.jobs.run('calendar-imports');
    const listed = await app.inject({ url: '/api/calendar-imports', headers: { cookie: sofia.cookie } });
    const flaky = listed.json().calendars.find((c: { url: string }) => c.url.endsWith('/flaky.ics'));
    expect(flaky).toMatchObject({
      eventCount: 1,
      lastError: 'The calendar’s server answered 500 instead of the calendar.',
    });
  });

  it.each([
    ['/big.ics', 'calendar-too-big'],
    ['/slow.ics', 'calendar-too-slow'],
    ['/bad.ics', 'calendar-malformed'],
    ['/to-private', 'calendar-address-refused'],
    ['/to-metadata', 'calendar-address-refused'],
  ])('refuses %s with 400 %s and keeps nothing', async (path, code) => {
    const res = await add(sofia, `${base}${path}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
    expect(typeof res.json().message).toBe('string');
    const listed = await app.inject({ url: '/api/calendar-imports', headers: { cookie: sofia.cookie } });
    expect(listed.json().calendars.map((c: { url: string }) => c.url)).not.toContain(`${base}${path}`);
  });

  it('refuses private and non-http addresses, and non-guides', async () => {
    for (const url of [
      'http://10.1.2.3/c.ics',
      'http://[::1]/c.ics',
      'http://169.254.169.254/',
      'ftp://example.com/c.ics',
    ]) {
      const res = await add(sofia, url);
      expect(res.statusCode).toBe(400);
    }
    expect((await add(james, `${base}/busy.ics`)).statusCode).toBe(403);
  });
});

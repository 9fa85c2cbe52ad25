// `node --import tsx bench/data/lists-explain.ts`: EXPLAIN (ANALYZE, BUFFERS) of the hot list
// queries as the server runs them — the guide's tourist list (first and second page), the top 3, the "online"
// count, the page's figures and the guide's conversation list (first and second page) — on the PostgreSQL
// database DATABASE_URL names (after `npm run seed:bench`). PostgreSQL's auto_explain prints the plan of every
// statement the real repositories send over one connection; bench/explain.mjs prints them for
// docs/performance.md.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createChatRepository } from '../../apps/server/src/modules/chat/repository.ts';
import { createDiscoveryRepository } from '../../apps/server/src/modules/discovery/repository.ts';
import { schema } from '../../apps/server/src/db/client.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('Set DATABASE_URL to a PostgreSQL database');
const city = process.env.BENCH_CITY ?? 'Barcelona';
const guideEmail = process.env.BENCH_CHAT_GUIDE ?? 'sofia.martinez@demo.lokal.app';

// One connection: the auto_explain settings are the session's.
const pool = new pg.Pool({ connectionString: url, max: 1 });
let capture: string[] | null = null;
pool.on('connect', (client) =>
  client.on('notice', (n) => {
    if (capture && n.message?.includes('Query Text')) capture.push(n.message);
  }),
);
const db = drizzle(pool, { schema });
await db.execute(sql`load 'auto_explain'`);
await db.execute(sql`set auto_explain.log_min_duration = 0`);
await db.execute(sql`set auto_explain.log_analyze = on`);
await db.execute(sql`set auto_explain.log_buffers = on`);
await db.execute(sql`set client_min_messages = log`);

const discovery = createDiscoveryRepository(db as never);
const chat = createChatRepository(db as never);
const counts = (await db.execute(sql`
  select (select count(*) from tourist_profiles where lower(city) = lower(${city}))::int as tourists,
    (select count(*) from messages)::int as messages,
    (select count(*) from conversations c join users g on g.id = c.guide_id where g.email = ${guideEmail})::int as conversations`)) as unknown as {
  rows: { tourists: number; messages: number; conversations: number }[];
};
const [guide] = (
  (await db.execute(sql`select id from users where email = ${guideEmail}`)) as unknown as {
    rows: { id: string }[];
  }
).rows;
if (!guide) throw new Error(`No guide ${guideEmail}`);

/** Runs it twice (the first warms the cache) and returns the plans of the second run. */
async function plans(label: string, run: () => Promise<unknown>) {
  await run();
  capture = [];
  await run();
  const out = capture;
  capture = null;
  console.log(`\n### ${label}\n`);
  for (const p of out) console.log(`${p.replace(/^duration: [^\n]*\n/, '').trimEnd()}\n`);
}

console.log(
  `Data: ${counts.rows[0]!.tourists} tourists in ${city}, ${counts.rows[0]!.messages} messages, ${counts.rows[0]!.conversations} conversations of ${guideEmail}`,
);
const monthAgo = new Date(Date.now() - 30 * 86_400_000);
const online = new Date(Date.now() - 5 * 60_000);
const first = await discovery.touristPage(city, {}, 25, null);
const last = first[first.length - 1]!;
const cursor = { s: last.profile.tier, at: last.cursorAt, id: last.profile.userId };
await plans('Tourist list, first page (GET /api/guides/tourists)', () =>
  discovery.touristPage(city, {}, 25, null),
);
await plans('Tourist list, next page (cursor)', () => discovery.touristPage(city, {}, 25, cursor));
await plans('Tourist list, searched (q=ana, category Art & Culture)', () =>
  discovery.touristPage(city, { needle: 'ana', interests: ['Art & Culture', 'Art'] }, 25, null),
);
await plans('Top 3 (GET /api/guides/top-tourists)', () => discovery.topOf(city, 3, monthAgo));
await plans('Top 3 who welcome new guides (an unverified guide may contact them)', () =>
  discovery.topOpenToNew(city, 3, monthAgo),
);
await plans("The dashboard's guide with the week's bookings, earnings and first replies", () =>
  discovery.guideDesk(guide.id, new Date()),
);
await plans("The city's count of high-value tourists online", () => discovery.highValueOnline(city, online));
const page = await chat.listFor({ id: guide.id, role: 'guide' }, { limit: 31, cursor: null });
const end = page[page.length - 1]!;
await plans("Guide's conversations, first page (GET /api/chat/conversations)", () =>
  chat.listFor({ id: guide.id, role: 'guide' }, { limit: 31, cursor: null }),
);
await plans("Guide's conversations, next page (cursor)", () =>
  chat.listFor({ id: guide.id, role: 'guide' }, { limit: 31, cursor: { at: end.cursorAt, id: end.id } }),
);
await plans("The unread badge of the guide's 20,000 conversations (GET /api/chat/unread)", () =>
  chat.unreadTotal(guide.id),
);
await pool.end();

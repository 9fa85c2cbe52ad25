import { REPORT_PREVIEW_MESSAGES } from '@lokal/shared/constants/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/admin.ts';
import { invites, waitlist } from '../src/db/schema/auth.ts';
import { conversations, messages, reports } from '../src/db/schema/chat.ts';
import { guideProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createAuditRepository } from '../src/modules/admin/audit/repository.ts';
import { createInvitesRepository } from '../src/modules/admin/invites/repository.ts';
import { createReportsRepository } from '../src/modules/admin/reports/repository.ts';
import { createUsersRepository } from '../src/modules/admin/users/repository.ts';
import { createVerificationRepository } from '../src/modules/admin/verification/repository.ts';
import { createWorld } from './actors-helper.ts';
import { createTestApp } from './helper.ts';
import { expectIndexOrder, planOf as planIn } from './plan-helper.ts';

// The staff console's lists a page at a time (decision 043): each walked to its end with a small limit, with
// rows sharing one instant (the id breaks the tie), a row added between pages, nothing repeated or skipped;
// a bad cursor is a 400; and a page is read from its index, in order, without sorting the table.
let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: { cookie: string };
let n = 0;
const tag = `sl${Date.now().toString(36)}`;
const fresh = (what: string) => `${what}.${tag}.${n++}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await createWorld(t.app, t.config, t.database).staffNow())!;
});
afterAll(async () => t?.close());

const db = (): Db => t.database.db;
const planOf = (query: Parameters<typeof planIn>[1]) => planIn(db(), query);

async function get(url: string) {
  return t.app.inject({ url, headers: { cookie: staff.cookie } });
}

/** Every page of a list, following nextCursor; `between` runs after the first page. */
async function walk<T>(url: string, key: string, between?: () => Promise<unknown>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const res = await get(
      `${url}${url.includes('?') ? '&' : '?'}limit=3${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body[key].length, url).toBeLessThanOrEqual(3);
    pages.push(body[key]);
    cursor = body.nextCursor;
    if (pages.length === 1 && between) await between();
  } while (cursor && pages.length < 100);
  expect(cursor, 'the walk ended').toBeNull();
  return pages;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

const badCursors = [
  'abc',
  Buffer.from('null').toString('base64url'),
  Buffer.from(
    JSON.stringify({ at: '2026-02-30 00:00:00+00', id: '00000000-0000-4000-8000-000000000000' }),
  ).toString('base64url'),
  Buffer.from(JSON.stringify({ at: "2026-01-01 00:00:00+00'; drop table users; --", id: 'x' })).toString(
    'base64url',
  ),
  Buffer.from(JSON.stringify({ at: '2026-01-01 00:00:00+00', email: 'a\u0000@b.co' })).toString('base64url'),
];

async function expectBadCursorsRefused(url: string) {
  for (const cursor of badCursors) {
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`);
    expect(res.statusCode, `${url} ${cursor}: ${res.body}`).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid-cursor' });
  }
}

describe('members', () => {
  it('pages newest first, one role or every role, without repeats or skips while someone joins, from its index', async () => {
    const at = new Date(Date.now() - 60_000);
    // Seven members joined in one instant and two earlier: the id orders the seven.
    const made = await db()
      .insert(users)
      .values([
        ...Array.from({ length: 7 }, (_, i) => ({
          email: fresh(`member${i}`),
          role: i % 2 ? ('guide' as const) : ('tourist' as const),
          createdAt: at,
        })),
        { email: fresh('early'), role: 'tourist' as const, createdAt: new Date(at.getTime() - 1000) },
        { email: fresh('earlier'), role: 'guide' as const, createdAt: new Date(at.getTime() - 2000) },
      ])
      .returning({ id: users.id });
    const expected = await rows<{ id: string; role: string }>(
      sql`select id, role from users where email like ${`%.${tag}.%`} order by created_at desc, id desc`,
    );
    expect(expected).toHaveLength(made.length);

    const pages = await walk<{ id: string; email: string }>(`/api/admin/users?q=${tag}`, 'users', () =>
      db()
        .insert(users)
        .values({ email: fresh('newcomer'), role: 'tourist' }),
    );
    // The newcomer joined after the first page: it is above it, not repeated or pushed into a later page.
    expect(pages.flat().map((u) => u.id)).toEqual(expected.map((u) => u.id));
    expect(pages.length).toBe(3);

    const guides = await walk<{ id: string; role: string }>(`/api/admin/users?q=${tag}&role=guide`, 'users');
    expect(guides.flat().map((u) => u.id)).toEqual(
      expected.filter((u) => u.role === 'guide').map((u) => u.id),
    );

    await expectBadCursorsRefused('/api/admin/users');
    const repo = createUsersRepository(db());
    const cursor = { at: '2026-01-01 00:00:00+00', id: expected[0]!.id };
    expectIndexOrder(await planOf(repo.usersQuery(null, null, 21, cursor)), 'users_created_idx');
    expectIndexOrder(await planOf(repo.usersQuery(null, 'guide', 21, cursor)), 'users_role_created_idx');
  });
});

describe('the audit log', () => {
  it('pages newest first without repeats or skips while staff act, from its index', async () => {
    const at = new Date(Date.now() - 30_000);
    await db()
      .insert(auditLog)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          actorEmail: 'boss@lokal.test',
          action: 'invite.add',
          targetType: 'invite',
          targetId: fresh(`audited${i}`),
          createdAt: i < 5 ? at : new Date(at.getTime() - i * 1000),
        })),
      );
    const expected = await rows<{ id: string }>(
      sql`select id from audit_log order by created_at desc, id desc`,
    );
    const pages = await walk<{ id: string }>('/api/admin/audit', 'entries', () =>
      get('/api/admin/users').then(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/invites',
          headers: { cookie: staff.cookie },
          payload: { email: fresh('between') },
        }),
      ),
    );
    expect(pages.flat().map((e) => e.id)).toEqual(expected.map((e) => e.id));
    await expectBadCursorsRefused('/api/admin/audit');
    const plan = await planOf(
      createAuditRepository(db()).auditPage(21, { at: '2026-01-01 00:00:00+00', id: expected[0]!.id }),
    );
    expectIndexOrder(plan, 'audit_log_created_idx');
  });
});

describe('invites', () => {
  it('pages newest first by address within an instant, without repeats or skips while one is added, from its index', async () => {
    const at = new Date(Date.now() - 30_000);
    await db()
      .insert(invites)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          email: fresh(`invited${i}`),
          source: 'staff',
          createdAt: at,
        })),
      );
    const expected = await rows<{ email: string }>(
      sql`select email from invites where email like ${`%.${tag}.%`} order by created_at desc, email desc`,
    );
    const pages = await walk<{ email: string }>(`/api/admin/invites?q=${tag}`, 'invites', () =>
      db()
        .insert(invites)
        .values({ email: fresh('invitedlater'), source: 'staff' }),
    );
    expect(pages.flat().map((i) => i.email)).toEqual(expected.map((i) => i.email));
    await expectBadCursorsRefused('/api/admin/invites');
    const plan = await planOf(
      createInvitesRepository(db()).invitesPage('', 21, { at: '2026-01-01 00:00:00+00', email: 'a@b.co' }),
    );
    expectIndexOrder(plan, 'invites_created_idx');
  });
});

describe('the waitlist', () => {
  it("pages one row per address, newest request first, with each address's count, without repeats or skips", async () => {
    const at = Date.now() - 20_000;
    const addresses = Array.from({ length: 6 }, (_, i) => fresh(`waiting${i}`));
    // Two addresses asked twice; one of them asked again in the same instant as others.
    await db()
      .insert(waitlist)
      .values([
        ...addresses.map((email, i) => ({
          email,
          role: 'tourist' as const,
          createdAt: new Date(at - i * 1000),
        })),
        { email: addresses[4]!, role: 'guide' as const, createdAt: new Date(at) },
        { email: addresses[5]!, role: 'guide' as const, createdAt: new Date(at - 500) },
      ]);
    // Already invited: no longer waiting.
    await db().insert(invites).values({ email: addresses[1]!, source: 'waitlist' });
    // Each waiting address by its newest request (the id orders requests of one instant).
    const newestFirst = async () =>
      (
        await rows<{ email: string }>(sql`
          select email from (
            select distinct on (email) email, created_at, id from waitlist
            where email = any(${sql.param(addresses)}::text[]) and email <> ${addresses[1]!}
            order by email, created_at desc, id desc
          ) w order by created_at desc, id desc`)
      ).map((r) => r.email);
    const before = await newestFirst();
    expect(before).toHaveLength(5);
    const pages = await walk<{ email: string; role: string; requests: number }>(
      '/api/admin/waitlist',
      'entries',
      () => db().insert(waitlist).values({ email: addresses[2]!, role: 'guide' }),
    );
    const mine = pages.flat().filter((e) => addresses.includes(e.email));
    // addresses[2] asked again after the first page: its newer request is above the pages read, so it shows
    // once, where its older request stood when the walk began, or not at all — never twice.
    const emails = mine.map((e) => e.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter((e) => e !== addresses[2])).toEqual(before.filter((e) => e !== addresses[2]));
    expect(mine.find((e) => e.email === addresses[4])).toMatchObject({ role: 'guide', requests: 2 });
    expect(mine.find((e) => e.email === addresses[5])).toMatchObject({ role: 'guide', requests: 2 });
    expect(mine.find((e) => e.email === addresses[0])).toMatchObject({ role: 'tourist', requests: 1 });

    // Read afresh, every waiting address is there once, the one that asked again at the top.
    const again = (await walk<{ email: string }>('/api/admin/waitlist', 'entries'))
      .flat()
      .map((e) => e.email)
      .filter((e) => addresses.includes(e));
    expect(again).toEqual(await newestFirst());
    expect(again[0]).toBe(addresses[2]);
    await expectBadCursorsRefused('/api/admin/waitlist');
    const plan = await planOf(
      createInvitesRepository(db()).waitlistPage(21, {
        at: '2026-01-01 00:00:00+00',
        id: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expectIndexOrder(plan, 'waitlist_created_idx');
    expect(plan).toMatch(/waitlist_email_idx/);
  });
});

describe('reports', () => {
  it('pages open ones oldest first and resolved ones newest first, without repeats or skips, each from its index', async () => {
    const [a, b] = await db()
      .insert(users)
      .values([
        { email: fresh('reporter'), role: 'tourist' },
        { email: fresh('reported'), role: 'guide' },
      ])
      .returning({ id: users.id });
    const at = Date.now() - 10_000;
    await db()
      .insert(reports)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          reporterId: a!.id,
          reportedId: b!.id,
          reason: 'spam',
          createdAt: new Date(at - (i % 4) * 1000),
          resolvedAt: i >= 6 ? new Date(at + (i % 2) * 1000) : null,
          resolution: i >= 6 ? 'Talked to both' : null,
        })),
      );
    const open = await rows<{ id: string }>(
      sql`select id from reports where resolved_at is null order by created_at, id`,
    );
    const resolved = await rows<{ id: string }>(
      sql`select id from reports where resolved_at is not null order by resolved_at desc, id desc`,
    );
    const latecomer = async () => {
      const [row] = await db()
        .insert(reports)
        .values({ reporterId: a!.id, reportedId: b!.id, reason: 'other' })
        .returning({ id: reports.id });
      return row!.id;
    };
    let late = '';
    const openPages = await walk<{ id: string }>('/api/admin/reports?status=open', 'reports', async () => {
      late = await latecomer();
    });
    // A report made while staff read the queue joins its end.
    expect(openPages.flat().map((r) => r.id)).toEqual([...open.map((r) => r.id), late]);
    const resolvedPages = await walk<{ id: string }>('/api/admin/reports?status=resolved', 'reports');
    expect(resolvedPages.flat().map((r) => r.id)).toEqual(resolved.map((r) => r.id));

    await expectBadCursorsRefused('/api/admin/reports?status=open');
    // A place in one list means nothing in the other.
    const first = (await get('/api/admin/reports?status=open&limit=1')).json();
    const crossed = await get(`/api/admin/reports?status=resolved&cursor=${first.nextCursor}`);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('invalid-cursor');

    const repo = createReportsRepository(db());
    const cursor = { at: '2026-01-01 00:00:00+00', id: open[0]!.id };
    expectIndexOrder(await planOf(repo.reportsQuery('open', 21, cursor)), 'reports_open_idx');
    expectIndexOrder(await planOf(repo.reportsQuery('resolved', 21, cursor)), 'reports_resolved_idx');
  });
});

describe("a report's conversation", () => {
  it('shows its latest messages, oldest first, however long the conversation', async () => {
    const [tourist, guide] = await db()
      .insert(users)
      .values([
        { email: fresh('longtalk'), role: 'tourist' },
        { email: fresh('longtalkguide'), role: 'guide' },
      ])
      .returning({ id: users.id });
    const [conversation] = await db()
      .insert(conversations)
      .values({ touristId: tourist!.id, guideId: guide!.id, startedBy: tourist!.id })
      .returning({ id: conversations.id });
    const bodies = Array.from({ length: REPORT_PREVIEW_MESSAGES + 4 }, (_, i) => `line ${i}`);
    for (const [i, body] of bodies.entries()) {
      await db()
        .insert(messages)
        .values({
          conversationId: conversation!.id,
          senderId: i % 2 ? guide!.id : tourist!.id,
          body,
          clientId: `${tag}-${i}`,
        });
    }
    await db().insert(reports).values({
      reporterId: tourist!.id,
      reportedId: guide!.id,
      conversationId: conversation!.id,
      reason: 'scam',
    });
    const res = await get('/api/admin/reports?status=open&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const report = res
      .json()
      .reports.find((r: { conversationId: string | null }) => r.conversationId === conversation!.id);
    expect(report.messages.map((m: { body: string }) => m.body)).toEqual(
      bodies.slice(-REPORT_PREVIEW_MESSAGES),
    );
  });
});

describe('the verification queue', () => {
  it('pages longest waiting first without repeats or skips while a guide joins the queue, from its index', async () => {
    const since = Date.now() - 5 * 86_400_000;
    const made = await db()
      .insert(users)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          email: fresh(`queued${i}`),
          role: 'guide' as const,
          onboardingCompleted: true,
          personalityTestCompleted: true,
        })),
      )
      .returning({ id: users.id });
    const profile = (userId: string, i: number, requested: Date | null) => ({
      userId,
      firstName: 'Queued',
      lastName: `Guide${i}`,
      image: '/api/avatars/x.svg',
      verificationStatus: 'pending' as const,
      verificationRequestedAt: requested,
      createdAt: new Date(since - 86_400_000),
    });
    // Four asked in the same instant; one never stamped (waits since its profile was made); three later.
    await db()
      .insert(guideProfiles)
      .values(
        made.map(({ id }, i) =>
          profile(id, i, i === 7 ? null : i < 4 ? new Date(since) : new Date(since + i * 60_000)),
        ),
      );
    const expected = await rows<{ id: string }>(sql`
      select g.user_id as id from guide_profiles g join users u on u.id = g.user_id
      where g.verification_status = 'pending' and u.role = 'guide' and u.suspended_at is null
        and u.deleted_at is null and u.onboarding_completed and u.personality_test_completed
      order by coalesce(g.verification_requested_at, g.created_at), g.user_id`);
    expect(expected.length).toBeGreaterThanOrEqual(8);
    let late = '';
    const pages = await walk<{ id: string }>('/api/admin/verifications', 'guides', async () => {
      const [u] = await db()
        .insert(users)
        .values({
          email: fresh('queuedlate'),
          role: 'guide',
          onboardingCompleted: true,
          personalityTestCompleted: true,
        })
        .returning({ id: users.id });
      await db()
        .insert(guideProfiles)
        .values(profile(u!.id, 9, new Date()));
      late = u!.id;
    });
    expect(pages.flat().map((g) => g.id)).toEqual([...expected.map((g) => g.id), late]);
    await expectBadCursorsRefused('/api/admin/verifications');
    const page = createVerificationRepository(db()).queueQuery(21, {
      at: '2026-01-01 00:00:00+00',
      id: made[0]!.id,
    });
    expectIndexOrder(await planOf(page), 'guide_profiles_waiting_idx');
  });
});

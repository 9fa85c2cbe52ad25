import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mockSignIn } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let n = 0;

const signIn = (email: string, userType: 'tourist' | 'guide') => mockSignIn(t.app, email, userType);

async function idOf(email: string): Promise<string> {
  const r = await t.database.db.execute(sql`select id from users where email = ${email}`);
  return (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

function post(url: string, cookie: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
}

const clientId = () => `client-${Date.now()}-${n++}`;

/** A guide profile that is listed, as the assessment leaves it (tourists may start conversations with it). */
async function listedGuide(id: string) {
  await t.database.db.execute(
    sql`insert into guide_profiles (user_id, first_name, last_name, city, image, listed) values (${id}, 'Una', 'Listed', 'Lisbon', '/api/avatars/una.svg', true)`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('chat', () => {
  it('lets a tourist open one conversation per guide and exchange messages both ways', async () => {
    const tourist = await signIn('james.whitfield@demo.lokal.app', 'tourist');
    const guide = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    const first = await post('/api/chat/conversations', tourist.cookie, { guideId: guide.id });
    const again = await post('/api/chat/conversations', tourist.cookie, { guideId: guide.id });
    expect(first.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const conversationId = first.json().id;
    // Opened but silent: only the one who opened it lists it.
    const list = async (cookie: string) =>
      (await t.app.inject({ url: '/api/chat/conversations', headers: { cookie } }))
        .json()
        .conversations.map((c: { id: string }) => c.id);
    expect(await list(tourist.cookie)).toContain(conversationId);
    expect(await list(guide.cookie)).not.toContain(conversationId);

    const sent = await post('/api/chat/send', tourist.cookie, {
      conversationId,
      body: '  Hello Sofia!  ',
      clientId: clientId(),
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ body: 'Hello Sofia!', senderId: tourist.id, readAt: null });
    await post('/api/chat/send', guide.cookie, { conversationId, body: 'Hola James', clientId: clientId() });

    const listRes = await t.app.inject({ url: '/api/chat/conversations', headers: { cookie: guide.cookie } });
    expect(listRes.statusCode, listRes.body).toBe(200);
    const guideList = listRes.json();
    const c = guideList.conversations.find((x: { id: string }) => x.id === conversationId);
    expect(c).toMatchObject({
      unread: 1,
      other: { name: 'James Whitfield', role: 'tourist', status: 'Luxury VIP Member' },
    });
    expect(c.lastMessage.body).toBe('Hola James');

    const read = await post(`/api/chat/conversations/${conversationId}/read`, guide.cookie, {});
    expect(read.json()).toEqual({ updated: 1 });
    const after = (
      await t.app.inject({ url: '/api/chat/conversations', headers: { cookie: guide.cookie } })
    ).json();
    expect(after.conversations.find((x: { id: string }) => x.id === conversationId).unread).toBe(0);
    const history = await t.app.inject({
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: { cookie: tourist.cookie },
    });
    expect(history.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Hello Sofia!',
      'Hola James',
    ]);
    expect(history.json().messages[0].readAt).not.toBeNull();
  });

  it('never duplicates a retried message', async () => {
    const tourist = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const { id: conversationId } = (
      await post('/api/chat/conversations', tourist.cookie, {
        guideId: await idOf('amelie.laurent@demo.lokal.app'),
      })
    ).json();
    const payload = { conversationId, body: 'Same message', clientId: clientId() };
    const results = await Promise.all([1, 2, 3].map(() => post('/api/chat/send', tourist.cookie, payload)));
    const ids = new Set(results.map((r) => r.json().message.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const history = await t.app.inject({
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: { cookie: tourist.cookie },
    });
    expect(history.json().messages.filter((m: { body: string }) => m.body === 'Same message')).toHaveLength(
      1,
    );
  });

  it('pages back with before and resumes with after', async () => {
    const tourist = await signIn(`pager.${Date.now()}@example.com`, 'tourist');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    const { id: conversationId } = (
      await post('/api/chat/conversations', tourist.cookie, {
        guideId: await idOf('kenji.watanabe@demo.lokal.app'),
      })
    ).json();
    const url = `/api/chat/conversations/${conversationId}/messages`;
    // Opened, nothing written yet: an empty history for its member, "not found" for anyone else.
    const empty = await t.app.inject({ url, headers: { cookie: tourist.cookie } });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().messages).toEqual([]);
    const stranger = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const refused = await t.app.inject({ url, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(404);
    for (let i = 1; i <= 7; i++)
      await post('/api/chat/send', tourist.cookie, { conversationId, body: `m${i}`, clientId: clientId() });
    expect((await t.app.inject({ url, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    const latest = (await t.app.inject({ url: `${url}?limit=3`, headers: { cookie: tourist.cookie } })).json()
      .messages;
    expect(latest.map((m: { body: string }) => m.body)).toEqual(['m5', 'm6', 'm7']);
    const older = (
      await t.app.inject({
        url: `${url}?limit=3&before=${latest[0].id}`,
        headers: { cookie: tourist.cookie },
      })
    ).json().messages;
    expect(older.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const resumed = (
      await t.app.inject({ url: `${url}?after=${older[2].id}`, headers: { cookie: tourist.cookie } })
    ).json().messages;
    expect(resumed.map((m: { body: string }) => m.body)).toEqual(['m5', 'm6', 'm7']);
  });

  it('keeps conversations to their two participants', async () => {
    const owner = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    const { id: conversationId } = (
      await post('/api/chat/conversations', owner.cookie, {
        guideId: await idOf('sofia.martinez@demo.lokal.app'),
      })
    ).json();
    const stranger = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const otherGuide = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    for (const cookie of [stranger.cookie, otherGuide.cookie]) {
      expect(
        (
          await t.app.inject({
            url: `/api/chat/conversations/${conversationId}/messages`,
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await post('/api/chat/send', cookie, { conversationId, body: 'hi', clientId: clientId() }))
          .statusCode,
      ).toBe(404);
      expect((await post(`/api/chat/conversations/${conversationId}/read`, cookie, {})).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/chat/conversations' })).statusCode).toBe(401);
  });

  it('masks phone numbers and e-mail addresses, and refuses empty or huge bodies', async () => {
    const tourist = await signIn('james.whitfield@demo.lokal.app', 'tourist');
    const { id: conversationId } = (
      await post('/api/chat/conversations', tourist.cookie, {
        guideId: await idOf('kenji.watanabe@demo.lokal.app'),
      })
    ).json();
    const res = await post('/api/chat/send', tourist.cookie, {
      conversationId,
      body: 'Text me on +44 7700 900123 or james@example.com',
      clientId: clientId(),
    });
    expect(res.json().message.body).toBe('Text me on [phone hidden] or [email hidden]');
    for (const body of ['   ', 'x'.repeat(2001)]) {
      expect(
        (await post('/api/chat/send', tourist.cookie, { conversationId, body, clientId: clientId() }))
          .statusCode,
      ).toBe(400);
    }
  });

  it('limits how fast one user sends', async () => {
    const tourist = await signIn(`fast.${Date.now()}@example.com`, 'tourist');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    const { id: conversationId } = (
      await post('/api/chat/conversations', tourist.cookie, {
        guideId: await idOf('sofia.martinez@demo.lokal.app'),
      })
    ).json();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await post('/api/chat/send', tourist.cookie, {
            conversationId,
            body: `hi ${i}`,
            clientId: clientId(),
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('applies the contact rules when a guide starts a conversation', async () => {
    const verified = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    const r = await t.database.db.execute(
      sql`select user_id as id from tourist_profiles where city = 'Barcelona' order by user_id limit 1`,
    );
    const barcelona = (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
    expect(
      (await post('/api/chat/conversations', verified.cookie, { touristId: barcelona })).statusCode,
    ).toBe(200);
    // Sofia guides in Barcelona: a tourist of Paris is not hers to find (docs/product.md#tourist-list).
    const aisha = await idOf('aisha.rahman@demo.lokal.app');
    const elsewhere = await post('/api/chat/conversations', verified.cookie, { touristId: aisha });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ code: 'not-found', message: 'Tourist not found' });

    const fresh = await signIn(`g.${Date.now()}@example.com`, 'guide');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${fresh.id}`);
    const noTest = await post('/api/chat/conversations', fresh.cookie, { touristId: aisha });
    expect(noTest.statusCode).toBe(403);
    expect(noTest.json().code).toBe('personality-test-required');

    const tourist = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    expect((await post('/api/chat/conversations', tourist.cookie, { touristId: aisha })).statusCode).toBe(
      400,
    );
    expect((await post('/api/chat/conversations', tourist.cookie, { guideId: aisha })).statusCode).toBe(404);
  });

  it('lets either side block: nobody sends until it is lifted, and the blocked side learns only that it cannot send', async () => {
    const tourist = await signIn(`blocker.${Date.now()}@example.com`, 'tourist');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    const guide = await signIn('amelie.laurent@demo.lokal.app', 'guide');
    const { id: conversationId } = (
      await post('/api/chat/conversations', tourist.cookie, { guideId: guide.id })
    ).json();
    await post('/api/chat/send', guide.cookie, {
      conversationId,
      body: 'Buy my tour now!!!',
      clientId: clientId(),
    });

    const blocked = await post(`/api/chat/conversations/${conversationId}/block`, tourist.cookie, {});
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().conversation).toMatchObject({ blockedByMe: true, canSend: false });
    const theirs = await t.app.inject({
      url: `/api/chat/conversations/${conversationId}`,
      headers: { cookie: guide.cookie },
    });
    expect(theirs.json().conversation).toMatchObject({ blockedByMe: false, canSend: false });

    for (const who of [guide, tourist]) {
      const res = await post('/api/chat/send', who.cookie, {
        conversationId,
        body: 'hello?',
        clientId: clientId(),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You can no longer send messages in this conversation.',
        code: 'blocked',
      });
    }
    // Only the one who blocked can lift it.
    await post(`/api/chat/conversations/${conversationId}/unblock`, guide.cookie, {});
    expect(
      (await post('/api/chat/send', guide.cookie, { conversationId, body: 'still?', clientId: clientId() }))
        .statusCode,
    ).toBe(403);
    const lifted = await post(`/api/chat/conversations/${conversationId}/unblock`, tourist.cookie, {});
    expect(lifted.json().conversation).toMatchObject({ blockedByMe: false, canSend: true });
    expect(
      (await post('/api/chat/send', guide.cookie, { conversationId, body: 'sorry', clientId: clientId() }))
        .statusCode,
    ).toBe(201);

    const stranger = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    expect(
      (await post(`/api/chat/conversations/${conversationId}/block`, stranger.cookie, {})).statusCode,
    ).toBe(404);
  });

  it('stores reports for staff, from participants only, with a reason from the list', async () => {
    const tourist = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    const guideId = await idOf('kenji.watanabe@demo.lokal.app');
    const { id: conversationId } = (
      await post('/api/chat/conversations', tourist.cookie, { guideId })
    ).json();
    const url = `/api/chat/conversations/${conversationId}/report`;
    const res = await post(url, tourist.cookie, { reason: 'scam', details: '  Asked me to pay in cash  ' });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.execute(
      sql`select reporter_id, reported_id, reason, details from reports where id = ${res.json().id}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({
      reporter_id: tourist.id,
      reported_id: guideId,
      reason: 'scam',
      details: 'Asked me to pay in cash',
    });
    const bad = await post(url, tourist.cookie, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Choose a reason/);
    const stranger = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    expect((await post(url, stranger.cookie, { reason: 'spam' })).statusCode).toBe(404);
  });

  it('keeps every badge equal to the unread messages from others, through sends, reads, a third party and deletions', async () => {
    const db = t.database.db;
    const guide = await signIn(`badge.${Date.now()}@example.com`, 'guide');
    await db.execute(
      sql`update users set onboarding_completed = true, personality_test_completed = true where id = ${guide.id}`,
    );
    await listedGuide(guide.id);
    const a = await signIn(`badge.a.${Date.now()}@example.com`, 'tourist');
    const b = await signIn(`badge.b.${Date.now()}@example.com`, 'tourist');
    await db.execute(sql`update users set onboarding_completed = true where id in (${a.id}, ${b.id})`);
    const people = [guide, a, b];
    // The badge's definition: unread messages in the member's conversations that someone else sent.
    const counted = async (id: string) =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
            where (c.tourist_id = ${id} or c.guide_id = ${id}) and m.read_at is null and m.sender_id <> ${id}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const badge = async (cookie: string) =>
      (await t.app.inject({ url: '/api/chat/unread', headers: { cookie } })).json().total;
    const expectBadges = async (expected: number[]) => {
      for (const [i, p] of people.entries()) {
        expect(await badge(p.cookie), `badge ${i}`).toBe(expected[i]);
        expect(await counted(p.id), `definition ${i}`).toBe(expected[i]);
      }
    };
    const ca = (await post('/api/chat/conversations', a.cookie, { guideId: guide.id })).json().id;
    const cb = (await post('/api/chat/conversations', b.cookie, { guideId: guide.id })).json().id;
    for (const [who, conversationId] of [
      [a, ca],
      [a, ca],
      [guide, ca],
      [b, cb],
      [guide, cb],
      [guide, cb],
    ] as const) {
      const sent = await post('/api/chat/send', who.cookie, {
        conversationId,
        body: 'hi',
        clientId: clientId(),
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await expectBadges([3, 1, 2]);
    await post(`/api/chat/conversations/${ca}/read`, guide.cookie, {});
    await expectBadges([1, 1, 2]);
    // A message from neither party (written as staff would be, by another account) is unread for both.
    await db.execute(
      sql`insert into messages (conversation_id, sender_id, body, kind, client_id) values (${cb}, ${a.id}, 'note', 'system', ${clientId()})`,
    );
    await expectBadges([2, 1, 3]);
    // Read by one of them, it is read: one read mark per message.
    await post(`/api/chat/conversations/${cb}/read`, b.cookie, {});
    await expectBadges([1, 1, 0]);
    // One unread message deleted, then a whole conversation with its messages.
    await db.execute(
      sql`delete from messages where id = (select max(id) from messages where conversation_id = ${ca} and read_at is null)`,
    );
    await expectBadges([1, 0, 0]);
    await db.execute(sql`delete from conversations where id = ${cb}`);
    await expectBadges([0, 0, 0]);
    // An account removed with its conversations (a message waiting for it, one from it) leaves the others' right.
    await post('/api/chat/send', guide.cookie, {
      conversationId: ca,
      body: 'still there?',
      clientId: clientId(),
    });
    await post('/api/chat/send', a.cookie, { conversationId: ca, body: 'bye', clientId: clientId() });
    await db.execute(sql`delete from users where id = ${a.id}`);
    people.splice(1, 1);
    await expectBadges([0, 0]);
  });

  it("counts unread messages for the badge and the guide's response rate", async () => {
    const guide = await signIn(`rate.${Date.now()}@example.com`, 'guide');
    await t.database.db.execute(
      sql`update users set onboarding_completed = true, personality_test_completed = true where id = ${guide.id}`,
    );
    await listedGuide(guide.id);
    const a = await signIn('james.whitfield@demo.lokal.app', 'tourist');
    const b = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const unread = async (cookie: string) =>
      (await t.app.inject({ url: '/api/chat/unread', headers: { cookie } })).json().total;
    expect(await unread(guide.cookie)).toBe(0);
    const ca = (await post('/api/chat/conversations', a.cookie, { guideId: guide.id })).json().id;
    const cb = (await post('/api/chat/conversations', b.cookie, { guideId: guide.id })).json().id;
    await post('/api/chat/send', a.cookie, { conversationId: ca, body: 'one', clientId: clientId() });
    await post('/api/chat/send', a.cookie, { conversationId: ca, body: 'two', clientId: clientId() });
    await post('/api/chat/send', b.cookie, { conversationId: cb, body: 'three', clientId: clientId() });
    expect(await unread(guide.cookie)).toBe(3);
    await post(`/api/chat/conversations/${ca}/read`, guide.cookie, {});
    expect(await unread(guide.cookie)).toBe(1);
    // The guide answers one of the two tourists who wrote; with fewer than three conversations the guide is
    // new and no rate is shown (docs/product.md#response-figures).
    await post('/api/chat/send', guide.cookie, { conversationId: ca, body: 'hi!', clientId: clientId() });
    const list = await t.app.inject({ url: '/api/guides/tourists', headers: { cookie: guide.cookie } });
    expect(list.json().stats.responseRate).toBeNull();
    const mine = await t.app.inject({ url: '/api/chat/conversations', headers: { cookie: guide.cookie } });
    expect(mine.json().responseRate).toBeNull();
    const theirs = await t.app.inject({ url: '/api/chat/conversations', headers: { cookie: a.cookie } });
    expect(theirs.json().responseRate).toBeNull();
  });

  it('lets a guide answer a tourist who wrote first, even before verification', async () => {
    const guide = await signIn(`unverified.${Date.now()}@example.com`, 'guide');
    await t.database.db.execute(
      sql`update users set onboarding_completed = true, personality_test_completed = true where id = ${guide.id}`,
    );
    await listedGuide(guide.id);
    const tourist = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    const first = (await post('/api/chat/conversations', tourist.cookie, { guideId: guide.id })).json().id;
    const res = await post('/api/chat/conversations', guide.cookie, { touristId: tourist.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(first);
  });

  it('keeps hidden and unlisted guides out of reach of new contacts, not of a conversation already open', async () => {
    const guide = await signIn(`hidden.${Date.now()}@example.com`, 'guide');
    await t.database.db.execute(
      sql`update users set onboarding_completed = true, personality_test_completed = true where id = ${guide.id}`,
    );
    await listedGuide(guide.id);
    const known = await signIn(`known.${Date.now()}@example.com`, 'tourist');
    const stranger = await signIn(`stranger.${Date.now()}@example.com`, 'tourist');
    const open = await post('/api/chat/conversations', known.cookie, { guideId: guide.id });
    expect(open.statusCode).toBe(200);

    // The guide hides the profile (or is unlisted by staff): the same "listed" flag bookings read.
    await t.database.db.execute(sql`update guide_profiles set listed = false where user_id = ${guide.id}`);
    const refused = await post('/api/chat/conversations', stranger.cookie, { guideId: guide.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'not-found', message: 'Guide not found' });

    // The pair that already talks keeps its conversation, and writes in it.
    const again = await post('/api/chat/conversations', known.cookie, { guideId: guide.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(open.json().id);
    const sent = await post('/api/chat/send', known.cookie, {
      conversationId: open.json().id,
      body: 'Still on for Friday?',
      clientId: clientId(),
    });
    expect(sent.statusCode).toBe(201);

    // A guide who never finished the assessment was never listed: not found either.
    const unfinished = await signIn(`unfinished.${Date.now()}@example.com`, 'guide');
    await t.database.db.execute(
      sql`update users set onboarding_completed = true where id = ${unfinished.id}`,
    );
    expect(
      (await post('/api/chat/conversations', stranger.cookie, { guideId: unfinished.id })).statusCode,
    ).toBe(404);
  });
});

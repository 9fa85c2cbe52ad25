import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mockSignIn } from './helper.ts';

// What many requests at the same moment must still get right (decision 083): opening a conversation and the
// send limit are each one statement now, so their answers come from the database's own conflict handling.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

async function idOf(email: string): Promise<string> {
  const r = await t.database.db.execute(sql`select id from users where email = ${email}`);
  return (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('chat requests at the same moment', () => {
  it('opens one conversation when a tourist asks for it many times at once', async () => {
    const tourist = await mockSignIn(t.app, `opener.${Date.now()}@example.com`, 'tourist');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    const guideId = await idOf('kenji.watanabe@demo.lokal.app');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(tourist.cookie, '/api/chat/conversations', { guideId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const ids = new Set(answers.map((a) => a.json().id as string));
    expect(ids.size).toBe(1);
    const again = await post(tourist.cookie, '/api/chat/conversations', { guideId });
    expect(again.json().id).toBe([...ids][0]);
    // A guide that is not there is still not found, and nothing is made for it.
    const missing = await post(tourist.cookie, '/api/chat/conversations', {
      guideId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not-found' });
  });

  it('stores no message over the send limit, however many arrive together, and a retry is never doubled', async () => {
    const tourist = await mockSignIn(t.app, `together.${Date.now()}@example.com`, 'tourist');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    const { id: conversationId } = (
      await post(tourist.cookie, '/api/chat/conversations', {
        guideId: await idOf('sofia.martinez@demo.lokal.app'),
      })
    ).json();
    const prefix = `at-once-${Date.now()}`;
    const send = (i: number) =>
      post(tourist.cookie, '/api/chat/send', {
        conversationId,
        body: `at once ${i}`,
        clientId: `${prefix}-${i}`,
      });
    const first = await send(0);
    expect(first.statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 39 }, (_, i) => send(i + 1)));
    const created = answers.filter((a) => a.statusCode === 201).length;
    expect(created).toBe(29);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(10);
    expect(answers.find((a) => a.statusCode === 429)?.json()).toMatchObject({ code: 'too-many-requests' });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversationId}/messages?limit=100`,
      headers: { cookie: tourist.cookie },
    });
    expect(history.json().messages).toHaveLength(30);
    // Over the limit a retry is refused too (it counts as a hit, as before), never doubled.
    const retry = await send(0);
    expect(retry.statusCode).toBe(429);
  });
});

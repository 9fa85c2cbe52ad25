import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mockSignIn } from './helper.ts';

// The web app's outbox sends a message again after a reload or a reconnect with the clientId it was given
// when it was typed (docs/product.md#bad-networks): the server must answer with the same message, never a second.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

async function idOf(email: string): Promise<string> {
  const r = await t.database.db.execute(sql`select id from users where email = ${email}`);
  return (r as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

describe('the same clientId twice', () => {
  it('stores one message and answers the repeat with it, also after a later message', async () => {
    const tourist = await mockSignIn(t.app, 'lucas.meyer@demo.lokal.app', 'tourist');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: tourist.cookie }, payload });
    const { id: conversationId } = (
      await post('/api/chat/conversations', { guideId: await idOf('kenji.watanabe@demo.lokal.app') })
    ).json();
    const clientId = `outbox-${Date.now()}-a`;
    const first = await post('/api/chat/send', { conversationId, body: 'Written offline', clientId });
    expect(first.statusCode).toBe(201);
    await post('/api/chat/send', {
      conversationId,
      body: 'Written later',
      clientId: `outbox-${Date.now()}-b`,
    });
    // The reload resends the first one: same answer, nothing new stored.
    const again = await post('/api/chat/send', { conversationId, body: 'Written offline', clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toEqual(first.json().message);
    const history = await t.app.inject({
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: { cookie: tourist.cookie },
    });
    const bodies = (history.json().messages as { body: string; clientId: string }[]).map((m) => m.body);
    expect(bodies.filter((b) => b === 'Written offline')).toHaveLength(1);
    expect(bodies.slice(-2)).toEqual(['Written offline', 'Written later']);
  });

  it('refuses the clientId of one conversation in another, storing nothing', async () => {
    const tourist = await mockSignIn(t.app, `outbox.${Date.now()}@example.com`, 'tourist');
    await t.database.db.execute(sql`update users set onboarding_completed = true where id = ${tourist.id}`);
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: tourist.cookie }, payload });
    const open = async (email: string) =>
      (await post('/api/chat/conversations', { guideId: await idOf(email) })).json().id as string;
    const [one, two] = [
      await open('kenji.watanabe@demo.lokal.app'),
      await open('sofia.martinez@demo.lokal.app'),
    ];
    const clientId = `outbox-${Date.now()}-c`;
    expect((await post('/api/chat/send', { conversationId: one, body: 'Hello', clientId })).statusCode).toBe(
      201,
    );
    const reused = await post('/api/chat/send', { conversationId: two, body: 'Hello', clientId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'client-id-reused' });
    const history = await t.app.inject({
      url: `/api/chat/conversations/${two}/messages`,
      headers: { cookie: tourist.cookie },
    });
    expect(history.json().messages).toHaveLength(0);
  });
});

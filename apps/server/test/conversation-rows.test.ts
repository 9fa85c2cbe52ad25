import { conversationListSchema } from '@lokal/shared/schemas/chat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type App, createWorld, type Session, type World } from './actors-helper.ts';
import { openTestDatabase, testConfig } from './helper.ts';

// The chat list's rows say where each pair stands (requested, booked for a date, completed) and, to the
// guide, what the traveller's completed bookings paid (docs/product.md#chat).

let app: App;
let w: World;
let close: () => Promise<void>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

type Row = {
  id: string;
  unread: number;
  detailsShared: boolean;
  other: { id: string };
  booking: { state: string; startAt: string; timeZone: string } | null;
  lastMessage: { id: number; body: string; createdAt: string } | null;
  timestamp: string;
  earnings: { amount: number; currency: string } | null;
};

async function rowWith(as: Session, other: Session): Promise<Row> {
  const { conversations } = await w.must({ url: '/api/chat/conversations', as });
  const row = (conversations as Row[]).find((c) => c.other.id === other.id);
  if (!row) throw new Error(`no row with ${other.id}`);
  return row;
}

async function paid(tourist: Session, guide: Session) {
  const r = await database.db.execute(
    sql`select coalesce(sum(guide_total), 0)::int as amount, min(guide_currency) as currency from bookings where tourist_id = ${tourist.id} and guide_id = ${guide.id} and status = 'completed'`,
  );
  return (r as unknown as { rows: { amount: number; currency: string }[] }).rows[0]!;
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await openTestDatabase();
  const config = testConfig({ rateLimitScale: 100 });
  app = await buildApp(config, { database });
  await app.ready();
  w = createWorld(app, config, database);
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

describe('conversation rows', () => {
  it('show the booking state with that person and, to the guide only, the earnings from them', async () => {
    const tourist = (await w.makeActor('tourist', 'rowtourist'))!;
    const guide = (await w.makeActor('guide', 'rowguide'))!;
    const other = (await w.makeActor('tourist', 'rowother'))!;
    await w.conversation(tourist, guide);
    const otherChat = await w.conversation(other, guide);
    // As if the other traveller had written: the guide sees a conversation from its first message.
    await database.db.execute(sql`update conversations set last_message_at = now() where id = ${otherChat}`);

    // Nothing booked yet.
    expect(await rowWith(tourist, guide)).toMatchObject({ booking: null, earnings: null });

    // A request: "requested", with the date asked for.
    const asked = await w.requestBooking(tourist, guide);
    const request = (await w.must({ url: `/api/bookings/${asked}`, as: guide })).booking;
    const requested = await rowWith(guide, tourist);
    expect(requested.booking).toEqual({
      state: 'requested',
      startAt: new Date(request.startAt).toISOString(),
      timeZone: 'Europe/Madrid',
    });
    expect(requested.earnings).toBeNull();

    // Accepted: booked for that date, on both sides.
    await w.must({ method: 'POST', url: `/api/bookings/${asked}/accept`, as: guide });
    expect((await rowWith(tourist, guide)).booking).toMatchObject({
      state: 'booked',
      startAt: requested.booking!.startAt,
    });
    expect((await rowWith(guide, tourist)).booking?.state).toBe('booked');
    await w.must({
      method: 'POST',
      url: `/api/bookings/${asked}/cancel`,
      as: guide,
      payload: { reason: 'Make way for the tours below' },
    });

    // Two tours done: completed, and the guide sees the sum of both in the guide's currency.
    await w.completedBooking(tourist, guide);
    await w.completedBooking(tourist, guide);
    const total = await paid(tourist, guide);
    expect(total.amount).toBeGreaterThan(0);
    const done = await rowWith(guide, tourist);
    expect(done.booking?.state).toBe('completed');
    expect(done.earnings).toEqual({ amount: total.amount, currency: total.currency });
    // The tourist's row has the state, never the guide's earnings.
    const theirs = await rowWith(tourist, guide);
    expect(theirs.booking?.state).toBe('completed');
    expect(theirs.earnings).toBeNull();
    // Another traveller's row of the same guide has neither.
    expect(await rowWith(guide, other)).toMatchObject({ booking: null, earnings: null });

    // A new request is what the row shows next; the earnings stay.
    await w.requestBooking(tourist, guide);
    const again = await rowWith(guide, tourist);
    expect(again.booking?.state).toBe('requested');
    expect(again.earnings).toEqual({ amount: total.amount, currency: total.currency });
  });

  it('say what the messages and bookings say after every change, whoever wrote them', async () => {
    const tourist = (await w.makeActor('tourist', 'keeptourist'))!;
    const guide = (await w.makeActor('guide', 'keepguide'))!;
    const chat = await w.conversation(tourist, guide);
    let n = 0;
    const send = (as: Session, body = `m${++n}`) =>
      w.must({
        method: 'POST',
        url: '/api/chat/send',
        as,
        payload: { conversationId: chat, body, clientId: `keep-${n}-${as.id}` },
        status: 201,
      });
    const read = (as: Session) =>
      w.must({ method: 'POST', url: `/api/chat/conversations/${chat}/read`, as, payload: {} });
    // Each side's row says what the conversation's messages say: the other side's messages not yet read,
    // and the latest message as the history has it.
    const expectAsMessagesSay = async () => {
      for (const [as, other] of [
        [tourist, guide],
        [guide, tourist],
      ] as const) {
        const history: { senderId: string; readAt: string | null }[] = (
          await w.must({ url: `/api/chat/conversations/${chat}/messages?limit=100`, as })
        ).messages;
        const row = await rowWith(as, other);
        expect(row.unread).toBe(history.filter((m) => m.senderId !== as.id && m.readAt === null).length);
        expect(row.lastMessage).toEqual(history.at(-1) ?? null);
      }
    };
    const unread = async () => ({
      tourist: (await rowWith(tourist, guide)).unread,
      guide: (await rowWith(guide, tourist)).unread,
    });

    await send(tourist);
    await send(tourist);
    await send(guide);
    expect(await unread()).toEqual({ tourist: 1, guide: 2 });
    await read(guide);
    expect(await unread()).toEqual({ tourist: 1, guide: 0 });
    await send(tourist);
    await expectAsMessagesSay();

    // Bookings move the state; their notes in the chat count as unread like any message.
    const asked = await w.requestBooking(tourist, guide);
    expect((await rowWith(tourist, guide)).detailsShared).toBe(false);
    await w.must({ method: 'POST', url: `/api/bookings/${asked}/accept`, as: guide });
    expect((await rowWith(tourist, guide)).detailsShared).toBe(true);
    await expectAsMessagesSay();
    await w.completedBooking(tourist, guide);
    await expectAsMessagesSay();

    // Every writer, not only the app's routes: a bulk insert (as the seeds do), a deletion, bookings removed.
    await database.db.execute(sql`
      insert into messages (conversation_id, sender_id, body, client_id, read_at)
      select ${chat}::uuid, case when k % 2 = 0 then ${tourist.id}::uuid else ${guide.id}::uuid end, 'bulk ' || k,
        'bulk-' || k, case when k % 3 = 0 then now() end
      from generate_series(1, 12) k`);
    const before = await unread();
    expect(before.tourist).toBeGreaterThan(0);
    expect(before.guide).toBeGreaterThan(0);
    await expectAsMessagesSay();
    // The last message among them: the one before it takes its place.
    await database.db.execute(
      sql`delete from messages where conversation_id = ${chat} and client_id in ('bulk-1', 'bulk-2', 'bulk-12')`,
    );
    expect((await rowWith(tourist, guide)).lastMessage?.body).toBe('bulk 11');
    await expectAsMessagesSay();
    await read(tourist);
    expect((await unread()).tourist).toBe(0);
    await database.db.execute(
      sql`delete from bookings where tourist_id = ${tourist.id} and guide_id = ${guide.id}`,
    );
    expect(await rowWith(guide, tourist)).toMatchObject({
      detailsShared: false,
      booking: null,
      earnings: null,
    });
    await expectAsMessagesSay();
  });

  it("come in the API's shape: every key in the schema's order, text escaped, times as JavaScript writes them", async () => {
    const tourist = (await w.makeActor('tourist', 'wiretourist'))!;
    const guide = (await w.makeActor('guide', 'wireguide'))!;
    const chat = await w.conversation(tourist, guide);
    // Opened but silent: the tourist's row has no last message yet.
    const silent = await rowWith(tourist, guide);
    expect(silent.lastMessage).toBeNull();
    expect(new Date(silent.timestamp).toISOString()).toBe(silent.timestamp);

    const asked = await w.requestBooking(tourist, guide);
    await w.must({ method: 'POST', url: `/api/bookings/${asked}/accept`, as: guide });
    await w.completedBooking(tourist, guide);
    // The booking's notes came first; the last message is a text that needs escaping.
    const body = 'He said "hola" \\ then\nleft\t🎉 <b>&</b> \u0001 \u2028 é';
    const sent = await w.must({
      method: 'POST',
      url: '/api/chat/send',
      as: tourist,
      payload: { conversationId: chat, body, clientId: 'wire-client-1' },
      status: 201,
    });
    for (const [as, other] of [
      [tourist, guide],
      [guide, tourist],
    ] as const) {
      const res = await app.inject({ url: '/api/chat/conversations', headers: { cookie: as.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const answer = JSON.parse(res.body);
      // The schema's parse keeps its own keys in its own order: equal text means no key missing, added or
      // out of place, and every value of the schema's type.
      expect(JSON.stringify(answer)).toBe(JSON.stringify(conversationListSchema.parse(answer)));
      const row = (answer.conversations as Row[]).find((c) => c.id === chat)!;
      // The last message as the send's answer has it (encoded in JavaScript).
      expect(row.lastMessage).toEqual(sent.message);
      expect(row.timestamp).toBe(sent.message.createdAt);
      expect(row.other).toMatchObject({
        id: other.id,
        role: other === guide ? 'guide' : 'tourist',
        online: true,
      });
      expect(row).toMatchObject({
        blockedByMe: false,
        canSend: true,
        detailsShared: true,
        booking: { state: 'booked' },
        earnings: as === guide ? { amount: expect.any(Number), currency: 'EUR' } : null,
      });
      // The single conversation's answer is the list's row.
      const one = await w.must({ url: `/api/chat/conversations/${chat}`, as });
      expect(one.conversation).toEqual(row);
    }
    expect(sent.message.body).toBe(body.trim());
    // Read by the guide: the tourist's row has the read time as the history has it.
    await w.must({ method: 'POST', url: `/api/chat/conversations/${chat}/read`, as: guide, payload: {} });
    const history = (await w.must({ url: `/api/chat/conversations/${chat}/messages`, as: tourist })).messages;
    const read = history.find((m: { id: number }) => m.id === sent.message.id);
    expect(read.readAt).not.toBeNull();
    expect((await rowWith(tourist, guide)).lastMessage).toEqual(read);
  });

  it('show the other party as their profile has it after every change, and a deleted member under that name and face', async () => {
    const tourist = (await w.makeActor('tourist', 'partytourist'))!;
    const guide = (await w.makeActor('guide', 'partyguide'))!;
    const chat = await w.conversation(tourist, guide);
    await database.db.execute(sql`update conversations set last_message_at = now() where id = ${chat}`);
    const one = async <T>(q: ReturnType<typeof sql>) =>
      ((await database.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
    // The other party as the schema says it from the profile's own columns.
    const expectParties = async (deleted = false) => {
      const t = await one<
        Record<string, string | number>
      >(sql`select first_name, last_name, image, country, rating,
        status, budget_min, budget_max, currency from tourist_profiles where user_id = ${tourist.id}`);
      const g = await one<Record<string, string | number>>(
        sql`select first_name, last_name, slug, image, city, rating from guide_profiles where user_id = ${guide.id}`,
      );
      expect((await rowWith(guide, tourist)).other).toEqual({
        id: tourist.id,
        role: 'tourist',
        name: deleted ? 'Deleted member' : `${t.first_name} ${t.last_name}`,
        slug: null,
        image: deleted ? '/api/avatars/member.svg' : t.image,
        place: t.country,
        rating: t.rating,
        status: t.status,
        budget: { min: t.budget_min, max: t.budget_max, currency: t.currency },
        online: !deleted,
      });
      if (deleted) return;
      expect((await rowWith(tourist, guide)).other).toEqual({
        id: guide.id,
        role: 'guide',
        name: `${g.first_name} ${g.last_name}`,
        slug: g.slug,
        image: g.image,
        place: g.city,
        rating: g.rating,
        status: null,
        budget: null,
        online: true,
      });
    };
    await expectParties();
    // Each column the party shows, changed alone: the row follows every one, whatever the name holds.
    const odd = 'Zoë "Q", \\ ,"place":x';
    for (const change of [
      sql`first_name = ${odd}`,
      sql`last_name = 'O''Brien'`,
      sql`image = '/api/uploads/party.webp'`,
      sql`country = 'Côte d''Ivoire'`,
      sql`rating = 4.7`,
      sql`status = 'Platinum Member'`,
      sql`budget_min = 123`,
      sql`budget_max = 4567`,
      sql`currency = 'JPY'`,
    ]) {
      await database.db.execute(sql`update tourist_profiles set ${change} where user_id = ${tourist.id}`);
      await expectParties();
    }
    for (const change of [
      sql`first_name = ${odd}`,
      sql`last_name = 'Ñúñez'`,
      sql`image = '/api/uploads/guide-party.webp'`,
      sql`city = 'Lisbon'`,
      sql`rating = 3.9`,
    ]) {
      await database.db.execute(sql`update guide_profiles set ${change} where user_id = ${guide.id}`);
      await expectParties();
    }
    // Deleted: the history stays under the deleted member's name and face; the rest of the row as it was.
    await database.db.execute(sql`update users set deleted_at = now() where id = ${tourist.id}`);
    await expectParties(true);
  });
});

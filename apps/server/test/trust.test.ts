import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createIdentityRepository } from '../src/modules/identity/repository.ts';
import { createIdentityService } from '../src/modules/identity/service.ts';
import {
  type App,
  createWorld,
  IDENTITY_PDF,
  multipartFile,
  type Session,
  type World,
} from './actors-helper.ts';
import { filesOf, openTestDatabase, storedNames, testConfig } from './helper.ts';
import { testPhoto } from './photo-helper.ts';
import { connectSocket } from './ws-helper.ts';

// Trust and safety (docs/product.md#staff-actions, #verification, #your-data), through the API as clients see it.

const publicUrl = 'http://localhost:3000';
let app: App;
let database: Database;
let config: ReturnType<typeof testConfig>;
let w: World;
let staff: Session;
let wsUrl: string;
let clock = Date.now();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const auditOf = (action: string, targetId: string) =>
  rows<{ actor_id: string | null; details: Record<string, unknown> }>(
    sql`select actor_id, details from audit_log where action = ${action} and target_id = ${targetId}`,
  );
const notificationsOf = (userId: string) =>
  rows<{ kind: string; title: string; body: string }>(
    sql`select kind, title, body from notifications where user_id = ${userId} order by created_at`,
  );
const mailsTo = (email: string) =>
  readdirSync(path.join(config.dataDir, 'outbox'))
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(config.dataDir, 'outbox', f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`));

function upload(who: Session, data: Buffer, name = 'id.pdf', type = 'application/pdf') {
  return w.call({
    method: 'POST',
    url: '/api/guides/me/identity-document',
    as: who,
    ...multipartFile('document', name, type, data),
  });
}
const act = (action: string, userId: string, reason = 'Broke the community rules', extra: object = {}) =>
  w.call({
    method: 'POST',
    url: `/api/admin/users/${userId}/${action}`,
    as: staff,
    payload: { reason, ...extra },
  });

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  database = await openTestDatabase();
  config = { ...testConfig({ rateLimitScale: 1000 }), publicUrl };
  app = await buildApp(config, { database, now: () => clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  wsUrl = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/api/ws`;
  w = createWorld(app, config, database);
  staff = await w.staffNow();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('verification needs evidence', () => {
  it('refuses Verify without a document (409, the queue names what is missing), then verifies with one', async () => {
    const g = (await w.makeActor('guideUnverified', 'evidence'))!;
    const queue = await w.must({ url: '/api/admin/verifications', as: staff });
    const row = queue.guides.find((x: { id: string }) => x.id === g.id);
    expect(row.missing).toEqual([TRUST_MESSAGES.missingDocument]);
    expect(row.document).toBeNull();

    const refused = await w.call({
      method: 'POST',
      url: `/api/admin/verifications/${g.id}/verify`,
      as: staff,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: TRUST_MESSAGES.evidenceMissing([TRUST_MESSAGES.missingDocument]),
      code: 'evidence-missing',
    });

    const up = await upload(g, IDENTITY_PDF);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().document).toMatchObject({
      mimeType: 'application/pdf',
      size: IDENTITY_PDF.length,
      deleteAfter: null,
    });
    const after = (await w.must({ url: '/api/admin/verifications', as: staff })).guides.find(
      (x: { id: string }) => x.id === g.id,
    );
    expect(after.missing).toEqual([]);
    const ok = await w.call({ method: 'POST', url: `/api/admin/verifications/${g.id}/verify`, as: staff });
    expect(ok.statusCode, ok.body).toBe(200);
    // The 30 days start at the decision.
    const state = await w.must({ url: '/api/guides/me/identity-document', as: g });
    expect(new Date(state.document.deleteAfter).getTime()).toBe(clock + 30 * 86_400_000);
  });

  it('refuses Verify without a verified phone, naming both missing items', async () => {
    const g = (await w.makeActor('guideUnverified', 'nophone'))!;
    await database.db.execute(
      sql`update users set phone = null, phone_verified_at = null where id = ${g.id}`,
    );
    const res = await w.call({ method: 'POST', url: `/api/admin/verifications/${g.id}/verify`, as: staff });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      TRUST_MESSAGES.evidenceMissing([TRUST_MESSAGES.missingPhone, TRUST_MESSAGES.missingDocument]),
    );
  });

  it('takes images and PDFs by their content, refuses anything else (415) and oversized files (413)', async () => {
    const g = (await w.makeActor('guideUnverified', 'types'))!;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await upload(g, png, 'id.png', 'image/png')).json().document.mimeType).toBe('image/png');
    const html = await upload(
      g,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'id.pdf',
      'application/pdf',
    );
    expect(html.statusCode).toBe(415);
    expect(html.json()).toEqual({ message: TRUST_MESSAGES.documentType, code: 'unsupported-document' });
    const big = await upload(g, Buffer.concat([IDENTITY_PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    // A replaced upload leaves one file behind, the newest.
    const fileOf = async () =>
      (await rows<{ file: string }>(sql`select file from identity_documents where user_id = ${g.id}`))[0]!
        .file;
    const replaced = await fileOf();
    expect((await upload(g, IDENTITY_PDF)).statusCode).toBe(200);
    const kept = await storedNames(config, database, 'private/identity');
    expect(kept).toContain(await fileOf());
    expect(kept).not.toContain(replaced);
  });

  it('serves the document to its owner and staff only, never publicly', async () => {
    const g = (await w.makeActor('guideUnverified', 'private'))!;
    await upload(g, IDENTITY_PDF);
    const own = await w.call({ url: '/api/guides/me/identity-document/file', as: g });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(IDENTITY_PDF)).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-disposition']).toContain('attachment');
    const byStaff = await w.call({ url: `/api/admin/verifications/${g.id}/document`, as: staff });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.headers['content-type']).toBe('application/pdf');

    const other = (await w.makeActor('guide', 'snoop'))!;
    const tourist = (await w.makeActor('tourist', 'snoopy'))!;
    expect((await w.call({ url: `/api/admin/verifications/${g.id}/document`, as: other })).statusCode).toBe(
      403,
    );
    expect((await w.call({ url: `/api/admin/verifications/${g.id}/document`, as: tourist })).statusCode).toBe(
      403,
    );
    expect((await w.call({ url: `/api/admin/verifications/${g.id}/document` })).statusCode).toBe(401);
    // Another guide's own-document route answers their own (none here: 404), never g's.
    const fresh = (await w.makeActor('guideUnverified', 'nodoc'))!;
    expect((await w.call({ url: '/api/guides/me/identity-document/file', as: fresh })).statusCode).toBe(404);
    expect((await w.call({ url: '/api/guides/me/identity-document/file', as: tourist })).statusCode).toBe(
      403,
    );
    // The file's name is never public: nothing under /api/uploads serves it.
    const [file] = await rows<{ file: string }>(
      sql`select file from identity_documents where user_id = ${g.id}`,
    );
    expect((await w.call({ url: `/api/uploads/${file!.file}` })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('deletes documents 30 days after the decision, once, whichever instance sweeps', async () => {
    const g = (await w.makeActor('guide', 'cleanup'))!;
    const [doc] = await rows<{ file: string }>(
      sql`select file from identity_documents where user_id = ${g.id}`,
    );
    const files = filesOf(config, database);
    const stored = () => files.get(`private/identity/${doc!.file}`);
    expect(await stored()).not.toBeNull();
    // Two instances' clean-ups over the same database and files.
    const instances = [1, 2].map(() =>
      createIdentityService({
        repo: createIdentityRepository(database.db),
        files: filesOf(config, database),
        now: () => clock,
      }),
    );
    clock += 29 * 86_400_000;
    await Promise.all(instances.map((i) => i.cleanUp()));
    expect(await stored()).not.toBeNull();
    clock += 2 * 86_400_000;
    const [a, b] = await Promise.all(instances.map((i) => i.cleanUp()));
    expect(a! + b!).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBeNull();
    // Back to today, where the guide's session is still fresh.
    clock = Date.now();
    expect((await w.call({ url: '/api/guides/me/identity-document/file', as: g })).statusCode).toBe(404);
    expect((await w.must({ url: '/api/guides/me/identity-document', as: g })).document).toBeNull();
  });
});

describe('staff actions', () => {
  it('each needs a reason (400) and is for members only', async () => {
    const t = (await w.makeActor('tourist', 'noreason'))!;
    const res = await w.call({
      method: 'POST',
      url: `/api/admin/users/${t.id}/warn`,
      as: staff,
      payload: { reason: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(TRUST_MESSAGES.reasonRequired);
    const unknown = await act('warn', '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await act('suspend', staff.id)).statusCode).toBe(409);
  });

  it('warn: an audit row naming the report, a notification and an e-mail', async () => {
    const t = (await w.makeActor('tourist', 'warned'))!;
    const reportId = '00000000-0000-4000-8000-00000000abcd';
    const res = await act('warn', t.id, 'Rude messages', { reportId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: t.id, suspended: false, verificationStatus: null, emailSent: true });
    expect(await auditOf('user.warn', t.id)).toEqual([
      { actor_id: staff.id, details: { email: t.email, reason: 'Rude messages', reportId } },
    ]);
    expect(await notificationsOf(t.id)).toEqual([
      expect.objectContaining({
        kind: 'account',
        title: TRUST_MESSAGES.warnedTitle,
        body: expect.stringContaining('Reason: Rude messages.'),
      }),
    ]);
    await app.outbox.drain();
    expect(mailsTo(t.email).some((m) => m.includes(TRUST_MESSAGES.warnedTitle))).toBe(true);
  });

  it('suspend: sessions and open sockets end, sign-in is refused, the guide leaves search, favorites, contact and booking', async () => {
    const g = (await w.makeActor('guide', 'suspended'))!;
    const t = (await w.makeActor('tourist', 'fan'))!;
    await w.must({
      method: 'POST',
      url: '/api/favorites/add',
      as: t,
      payload: { profileId: g.id, profileType: 'guide', profileName: 'Suspended Lokal' },
    });
    expect(JSON.stringify(await w.must({ url: '/api/favorites', as: t }))).toContain(g.id);
    const bookingBody = await w.bookingBody(t, g);
    const conversation = await w.conversation(t, g);
    const search = async () =>
      (await w.must({ url: '/api/guides/search?q=suspended', as: t })).guides.map(
        (x: { id: string }) => x.id,
      );
    expect(await search()).toContain(g.id);
    const socket = await connectSocket(wsUrl, g.cookie, publicUrl);
    const closed = new Promise<number>((r) => socket.ws.once('close', (code) => r(code)));

    const res = await act('suspend', g.id, 'Asked for payment outside Lokal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ suspended: true, emailSent: true });
    // Live: the open tab is told and its socket closes.
    await socket.next((f) => f.type === 'signed-out');
    expect(await closed).toBe(4001);
    expect((await w.call({ url: '/api/users/status', as: g })).statusCode).toBe(401);
    expect(await auditOf('user.suspend', g.id)).toHaveLength(1);
    expect((await notificationsOf(g.id)).map((n) => n.title)).toContain(TRUST_MESSAGES.suspendedTitle);
    // Sign-in is refused with a clear message.
    const again = await w.call({
      method: 'POST',
      url: '/api/dev/mock-sign-in',
      payload: { email: g.email, userType: 'guide' },
      headers: { host: 'localhost' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.suspended, code: 'account-suspended' });
    await database.db.execute(sql`insert into invites (email) values (${g.email}) on conflict do nothing`);
    const link = await w.call({
      method: 'POST',
      url: '/api/auth/request-link',
      payload: { email: g.email, userType: 'guide' },
    });
    expect(link.json()).toMatchObject({ code: 'account-suspended' });
    // Hidden: search (once its short page cache turns over), profile, favorites, a new contact, a booking, a
    // message in the old conversation.
    clock += config.searchCacheMs + 1;
    expect(await search()).not.toContain(g.id);
    expect((await w.call({ url: `/api/profiles/guide/${g.id}`, as: t })).statusCode).toBe(404);
    const favs = await w.must({ url: '/api/favorites', as: t });
    expect(JSON.stringify(favs)).not.toContain(g.id);
    const other = (await w.makeActor('tourist', 'newcomer'))!;
    expect(
      (
        await w.call({
          method: 'POST',
          url: '/api/chat/conversations',
          as: other,
          payload: { guideId: g.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await w.call({ method: 'POST', url: '/api/bookings', as: t, payload: bookingBody })).statusCode,
    ).toBe(404);
    const sent = await w.call({
      method: 'POST',
      url: '/api/chat/send',
      as: t,
      payload: { conversationId: conversation, body: 'Hello?', clientId: w.clientId() },
    });
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toEqual({
      message: 'This member is no longer available on Lokal.',
      code: 'member-unavailable',
    });

    // Reinstate: listed again, may sign in again.
    const back = await act('reinstate', g.id, 'Appeal accepted');
    expect(back.json()).toMatchObject({ suspended: false });
    clock += config.searchCacheMs + 1;
    expect(await search()).toContain(g.id);
    expect(
      (
        await w.call({
          method: 'POST',
          url: '/api/dev/mock-sign-in',
          payload: { email: g.email, userType: 'guide' },
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await auditOf('user.reinstate', g.id)).toHaveLength(1);
    expect((await act('reinstate', g.id)).statusCode).toBe(409);
  });

  it("suspend a tourist: gone from the guides' tourist list", async () => {
    const t = (await w.makeActor('tourist', 'listedtourist'))!;
    const g = (await w.makeActor('guide', 'looker'))!;
    // Guides see their own city's tourists.
    await database.db.execute(
      sql`update tourist_profiles set city = (select city from guide_profiles where user_id = ${g.id}) where user_id = ${t.id}`,
    );
    const ids = async () => JSON.stringify(await w.must({ url: '/api/guides/tourists', as: g }));
    expect(await ids()).toContain(t.id);
    await act('suspend', t.id);
    expect(await ids()).not.toContain(t.id);
  });

  it('un-verify: a verified guide goes back to the queue, told why', async () => {
    const g = (await w.makeActor('guide', 'unverified'))!;
    const res = await act('unverify', g.id, 'Document expired');
    expect(res.json()).toMatchObject({ verificationStatus: 'pending', emailSent: true });
    const status = await w.must({ url: '/api/guides/verification', as: g });
    expect(status).toMatchObject({ verified: false, status: 'pending' });
    expect(await auditOf('guide.unverify', g.id)).toHaveLength(1);
    expect((await notificationsOf(g.id)).map((n) => n.title)).toContain(TRUST_MESSAGES.unverifiedTitle);
    expect((await act('unverify', g.id)).statusCode).toBe(409);
    const t = (await w.makeActor('tourist', 'nottaguide'))!;
    expect((await act('unverify', t.id)).statusCode).toBe(409);
  });
});

describe('blocking someone with upcoming bookings', () => {
  it('asks first (409 naming how many), then cancels them with the blocker as the canceller, both told', async () => {
    const t = (await w.makeActor('tourist', 'blocker'))!;
    const g = (await w.makeActor('guide', 'blocked'))!;
    const bookingId = await w.requestBooking(t, g);
    await w.must({ method: 'POST', url: `/api/bookings/${bookingId}/accept`, as: g });
    const conversation = await w.conversation(t, g);
    const first = await w.call({
      method: 'POST',
      url: `/api/chat/conversations/${conversation}/block`,
      as: t,
      payload: {},
    });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ message: TRUST_MESSAGES.upcomingBookings(1), code: 'upcoming-bookings' });
    expect((await w.must({ url: `/api/bookings/${bookingId}`, as: t })).booking.status).toBe('accepted');

    const ok = await w.call({
      method: 'POST',
      url: `/api/chat/conversations/${conversation}/block`,
      as: t,
      payload: { cancelBookings: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().conversation.blockedByMe).toBe(true);
    const b = (await w.must({ url: `/api/bookings/${bookingId}`, as: g })).booking;
    expect(b).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'tourist',
      cancelReason: TRUST_MESSAGES.blockCancelReason,
    });
    expect(typeof b.refundAmount).toBe('number');
    expect((await notificationsOf(g.id)).map((n) => n.kind)).toContain('booking-cancelled');
  });

  it('the guide blocking cancels too, refunding everything (a guide who cancels refunds in full)', async () => {
    const t = (await w.makeActor('tourist', 'blockedtourist'))!;
    const g = (await w.makeActor('guide', 'blockingguide'))!;
    const bookingId = await w.requestBooking(t, g);
    const conversation = await w.conversation(t, g);
    const ok = await w.call({
      method: 'POST',
      url: `/api/chat/conversations/${conversation}/block`,
      as: g,
      payload: { cancelBookings: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const b = (await w.must({ url: `/api/bookings/${bookingId}`, as: t })).booking;
    expect(b).toMatchObject({ status: 'cancelled', cancelledBy: 'guide' });
    expect(b.refundAmount).toBe(b.guideTotal);
    expect((await notificationsOf(t.id)).map((n) => n.kind)).toContain('booking-cancelled');
  });
});

describe('sign out everywhere', () => {
  it("closes the account's other open sockets, live", async () => {
    const t = (await w.makeActor('tourist', 'everywhere'))!;
    const second = await w.mockSignIn(t.email, 'tourist');
    const socket = await connectSocket(wsUrl, second.cookie, publicUrl);
    const closed = new Promise<number>((r) => socket.ws.once('close', (code) => r(code)));
    await w.must({ method: 'POST', url: '/api/users/settings/sign-out-everywhere', as: t });
    await socket.next((f) => f.type === 'signed-out');
    expect(await closed).toBe(4001);
  });
});

describe('your data', () => {
  it("exports the member's own data, not the other party's private words", async () => {
    const t = (await w.makeActor('tourist', 'exporter'))!;
    const g = (await w.makeActor('guide', 'exported'))!;
    const conversation = await w.conversation(t, g);
    await w.must({
      method: 'POST',
      url: '/api/chat/send',
      as: t,
      payload: { conversationId: conversation, body: 'Mine to keep', clientId: w.clientId() },
      status: 201,
    });
    await w.must({
      method: 'POST',
      url: '/api/chat/send',
      as: g,
      payload: { conversationId: conversation, body: 'The guide secret', clientId: w.clientId() },
      status: 201,
    });
    await w.requestBooking(t, g);
    const res = await w.call({ url: '/api/users/settings/export', as: t });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('lokal-my-data.json');
    const data = res.json();
    expect(data.account).toMatchObject({ id: t.id, email: t.email, role: 'tourist' });
    expect(data.conversations[0].messagesISent.map((m: { body: string }) => m.body)).toContain(
      'Mine to keep',
    );
    expect(res.body).not.toContain('The guide secret');
    expect(res.body).not.toContain(g.email);
    expect(data.bookings).toHaveLength(1);
    expect(data.bookings[0]).toMatchObject({ as: 'tourist', with: expect.any(String) });
    expect(await auditOf('account.export', t.id)).toHaveLength(1);
    // The guide's export leaves out the tourist's note.
    const gd = await w.must({ url: '/api/users/settings/export', as: g });
    expect(gd.bookings[0].note).toBeNull();
    expect(JSON.stringify(gd)).not.toContain('Mine to keep');
  });

  it('deletes the account: confirmation typed, sessions end, gone from lists, "Deleted member" for the other party, bookings kept anonymized, photos removed, address freed', async () => {
    const t = (await w.makeActor('tourist', 'leaver'))!;
    const g = (await w.makeActor('guide', 'stayer'))!;
    const png = await testPhoto({ width: 400, height: 400 });
    const photo = await w.must({
      method: 'POST',
      url: '/api/users/me/photo',
      as: t,
      ...multipartFile('photo', 'me.png', 'image/png', png),
    });
    const photoFile = () => filesOf(config, database).get(`uploads/${path.basename(photo.image)}`);
    expect(await photoFile()).not.toBeNull();
    const conversation = await w.conversation(t, g);
    await w.must({
      method: 'POST',
      url: '/api/chat/send',
      as: t,
      payload: { conversationId: conversation, body: 'See you soon', clientId: w.clientId() },
      status: 201,
    });
    const pastBooking = await w.completedBooking(t, g);
    const upcoming = await w.requestBooking(t, g);

    const wrong = await w.call({
      method: 'POST',
      url: '/api/users/settings/delete-account',
      as: t,
      payload: { confirm: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(TRUST_MESSAGES.confirmDelete);
    const res = await w.call({
      method: 'POST',
      url: '/api/users/settings/delete-account',
      as: t,
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await w.call({ url: '/api/users/status', as: t })).statusCode).toBe(401);
    expect(await photoFile()).toBeNull();
    expect((await w.call({ url: photo.image })).statusCode).toBe(404);
    expect(await auditOf('account.delete', t.id)).toHaveLength(1);
    // The guide keeps the conversation, under "Deleted member", and can no longer write.
    const c = (await w.must({ url: `/api/chat/conversations/${conversation}`, as: g })).conversation;
    expect(c.other.name).toBe('Deleted member');
    expect(c.canSend).toBe(false);
    const history = await w.must({ url: `/api/chat/conversations/${conversation}/messages`, as: g });
    expect(JSON.stringify(history)).toContain('See you soon');
    // Bookings stay for the guide's records, anonymized; the upcoming one was cancelled.
    const kept = (await w.must({ url: `/api/bookings/${pastBooking}`, as: g })).booking;
    expect(kept.tourist.name).toBe('Deleted member');
    expect((await w.must({ url: `/api/bookings/${upcoming}`, as: g })).booking.status).toBe('cancelled');
    // Gone from the guides' list; the address is free for a new account.
    expect(JSON.stringify(await w.must({ url: '/api/guides/tourists', as: g }))).not.toContain(t.id);
    const [row] = await rows<{ email: string; phone: string | null }>(
      sql`select email, phone from users where id = ${t.id}`,
    );
    expect(row).toEqual({ email: `deleted-${t.id}@deleted.lokal.invalid`, phone: null });
    const anew = await w.mockSignIn(t.email, 'tourist');
    expect(anew.id).not.toBe(t.id);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestApp, mockSignIn } from './helper.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

const signIn = async (email: string, userType: 'tourist' | 'guide') =>
  (await mockSignIn(t.app, email, userType)).token;

const cookieOf = (token: string) => ({ cookie: `lokal_session=${token}` });

const get = (token: string) => t.app.inject({ url: '/api/users/settings', headers: cookieOf(token) });

const patch = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/settings',
    headers: cookieOf(token),
    payload: payload as object,
  });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('reading settings', () => {
  it('starts from the spec defaults: notifications on, auto-accept off', async () => {
    const guide = await get(await signIn('sofia.martinez@demo.lokal.app', 'guide'));
    expect(guide.statusCode).toBe(200);
    expect(guide.json()).toEqual({
      role: 'guide',
      email: 'sofia.martinez@demo.lokal.app',
      firstName: 'Sofia',
      lastName: 'Martinez',
      notifyBookings: true,
      notifyEmail: true,
      pushBookings: true,
      notifyReminders: true,
      emailReminders: true,
      pushReminders: true,
      notifyReviews: true,
      emailReviews: true,
      pushReviews: true,
      quietHours: true,
      timeZone: null,
      autoAcceptBookings: false,
      socialMedia: null,
      hideSocialMedia: false,
      verification: { status: 'verified', reason: null },
    });

    const tourist = await get(await signIn('james.whitfield@demo.lokal.app', 'tourist'));
    expect(tourist.statusCode).toBe(200);
    // A tourist's answer carries no guide-only field at all.
    expect(tourist.json()).toEqual({
      role: 'tourist',
      email: 'james.whitfield@demo.lokal.app',
      firstName: 'James',
      lastName: 'Whitfield',
      notifyBookings: true,
      notifyEmail: true,
      pushBookings: true,
      notifyReminders: true,
      emailReminders: true,
      pushReminders: true,
      notifyReviews: true,
      emailReviews: true,
      pushReviews: true,
      quietHours: true,
      timeZone: null,
    });
  });

  it('answers a user who has not onboarded yet, with empty names', async () => {
    const res = await get(await signIn(`fresh.${Date.now()}@example.com`, 'guide'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'guide', firstName: '', lastName: '', socialMedia: null });
  });

  it('shows a rejected guide the reason staff gave', async () => {
    const token = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    const [kenji] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'kenji.watanabe@demo.lokal.app'));
    await t.database.db
      .update(guideProfiles)
      .set({ verified: false, verificationStatus: 'rejected', rejectionReason: 'Photo does not show a face' })
      .where(eq(guideProfiles.userId, kenji!.id));
    expect((await get(token)).json().verification).toEqual({
      status: 'rejected',
      reason: 'Photo does not show a face',
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: '/api/users/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'User not authenticated', code: 'unauthenticated' });
    const bad = await t.app.inject({
      url: '/api/users/settings',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('changing settings', () => {
  it('changes only the fields sent and keeps them', async () => {
    const token = await signIn('amelie.laurent@demo.lokal.app', 'guide');
    const first = await patch(token, { notifyEmail: false });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      notifyEmail: false,
      notifyBookings: true,
      autoAcceptBookings: false,
    });

    const second = await patch(token, { autoAcceptBookings: true, notifyBookings: false });
    expect(second.json()).toMatchObject({
      notifyEmail: false,
      notifyBookings: false,
      autoAcceptBookings: true,
    });

    // Read back on a fresh request: stored, not echoed.
    expect((await get(token)).json()).toMatchObject({
      notifyEmail: false,
      notifyBookings: false,
      autoAcceptBookings: true,
      firstName: 'Amélie',
    });
    // What the bookings module will read is in the columns it expects.
    const [row] = await t.database.db
      .select({ a: users.autoAcceptBookings, b: users.notifyBookings, e: users.notifyEmail })
      .from(users)
      .where(eq(users.email, 'amelie.laurent@demo.lokal.app'));
    expect(row).toEqual({ a: true, b: false, e: false });
  });

  it('lets a tourist change both notification toggles', async () => {
    const token = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const res = await patch(token, { notifyBookings: false, notifyEmail: false });
    expect(res.statusCode).toBe(200);
    expect((await get(token)).json()).toMatchObject({ notifyBookings: false, notifyEmail: false });
    expect((await patch(token, { notifyEmail: true })).json()).toMatchObject({
      notifyBookings: false,
      notifyEmail: true,
    });
  });

  it('refuses guide-only settings from a tourist and changes nothing', async () => {
    const token = await signIn('lucas.meyer@demo.lokal.app', 'tourist');
    for (const [payload, named] of [
      [{ autoAcceptBookings: true, notifyEmail: false }, 'Auto-accept bookings'],
      [{ socialMedia: '@lucas' }, 'social media handle'],
      [{ hideSocialMedia: true }, 'social media handle'],
    ] as const) {
      const res = await patch(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('guide-only');
      expect(res.json().message).toContain(named);
      expect(res.json().message).toContain('only available to guides');
    }
    expect((await get(token)).json()).toMatchObject({ notifyEmail: true });
  });

  it('answers every malformed body with 400 and a message, never 500', async () => {
    const token = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    const cases: [unknown, string][] = [
      [{}, 'at least one setting'],
      [{ notifyBookings: 'yes' }, 'notifyBookings'],
      [{ notifyEmail: null }, 'notifyEmail'],
      [{ autoAcceptBookings: 1 }, 'autoAcceptBookings'],
      [{ socialMedia: '' }, 'Enter your social media handle'],
      [{ socialMedia: '    ' }, 'Enter your social media handle'],
      [{ socialMedia: 'x'.repeat(61) }, '60 characters'],
      [{ socialMedia: '@a\n@b' }, 'one line'],
      [{ socialMedia: 42 }, 'socialMedia'],
      [{ firstName: '  ' }, 'First name and last name are required'],
      [{ lastName: 'y'.repeat(61) }, '60 characters'],
      [{ verified: true }, 'verified'],
      [{ userId: '00000000-0000-0000-0000-000000000000', notifyEmail: false }, 'userId'],
      [[true], 'object'],
    ];
    for (const [payload, text] of cases) {
      const res = await patch(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(typeof body.code).toBe('string');
      expect(body.message, JSON.stringify(payload)).toContain(text);
    }
    const notJson = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      headers: { ...cookieOf(token), 'content-type': 'application/json' },
      payload: '{"notifyEmail":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toEqual(expect.any(String));
    // None of it changed anything.
    expect((await get(token)).json()).toMatchObject({ notifyEmail: true, socialMedia: null });
  });

  it('needs a session and a same-site request', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      payload: { notifyEmail: false },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    const crossSite = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/settings',
      headers: { ...cookieOf(token), origin: 'https://evil.example' },
      payload: { notifyEmail: false },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await get(token)).json().notifyEmail).toBe(true);
  });

  it("changes the caller's settings only, whoever else is named", async () => {
    const mine = await signIn('james.whitfield@demo.lokal.app', 'tourist');
    const theirs = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    const before = (await get(theirs)).json();
    const [aisha] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'aisha.rahman@demo.lokal.app'));
    // No way to name another account: ids in the body are refused, and the path carries none.
    expect((await patch(mine, { userId: aisha!.id, notifyBookings: false })).statusCode).toBe(400);
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/settings?userId=${aisha!.id}`,
      headers: cookieOf(mine),
      payload: { notifyBookings: false },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().email).toBe('james.whitfield@demo.lokal.app');
    expect((await get(theirs)).json()).toEqual(before);
    // A bearer token works like the cookie and reaches its own account.
    const bearer = await t.app.inject({
      url: '/api/users/settings',
      headers: { authorization: `Bearer ${theirs}` },
    });
    expect(bearer.json().email).toBe('aisha.rahman@demo.lokal.app');
    // Restore for the other tests.
    await patch(mine, { notifyBookings: true });
  });
});

describe('the social media handle', () => {
  it('is trimmed, kept, and shown to tourists by the hide rule (VIP only when hidden)', async () => {
    const sofia = await signIn('sofia.martinez@demo.lokal.app', 'guide');
    const saved = await patch(sofia, { socialMedia: '  @sofia.paints  ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ socialMedia: '@sofia.paints', hideSocialMedia: false });
    expect((await get(sofia)).json().socialMedia).toBe('@sofia.paints');

    const [id] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'sofia.martinez@demo.lokal.app'));
    const profileAs = async (token: string) =>
      (await t.app.inject({ url: `/api/profiles/guide/${id!.id}`, headers: cookieOf(token) })).json().profile
        .socialMedia;
    const vip = await signIn('james.whitfield@demo.lokal.app', 'tourist'); // Luxury VIP Member
    const premium = await signIn('aisha.rahman@demo.lokal.app', 'tourist'); // Premium Member
    expect(await profileAs(premium)).toBe('@sofia.paints');

    expect((await patch(sofia, { hideSocialMedia: true })).json()).toMatchObject({
      socialMedia: '@sofia.paints',
      hideSocialMedia: true,
    });
    expect(await profileAs(premium)).toBeNull();
    expect(await profileAs(vip)).toBe('@sofia.paints');

    // A 60-character handle is the longest allowed.
    expect((await patch(sofia, { socialMedia: 'h'.repeat(60) })).statusCode).toBe(200);
    await patch(sofia, { socialMedia: '@sofia.paints', hideSocialMedia: false });
  });

  it('asks a guide who has not onboarded to do so first', async () => {
    const token = await signIn(`new.guide.${Date.now()}@example.com`, 'guide');
    const res = await patch(token, { socialMedia: '@new' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('onboarding-required');
    // Preferences live on the account and work before onboarding.
    expect((await patch(token, { autoAcceptBookings: true })).json().autoAcceptBookings).toBe(true);
  });
});

describe('the name', () => {
  it('changes the profile name and the display name together', async () => {
    const token = await signIn('kenji.watanabe@demo.lokal.app', 'guide');
    const res = await patch(token, { firstName: '  Kenjiro ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Kenjiro', lastName: 'Watanabe' });
    const status = (await t.app.inject({ url: '/api/users/status', headers: cookieOf(token) })).json();
    expect(status.user.displayName).toBe('Kenjiro Watanabe');
    const me = (await t.app.inject({ url: '/api/guides/me', headers: cookieOf(token) })).json();
    expect(me.profile.name).toBe('Kenjiro Watanabe');

    const tourist = await signIn('aisha.rahman@demo.lokal.app', 'tourist');
    await patch(tourist, { firstName: 'Aïsha', lastName: 'Rahman-Cole' });
    const own = (await t.app.inject({ url: '/api/tourists/me', headers: cookieOf(tourist) })).json();
    expect(own.name).toBe('Aïsha Rahman-Cole');
    const [row] = await t.database.db
      .select({ n: sql<string>`${users.displayName}` })
      .from(users)
      .where(eq(users.email, 'aisha.rahman@demo.lokal.app'));
    expect(row!.n).toBe('Aïsha Rahman-Cole');
  });

  it('asks a tourist who has not onboarded to do so first, and changes nothing', async () => {
    const token = await signIn(`new.tourist.${Date.now()}@example.com`, 'tourist');
    const res = await patch(token, { firstName: 'Nova', notifyEmail: false });
    expect(res.statusCode).toBe(409);
    // One transaction: the toggle sent with the refused name is not kept either.
    expect((await get(token)).json().notifyEmail).toBe(true);
  });
});

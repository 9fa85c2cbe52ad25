import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAVEL_STYLE } from './actors-helper.ts';
import { createTestApp, mockSignIn } from './helper.ts';

// The traveller's "Travel style" quiz (docs/product.md#travel-style): stored, editable, the owner's alone.
let t: Awaited<ReturnType<typeof createTestApp>>;
const URL = '/api/tourists/travel-style';

const as = async (email: string, role: 'tourist' | 'guide') => ({
  cookie: (await mockSignIn(t.app, email, role)).cookie,
});
const read = (headers: { cookie: string }) => t.app.inject({ url: URL, headers });
const save = (headers: { cookie: string }, payload: unknown) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('the travel style quiz', () => {
  it('is empty until taken, then holds the answers, and a second save replaces them', async () => {
    const james = await as('james.whitfield@demo.lokal.app', 'tourist');
    expect((await read(james)).json()).toEqual({ travelStyle: null, updatedAt: null });

    const first = await save(james, TRAVEL_STYLE);
    expect(first.statusCode).toBe(200);
    expect(first.json().travelStyle).toEqual(TRAVEL_STYLE);
    expect(Date.parse(first.json().updatedAt)).not.toBeNaN();

    const edited = {
      ...TRAVEL_STYLE,
      pace: 2,
      experiences: [],
      musicPreference: { rap: 3, techno: 1, rock: 5 },
    };
    expect((await save(james, edited)).statusCode).toBe(200);
    expect((await read(james)).json().travelStyle).toEqual(edited);
  });

  it("is one traveller's own: another traveller reads only theirs", async () => {
    const a = await as(`style.a.${Date.now()}@example.com`, 'tourist');
    // Not onboarded: the quiz comes after the profile.
    const early = await save(a, TRAVEL_STYLE);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      message: 'Finish your profile before the travel style quiz',
      code: 'onboarding-required',
    });

    const james = await as('james.whitfield@demo.lokal.app', 'tourist');
    const other = await as('aisha.rahman@demo.lokal.app', 'tourist');
    await save(james, { ...TRAVEL_STYLE, pace: 5 });
    expect((await read(other)).json().travelStyle?.pace ?? null).not.toBe(5);
  });

  it('refuses bad answers with a 400 and keeps what was saved', async () => {
    const james = await as('james.whitfield@demo.lokal.app', 'tourist');
    await save(james, TRAVEL_STYLE);
    for (const bad of [
      { ...TRAVEL_STYLE, pace: 6 },
      { ...TRAVEL_STYLE, pace: 2.5 },
      { ...TRAVEL_STYLE, languages: [] },
      { ...TRAVEL_STYLE, languages: ['Klingon'] },
      { ...TRAVEL_STYLE, experiences: ['Bank heists'] },
      { ...TRAVEL_STYLE, musicPreference: { rap: 1, techno: 5 } },
      { ...TRAVEL_STYLE, orientation: 'gay' },
      { ...TRAVEL_STYLE, animeKdrama: 'often' },
      [TRAVEL_STYLE],
    ]) {
      const res = await save(james, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
    expect((await read(james)).json().travelStyle).toEqual(TRAVEL_STYLE);
  });

  it('is for travellers only', async () => {
    const guide = await as('sofia.martinez@demo.lokal.app', 'guide');
    expect((await read(guide)).statusCode).toBe(403);
    expect((await save(guide, TRAVEL_STYLE)).statusCode).toBe(403);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });
});

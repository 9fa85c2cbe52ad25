import {
  type GuideHours,
  type GuideSide,
  guideSideOf,
  matchScore,
  type TravellerSide,
  travellerSideOf,
} from '@lokal/shared/domain/match';
import type { TimeRange, WeeklySchedule } from '@lokal/shared/domain/slots';
import type { GuideCard } from '@lokal/shared/schemas/discovery';
import { travelStyleSchema } from '@lokal/shared/schemas/travel-style';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { availabilityExceptions, experiences, guideAvailability } from '../src/db/schema/experiences.ts';
import { travelStyles } from '../src/db/schema/match.ts';
import { guideAssessments, guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { ASSESSMENT, TRAVEL_STYLE } from './actors-helper.ts';
import type { createTestApp } from './helper.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The match score before rounding, as matchScore() gives it: "Best match" orders by it. */
export function exactMatch(t: TravellerSide, guide: GuideSide): number {
  const match = matchScore(t, guide);
  if (!match) throw new Error('a hidden guide has no match');
  return match.exact;
}

/** Guides in "Best match" order: the score before rounding, high to low, then the id. */
export function bestMatchOrder(t: TravellerSide, guides: Map<string, GuideSide>): string[] {
  return [...guides]
    .map(([id, side]) => ({ id, exact: exactMatch(t, side) }))
    .sort((a, b) => b.exact - a.exact || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => e.id);
}

/** A guide's assessment with the answers of the "Travel style" quiz TRAVEL_STYLE: a close match for its traveller. */
export const mirrorAssessment = (hideProfile: boolean) => ({
  ...ASSESSMENT,
  languages: ['English', 'Portuguese'],
  experiences: ['Pub Crawls', 'Food & Dining'],
  musicPreference: TRAVEL_STYLE.musicPreference,
  drinks: TRAVEL_STYLE.drinks,
  cannabisComfort: TRAVEL_STYLE.cannabisComfort,
  politicalJokes: TRAVEL_STYLE.politicalJokes,
  animeKdrama: TRAVEL_STYLE.animeKdrama,
  hideProfile,
});

const today = () => new Date().toISOString().slice(0, 10);

function hoursOf(
  weekly: WeeklySchedule | null,
  rows: { date: string; kind: 'blocked' | 'extra'; ranges: TimeRange[] }[],
): GuideHours | null {
  if (!weekly) return null;
  return {
    weekly,
    exceptions: rows.map((x) =>
      x.kind === 'blocked'
        ? { date: x.date, kind: 'blocked' }
        : { date: x.date, kind: 'extra', ranges: x.ranges },
    ),
  };
}

/** A traveller's side from their profile row (a USD budget) and their quiz's answers (null when not taken). */
function sideOfProfile(p: typeof touristProfiles.$inferSelect, answers: unknown): TravellerSide {
  return travellerSideOf(
    {
      city: p.city,
      languages: p.languages,
      interests: p.interests,
      lookingFor: p.lookingFor,
      budgetMaxUsd: p.budgetMax > 0 ? p.budgetMax : null,
      travelStyle: answers ? travelStyleSchema.parse(answers) : null,
      travelFrom: p.travelFrom,
      travelTo: p.travelTo,
      partySize: p.partySize,
    },
    today(),
  );
}

/** A traveller's side read from the database (profile and saved quiz; a USD budget). */
export async function travellerSideIn(db: Db, id: string): Promise<TravellerSide> {
  const [p] = await db.select().from(touristProfiles).where(eq(touristProfiles.userId, id));
  const [style] = await db.select().from(travelStyles).where(eq(travelStyles.userId, id));
  expect(p!.currency).toBe('USD');
  return sideOfProfile(p!, style?.answers ?? null);
}

/** Every listed guide's side, read from the profile, the assessment and the experiences, apart from the engine. */
export async function guideSides(t: Pick<TestApp, 'database'>): Promise<Map<string, GuideSide>> {
  const db = t.database.db;
  const rows = await db
    .select({ profile: guideProfiles, answers: guideAssessments.answers })
    .from(guideProfiles)
    .leftJoin(guideAssessments, eq(guideAssessments.userId, guideProfiles.userId))
    .where(eq(guideProfiles.listed, true));
  const published = await db
    .select({
      guideId: experiences.guideId,
      category: experiences.category,
      min: experiences.minGroup,
      max: experiences.maxGroup,
    })
    .from(experiences)
    .where(eq(experiences.status, 'published'));
  const hours = await db.select().from(guideAvailability);
  const exceptions = await db.select().from(availabilityExceptions);
  return new Map(
    rows.map(({ profile: p, answers }) => [
      p.userId,
      guideSideOf({
        city: p.city,
        languages: p.languages,
        specialties: p.specialties,
        tourCount: p.tourTypes.length,
        priceMin: p.priceMin,
        hideProfile: p.hideProfile,
        assessment: (answers as Record<string, unknown> | null) ?? null,
        publishedCategories: published.filter((e) => e.guideId === p.userId).map((e) => e.category),
        groups: published.filter((e) => e.guideId === p.userId).map(({ min, max }) => ({ min, max })),
        hours: hoursOf(
          hours.find((h) => h.guideId === p.userId)?.weekly ?? null,
          exceptions.filter((x) => x.guideId === p.userId),
        ),
      }),
    ]),
  );
}

/** A signed-in traveller's side from their profile (a USD budget) and their quiz as the API gives it back. */
export async function travellerSideFor(
  t: TestApp,
  session: { id: string; cookie: string },
): Promise<TravellerSide> {
  const style = await t.app.inject({
    url: '/api/tourists/travel-style',
    headers: { cookie: session.cookie },
  });
  const travelStyle = style.json().travelStyle;
  const [p] = await t.database.db
    .select()
    .from(touristProfiles)
    .where(eq(touristProfiles.userId, session.id));
  expect(p!.currency).toBe('USD');
  return sideOfProfile(p!, travelStyle ?? null);
}

/** Every page of a guide search, following the cursor; the number of pages. */
export async function walkSearch(t: TestApp, cookie: string, query: string) {
  const out: GuideCard[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages < 500; pages++) {
    const res = await t.app.inject({
      url: `/api/guides/search?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { guides: GuideCard[]; nextCursor: string | null };
    out.push(...page.guides);
    cursor = page.nextCursor;
    if (!cursor) return { guides: out, pages };
  }
  throw new Error('the search never ended');
}

/** The signed-in traveller takes the "Travel style" quiz (the answers every match test uses). */
export async function takeQuiz(t: Pick<TestApp, 'app'>, cookie: string) {
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/tourists/travel-style',
    headers: { cookie, origin: 'http://localhost:3000' },
    payload: TRAVEL_STYLE,
  });
  expect(saved.statusCode, saved.body).toBeLessThan(300);
}

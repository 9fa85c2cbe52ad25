import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { guideProfiles, touristProfiles } from '../schema/profiles.ts';
import { users } from '../schema/users.ts';
import { DEMO_GUIDES, DEMO_TOURISTS } from './demo-data.ts';

/**
 * Inserts the demo guides and tourists. Idempotent: rows that exist (by e-mail) are left alone,
 * so running it twice, or after a crash half-way, ends in the same state.
 */
export async function seedDemoData(db: Db): Promise<{ guides: number; tourists: number }> {
  // Already seeded: one look-up instead of 76 upserts keeps every later start fast.
  const last = DEMO_TOURISTS[DEMO_TOURISTS.length - 1]!.email;
  const [done] = await db
    .select({ id: touristProfiles.userId })
    .from(touristProfiles)
    .innerJoin(users, eq(users.id, touristProfiles.userId))
    .where(eq(users.email, last));
  if (!done) await insertDemoData(db);
  const [g] = await db.select({ n: sql<number>`count(*)::int` }).from(guideProfiles);
  const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(touristProfiles);
  return { guides: g?.n ?? 0, tourists: t?.n ?? 0 };
}

async function insertDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const people = [
      ...DEMO_GUIDES.map((g) => ({
        email: g.email,
        role: 'guide' as const,
        name: `${g.firstName} ${g.lastName}`,
      })),
      ...DEMO_TOURISTS.map((t) => ({
        email: t.email,
        role: 'tourist' as const,
        name: `${t.firstName} ${t.lastName}`,
      })),
    ];
    await tx
      .insert(users)
      .values(
        people.map((p) => ({
          email: p.email,
          role: p.role,
          displayName: p.name,
          onboardingCompleted: true,
          personalityTestCompleted: p.role === 'guide',
        })),
      )
      .onConflictDoNothing();

    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          people.map((p) => p.email),
        ),
      );
    const idOf = new Map(rows.map((r) => [r.email, r.id]));

    await tx
      .insert(guideProfiles)
      .values(DEMO_GUIDES.map(({ email, ...g }) => ({ ...g, listed: true, userId: idOf.get(email)! })))
      .onConflictDoNothing();
    await tx
      .insert(touristProfiles)
      .values(DEMO_TOURISTS.map(({ email, ...t }) => ({ ...t, userId: idOf.get(email)! })))
      .onConflictDoNothing();
  });
}

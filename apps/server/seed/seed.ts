import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPERIENCES, LANGUAGES } from '@lokal/shared/constants/onboarding';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { bookings, reviews } from '../src/db/schema/bookings.ts';
import { conversations, messages } from '../src/db/schema/chat.ts';
import { experiencePhotos, experiences, guideAvailability } from '../src/db/schema/experiences.ts';
import { guideAssessments, guideProfiles, touristProfiles } from '../src/db/schema/profiles.ts';
import { users } from '../src/db/schema/users.ts';
import { refreshTotalTours } from '../src/modules/bookings/repository.ts';
import { adoptTourTypes } from '../src/modules/experiences/repository.ts';
import { recomputeRatings } from '../src/modules/reviews/repository.ts';
import { type FileStore, uploadKey } from '../src/plugins/storage.ts';
import { demoBookings, demoContacts, LAST_DEMO_BOOKING_ID } from './demo-activity.ts';
import { DEMO_GUIDES, DEMO_TOURISTS, type DemoExperience, type DemoGuide } from './demo-data.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The committed demo photos (photos-cli.ts draws them); the bundle in dist/ reads them from seed/. */
export const DEMO_PHOTOS_DIR = here.endsWith(`${path.sep}dist`)
  ? path.join(here, '../seed/photos')
  : path.join(here, 'photos');

/**
 * The names of one demo experience's photos: three or four (publishing needs three, decision 090), from its guide
 * and title, so never shared.
 */
export function demoPhotoFiles(guideEmail: string, e: DemoExperience): string[] {
  const key = createHash('sha256').update(`${guideEmail}|${e.title}|${e.category}`).digest('hex');
  const count = 3 + (Number.parseInt(key.slice(0, 2), 16) % 2);
  // 12 hex digits, as the tail of an uploaded photo's name.
  return Array.from({ length: count }, (_, n) => `${key.slice(0, 11)}${n}.webp`);
}

/**
 * Inserts the demo guides and tourists, then their past activity (bookings, reviews, guides' first messages).
 * Idempotent: rows that exist (by e-mail, by fixed id, by pair) are left alone, so running it twice, or after a
 * crash half-way, ends in the same state. `now` places the activity in time (the app's clock).
 */
export async function seedDemoData(
  db: Db,
  now = Date.now(),
  /** Where uploaded photos live: the demo experiences' photos are stored there. None: no photos. */
  files?: FileStore,
): Promise<{ guides: number; tourists: number }> {
  // Already seeded: one look-up instead of hundreds of upserts keeps every later start fast.
  const last = DEMO_TOURISTS[DEMO_TOURISTS.length - 1]!.email;
  const state = await db.execute(sql`
    select
      exists (select 1 from ${touristProfiles} tp join ${users} u on u.id = tp.user_id where u.email = ${last}) as people,
      exists (select 1 from ${bookings} where id = ${LAST_DEMO_BOOKING_ID}) as activity`);
  const seeded = (state as unknown as { rows: { people: boolean; activity: boolean }[] }).rows[0];
  if (!seeded?.people) {
    await insertDemoData(db, now);
    await insertDemoExperiences(db, files);
  }
  // A database seeded before the activity existed gets it on its next start.
  if (!seeded?.activity) await insertDemoActivity(db, now);
  // The demo guides' tour types become published experiences with a schedule (once: it skips guides that have some).
  if (!seeded?.people || !seeded?.activity) await adoptTourTypes(db, null, true);
  const [g] = await db.select({ n: sql<number>`count(*)::int` }).from(guideProfiles);
  const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(touristProfiles);
  return { guides: g?.n ?? 0, tourists: t?.n ?? 0 };
}

async function insertDemoData(db: Db, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const people = [
      ...DEMO_GUIDES.map((g) => ({
        email: g.email,
        role: 'guide' as const,
        name: `${g.firstName} ${g.lastName}`,
        lastSeenMinutesAgo: g.lastSeenMinutesAgo,
      })),
      ...DEMO_TOURISTS.map((t) => ({
        email: t.email,
        role: 'tourist' as const,
        name: `${t.firstName} ${t.lastName}`,
        lastSeenMinutesAgo: t.lastSeenMinutesAgo,
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
          // Seen minutes, hours or days ago: a few members are online at the start, not all of them.
          lastActiveAt: new Date(now - p.lastSeenMinutesAgo * 60_000),
        })),
      )
      .onConflictDoNothing();

    const idOf = await idsByEmail(
      tx,
      people.map((p) => p.email),
    );

    await tx
      .insert(guideProfiles)
      .values(
        // Ratings, review counts and tour counts are counted from the seeded activity (insertDemoActivity).
        DEMO_GUIDES.map(
          ({
            email,
            rating: _target,
            totalTours: _tours,
            experiences: _offers,
            schedule: _hours,
            lastSeenMinutesAgo: _seen,
            ...g
          }) => ({
            ...g,
            listed: true,
            userId: idOf.get(email)!,
            // Demo guides marked verified count as verified by staff; the others wait in the queue.
            verificationStatus: g.verified ? ('verified' as const) : ('pending' as const),
            verificationRequestedAt: new Date(),
          }),
        ),
      )
      .onConflictDoNothing();
    // Each demo guide took the assessment: its temperament feeds the match (docs/product.md#match-score).
    await tx
      .insert(guideAssessments)
      .values(DEMO_GUIDES.map((g) => ({ userId: idOf.get(g.email)!, answers: demoAssessment(g) })))
      .onConflictDoNothing();
    await tx
      .insert(touristProfiles)
      .values(
        DEMO_TOURISTS.map(({ email, lastSeenMinutesAgo: _seen, ...t }) => ({
          ...t,
          userId: idOf.get(email)!,
        })),
      )
      .onConflictDoNothing();
  });
}

/**
 * A demo guide's assessment answers, drawn from a hash of the address so they differ from guide to guide but
 * not from seed to seed; the experiences follow the guide's specialties.
 */
export function demoAssessment(g: DemoGuide): Record<string, unknown> {
  const h = createHash('sha256').update(`assessment|${g.email}`).digest();
  const scale = (i: number) => 1 + (h[i]! % 5);
  const nightly = g.specialties.includes('Nightlife');
  return {
    languages: g.languages.filter((l) => (LANGUAGES as readonly string[]).includes(l)),
    customLanguage: '',
    occupation: g.profession,
    experiences: EXPERIENCES.filter((e) => g.specialties.includes(e.specialty)).map((e) => e.title),
    // Night-life guides lean to techno and a drink; the rest spread over the scale.
    musicPreference: { rap: scale(0), techno: nightly ? 4 + (h[1]! % 2) : scale(1), rock: scale(2) },
    drinks: nightly || h[3]! % 3 !== 0,
    cannabisComfort: scale(4),
    politicalJokes: scale(5),
    animeKdrama: (['yes', 'sometimes', 'no'] as const)[h[6]! % 3],
    lgbtqFriendly: h[7]! % 4 !== 0,
    orientation: 'straight',
    hideProfile: false,
    relationshipStatus: 'no',
    socialMedia: `@${g.firstName.toLowerCase()}.lokal`,
    hideSocialMedia: false,
  };
}

/** The ids of these addresses' accounts, by address. */
async function idsByEmail(tx: Pick<Db, 'select'>, emails: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * Each demo guide's experiences (written for their city, published), their photos and their weekly
 * schedule. Runs with the people, once: a guide who has experiences is left alone.
 */
async function insertDemoExperiences(db: Db, files: FileStore | undefined): Promise<void> {
  const copies: { from: string; to: string }[] = [];
  await db.transaction(async (tx) => {
    const idOf = await idsByEmail(
      tx,
      DEMO_GUIDES.map((g) => g.email),
    );
    // Only the demo guides' rows: a large database (the bench seed) is not read at start-up.
    const taken = new Set(
      (
        await tx
          .select({ guideId: experiences.guideId })
          .from(experiences)
          .where(inArray(experiences.guideId, [...idOf.values()]))
      ).map((r) => r.guideId),
    );
    const todo = DEMO_GUIDES.flatMap((guide) => {
      const guideId = idOf.get(guide.email);
      return guideId && !taken.has(guideId) ? [{ guide, guideId }] : [];
    });
    if (!todo.length) return;
    // Three statements for all the guides: the seed runs on every fresh database, tests included.
    const made = await tx
      .insert(experiences)
      .values(
        todo.flatMap(({ guide, guideId }) =>
          guide.experiences.map((e, n) => ({
            guideId,
            title: e.title,
            category: e.category,
            summary: e.summary,
            description: e.description,
            durationMinutes: e.minutes,
            priceMode: 'person' as const,
            price: e.price,
            currency: 'USD',
            minGroup: 1,
            maxGroup: e.maxGroup,
            languages: guide.languages.filter((l) => l !== 'Catalan'),
            meetingAddress: e.meeting,
            included: e.included,
            notIncluded: e.notIncluded,
            cancellationPolicy: e.policy,
            status: 'published' as const,
            // The guide's order: the first experience is the newest.
            createdAt: new Date(Date.UTC(2026, 0, 10) - n * 86_400_000),
          })),
        ),
      )
      .returning({ id: experiences.id, guideId: experiences.guideId, title: experiences.title });
    const emailOf = new Map(todo.map(({ guide, guideId }) => [guideId, guide]));
    const photos = made.flatMap(({ id, guideId, title }) => {
      const guide = emailOf.get(guideId)!;
      const e = guide.experiences.find((x) => x.title === title)!;
      return demoPhotoFiles(guide.email, e)
        .filter((name) => existsSync(path.join(DEMO_PHOTOS_DIR, name)))
        .map((name, position) => {
          // An uploaded photo's name: the experience, then 12 hex digits (the committed file's).
          const file = `${id}-${name}`;
          copies.push({ from: path.join(DEMO_PHOTOS_DIR, name), to: file });
          return { experienceId: id, file, position };
        });
    });
    if (files && photos.length) await tx.insert(experiencePhotos).values(photos);
    await tx
      .insert(guideAvailability)
      .values(todo.map(({ guide, guideId }) => ({ guideId, ...guide.schedule })))
      .onConflictDoNothing();
  });
  if (!files) return;
  // A few at a time: the shared stores answer over the network.
  for (let i = 0; i < copies.length; i += 8) {
    await Promise.all(
      copies
        .slice(i, i + 8)
        .map(({ from, to }) => files.put(uploadKey(to), readFileSync(from), 'image/webp')),
    );
  }
}

async function insertDemoActivity(db: Db, now: number): Promise<void> {
  const plan = demoBookings(now);
  const contacts = demoContacts(now);
  const at = (ms: number) => new Date(ms);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          [...DEMO_GUIDES, ...DEMO_TOURISTS].map((p) => p.email),
        ),
      );
    const idOf = new Map(rows.map((r) => [r.email, r.id]));
    const id = (email: string) => idOf.get(email)!;

    await tx
      .insert(bookings)
      .values(
        plan.map((b) => ({
          id: b.id,
          touristId: id(b.touristEmail),
          guideId: id(b.guideEmail),
          tourName: b.tourName,
          durationMinutes: b.durationMinutes,
          pricePerPerson: b.pricePerPerson,
          partySize: b.partySize,
          totalUsd: b.pricePerPerson * b.partySize,
          currency: 'USD',
          totalLocal: b.pricePerPerson * b.partySize,
          startAt: at(b.startAt),
          endAt: at(b.endAt),
          timeZone: b.timeZone,
          status: 'completed' as const,
          decidedAt: at(b.startAt - 3 * 86_400_000),
          // The bookings sweep completes a tour within a minute of its end.
          completedAt: at(b.endAt + 60_000),
          createdAt: at(b.startAt - 5 * 86_400_000),
          updatedAt: at(b.endAt + 60_000),
        })),
      )
      .onConflictDoNothing();

    const reviewRows = plan.flatMap((b) => [
      ...(b.byTourist
        ? [{ review: b.byTourist, authorId: id(b.touristEmail), subjectId: id(b.guideEmail), b }]
        : []),
      ...(b.byGuide
        ? [{ review: b.byGuide, authorId: id(b.guideEmail), subjectId: id(b.touristEmail), b }]
        : []),
    ]);
    await tx
      .insert(reviews)
      .values(
        reviewRows.map(({ review, authorId, subjectId, b }) => ({
          bookingId: b.id,
          authorId,
          subjectId,
          rating: review.rating,
          text: review.text,
          createdAt: at(review.at),
          publishedAt: b.publishedAt === null ? null : at(b.publishedAt),
        })),
      )
      .onConflictDoNothing();

    // Guides' first messages (read, so nobody starts with a badge) and, for some, the tourist's answer.
    await tx
      .insert(conversations)
      .values(
        contacts.map((c) => ({
          id: c.id,
          touristId: id(c.touristEmail),
          guideId: id(c.guideEmail),
          startedBy: id(c.guideEmail),
          createdAt: at(c.at),
          lastMessageAt: at(c.reply ? c.at + 3 * 3_600_000 : c.at + 60_000),
        })),
      )
      .onConflictDoNothing();
    // A pair that already talked keeps its own conversation: messages go to whichever exists.
    const pairs = await tx
      .select({ id: conversations.id, touristId: conversations.touristId, guideId: conversations.guideId })
      .from(conversations)
      .where(inArray(conversations.touristId, [...new Set(contacts.map((c) => id(c.touristEmail)))]));
    const conversationOf = new Map(pairs.map((p) => [`${p.touristId}:${p.guideId}`, p.id]));
    await tx
      .insert(messages)
      .values(
        contacts.flatMap((c, n) => {
          const conversationId = conversationOf.get(`${id(c.touristEmail)}:${id(c.guideEmail)}`)!;
          const opener = {
            conversationId,
            senderId: id(c.guideEmail),
            body: c.opener,
            clientId: `demo-seed-${n}-guide`,
            createdAt: at(c.at + 60_000),
            readAt: at(c.at + 3_600_000),
          };
          if (!c.reply) return [opener];
          return [
            opener,
            {
              conversationId,
              senderId: id(c.touristEmail),
              body: c.reply,
              clientId: `demo-seed-${n}-tourist`,
              createdAt: at(c.at + 3 * 3_600_000),
              readAt: at(c.at + 4 * 3_600_000),
            },
          ];
        }),
      )
      .onConflictDoNothing();

    await recomputeRatings(tx, [...idOf.values()]);
    await refreshTotalTours(tx, [...idOf.values()]);
  });
}

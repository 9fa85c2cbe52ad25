import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, calendarFeeds } from '../../db/schema/bookings.ts';
import { experiences } from '../../db/schema/experiences.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';

/** How many bookings one feed holds at most (upcoming and the last 30 days). */
const FEED_LIMIT = 500;

export function createCalendarsRepository(db: Db) {
  // A booking with what its calendar event shows: both names, the city and the meeting point.
  const events = () =>
    db
      .select({
        booking: bookings,
        city: guideProfiles.city,
        guideFirst: guideProfiles.firstName,
        guideLast: guideProfiles.lastName,
        touristFirst: touristProfiles.firstName,
        touristLast: touristProfiles.lastName,
        meetingAddress: experiences.meetingAddress,
        meetingLat: experiences.meetingLat,
        meetingLng: experiences.meetingLng,
      })
      .from(bookings)
      .innerJoin(guideProfiles, eq(guideProfiles.userId, bookings.guideId))
      .innerJoin(touristProfiles, eq(touristProfiles.userId, bookings.touristId))
      .leftJoin(experiences, eq(experiences.id, bookings.experienceId));

  return {
    async event(bookingId: string) {
      const [row] = await events().where(eq(bookings.id, bookingId));
      return row ?? null;
    },

    /** The member's bookings that end after `since`: requested, accepted, completed and cancelled ones. */
    async feedEvents(userId: string, since: Date) {
      return events()
        .where(
          and(
            or(eq(bookings.touristId, userId), eq(bookings.guideId, userId)),
            inArray(bookings.status, ['requested', 'accepted', 'completed', 'cancelled']),
            gt(bookings.endAt, since),
          ),
        )
        .orderBy(desc(bookings.startAt))
        .limit(FEED_LIMIT);
    },

    async feed(userId: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },

    async feedByHash(tokenHash: string) {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    /** The member's one feed, replacing an older one (whose address stops working at once). */
    async putFeed(userId: string, tokenHash: string, at: Date) {
      await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: at } });
    },

    async deleteFeed(userId: string) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },
  };
}

export type CalendarsRepository = ReturnType<typeof createCalendarsRepository>;
export type EventRow = NonNullable<Awaited<ReturnType<CalendarsRepository['event']>>>;

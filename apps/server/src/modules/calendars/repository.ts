import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, calendarBusy, calendarFeeds, calendarImports } from '../../db/schema/bookings.ts';
import { experiences } from '../../db/schema/experiences.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';

/** How many bookings one feed holds at most (upcoming and the last 30 days). */
const FEED_LIMIT = 500;
/** Busy times are written this many rows to a statement. */
const BUSY_CHUNK = 1000;

export type ImportRow = typeof calendarImports.$inferSelect;
type Range = { start: Date; end: Date };
type Copy = { etag: string | null; lastModified: string | null; eventCount: number; busy: Range[] };

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

    /** The guide's city (where floating and all-day times of an imported calendar are read). */
    async guideCity(guideId: string) {
      const [row] = await db
        .select({ city: guideProfiles.city })
        .from(guideProfiles)
        .where(eq(guideProfiles.userId, guideId));
      return row?.city ?? null;
    },

    async imports(guideId: string) {
      return db
        .select()
        .from(calendarImports)
        .where(eq(calendarImports.guideId, guideId))
        .orderBy(asc(calendarImports.createdAt), asc(calendarImports.id));
    },

    async importCount(guideId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(calendarImports)
        .where(eq(calendarImports.guideId, guideId));
      return row?.n ?? 0;
    },

    async importByUrl(guideId: string, url: string) {
      const [row] = await db
        .select({ id: calendarImports.id })
        .from(calendarImports)
        .where(and(eq(calendarImports.guideId, guideId), eq(calendarImports.url, url)));
      return row ?? null;
    },

    /** Every imported calendar, the longest unsynced first (the scheduled sync). */
    async allImports(limit: number) {
      return db
        .select()
        .from(calendarImports)
        .orderBy(sql`${calendarImports.lastSyncAt} asc nulls first`, asc(calendarImports.id))
        .limit(limit);
    },

    /** A new imported calendar with its first copy; null when the guide already imports that address. */
    async addImport(guideId: string, url: string, at: Date, copy: Copy) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(calendarImports)
          .values({
            guideId,
            url,
            etag: copy.etag,
            lastModified: copy.lastModified,
            lastSyncAt: at,
            lastSuccessAt: at,
            eventCount: copy.eventCount,
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: calendarImports.id });
        if (!row) return null;
        await insertBusy(tx, row.id, guideId, copy.busy);
        return row.id;
      });
    },

    /** A good copy replaces the last one, busy times and all. */
    async saveCopy(row: ImportRow, at: Date, copy: Copy) {
      await db.transaction(async (tx) => {
        const [kept] = await tx
          .update(calendarImports)
          .set({
            etag: copy.etag,
            lastModified: copy.lastModified,
            lastSyncAt: at,
            lastSuccessAt: at,
            eventCount: copy.eventCount,
            lastError: null,
          })
          .where(eq(calendarImports.id, row.id))
          .returning({ id: calendarImports.id });
        // Removed while it was being fetched: nothing to keep.
        if (!kept) return;
        await tx.delete(calendarBusy).where(eq(calendarBusy.importId, row.id));
        await insertBusy(tx, row.id, row.guideId, copy.busy);
      });
    },

    /** The server said the copy we hold is current (304). */
    async keepCopy(id: string, at: Date) {
      await db
        .update(calendarImports)
        .set({ lastSyncAt: at, lastSuccessAt: at, lastError: null })
        .where(eq(calendarImports.id, id));
    },

    /** A failed sync: the last good copy stays, the error is kept in words. */
    async saveError(id: string, at: Date, message: string) {
      await db
        .update(calendarImports)
        .set({ lastSyncAt: at, lastError: message })
        .where(eq(calendarImports.id, id));
    },

    async removeImport(guideId: string, id: string) {
      const gone = await db
        .delete(calendarImports)
        .where(and(eq(calendarImports.id, id), eq(calendarImports.guideId, guideId)))
        .returning({ id: calendarImports.id });
      return gone.length > 0;
    },
  };

  async function insertBusy(tx: Pick<Db, 'insert'>, importId: string, guideId: string, busy: Range[]) {
    for (let i = 0; i < busy.length; i += BUSY_CHUNK) {
      await tx
        .insert(calendarBusy)
        .values(
          busy.slice(i, i + BUSY_CHUNK).map((b) => ({ importId, guideId, startAt: b.start, endAt: b.end })),
        );
    }
  }
}

export type CalendarsRepository = ReturnType<typeof createCalendarsRepository>;
export type EventRow = NonNullable<Awaited<ReturnType<CalendarsRepository['event']>>>;

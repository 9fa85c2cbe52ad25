import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, reviews } from '../../db/schema/bookings.ts';
import { bookingReminders } from '../../db/schema/push.ts';
import type { Tx } from '../notifications/service.ts';

export type ReminderKind = 'day-before' | 'two-hours' | 'request-expiring' | 'review-prompt';

/** What a reminder's window is made of: the status it needs and the instants it opens and closes at. */
export type Window = {
  kind: ReminderKind;
  status: 'accepted' | 'requested' | 'completed';
  /** The column the window is measured from, and its bounds as offsets from it (ms). */
  from: 'start' | 'expiry' | 'completion';
  opensBeforeMs: number;
  closesBeforeMs: number;
  /** Also needed: the booking was decided (or requested) before the window opened. */
  settledBeforeOpening: boolean;
};

const column = (w: Window) =>
  w.from === 'start' ? bookings.startAt : w.from === 'expiry' ? bookings.expiresAt : bookings.completedAt;

export function createRemindersRepository(db: Db) {
  return {
    /** Bookings whose window is open at `now` and whose reminder of this kind has not gone out. */
    async due(w: Window, now: Date, limit: number): Promise<string[]> {
      const at = column(w);
      const opens = sql`${at} - make_interval(secs => ${w.opensBeforeMs / 1000})`;
      const closes = sql`${at} - make_interval(secs => ${w.closesBeforeMs / 1000})`;
      const rows = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, w.status),
            sql`${opens} <= ${now.toISOString()}::timestamptz`,
            sql`${closes} > ${now.toISOString()}::timestamptz`,
            w.settledBeforeOpening
              ? w.status === 'requested'
                ? sql`${bookings.createdAt} < ${opens}`
                : sql`coalesce(${bookings.decidedAt}, ${bookings.createdAt}) < ${opens}`
              : undefined,
            // A review prompt is for a traveller who has not written their review.
            w.kind === 'review-prompt'
              ? notExists(
                  db
                    .select({ one: sql`1` })
                    .from(reviews)
                    .where(and(eq(reviews.bookingId, bookings.id), eq(reviews.authorId, bookings.touristId))),
                )
              : undefined,
            notExists(
              db
                .select({ one: sql`1` })
                .from(bookingReminders)
                .where(and(eq(bookingReminders.bookingId, bookings.id), eq(bookingReminders.kind, w.kind))),
            ),
          ),
        )
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Claims the reminder in the caller's transaction: true only for the one transaction that inserts its
     * row while the booking (locked) is still in the status the reminder needs.
     */
    async claim(tx: Tx, bookingId: string, kind: ReminderKind, status: string, at: Date): Promise<boolean> {
      const [b] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId))
        .for('update');
      if (b?.status !== status) return false;
      const won = await tx
        .insert(bookingReminders)
        .values({ bookingId, kind, sentAt: at })
        .onConflictDoNothing()
        .returning({ kind: bookingReminders.kind });
      return won.length > 0;
    },

    async status(bookingId: string): Promise<string | null> {
      const [row] = await db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return row?.status ?? null;
    },

    /** The reminders a booking has had (tests and the operator). */
    sent: (bookingId: string) =>
      db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, bookingId)),
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;

import type { Busy } from '@lokal/shared/domain/slots';
import { aliasedTable, and, asc, count, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, calendarBusy } from '../../db/schema/bookings.ts';
import { experiences } from '../../db/schema/experiences.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import type { Tx } from '../idempotency/repository.ts';

export type BookingRow = typeof bookings.$inferSelect;
type Status = BookingRow['status'];

const guideUser = aliasedTable(users, 'guide_user');
const DAY_MS = 86_400_000;
/** Every change of a booking raises its calendar event's SEQUENCE (decision 096). */
const nextSequence = sql`${bookings.sequence} + 1`;

/** PostgreSQL's exclusion_violation: the guide already holds a booking at that time. */
function isOverlap(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23P01' || e?.cause?.code === '23P01';
}

/** A guide's tour count on cards is the number of completed bookings. */
export async function refreshTotalTours(tx: Pick<Db, 'execute'>, guideIds: string[]): Promise<void> {
  const ids = [...new Set(guideIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${guideProfiles} set total_tours = (
      select count(*) from ${bookings} b where b.guide_id = guide_profiles.user_id and b.status = 'completed'
    )
    where user_id = any(${sql.param(ids)}::uuid[])`);
}

/** The lists a member's bookings fall under (docs/product.md#booking-states). */
export type BookingScope = 'upcoming' | 'past' | 'cancelled';
export type BookingCursor = { s: BookingScope; at: string; id: string };

/**
 * Work a write does in its own transaction: `first` before anything else, `last` with the written row (an
 * Idempotency-Key's claim and stored answer, decision 086).
 */
export type InTransaction = {
  first(tx: Tx): Promise<void>;
  last(tx: Tx, row: BookingRow): Promise<void>;
};

/** Posts the ledger's entries of a booking change in its transaction (decision 095). */
export type Posting = (tx: Tx, row: BookingRow) => Promise<void>;

export function createBookingsRepository(db: Db) {
  // A booking with the names, photos and the guide's city the screens show.
  const withPeople = (conn: Db | Tx = db) =>
    conn
      .select({
        booking: bookings,
        guideFirst: guideProfiles.firstName,
        guideLast: guideProfiles.lastName,
        guideImage: guideProfiles.image,
        city: guideProfiles.city,
        touristFirst: touristProfiles.firstName,
        touristLast: touristProfiles.lastName,
        touristImage: touristProfiles.image,
        // The start as PostgreSQL's text (microseconds kept), for the list's cursor.
        cursorAt: sql<string>`${bookings.startAt}::text`,
      })
      .from(bookings)
      .innerJoin(guideProfiles, eq(guideProfiles.userId, bookings.guideId))
      .innerJoin(touristProfiles, eq(touristProfiles.userId, bookings.touristId));

  /** A page of the user's bookings in the scope's order (start, then id), after the cursor (decision 039). */
  const preparePage = (scope: BookingScope, after: boolean) => {
    const p = sql.placeholder;
    const mine = sql`(${bookings.touristId} = ${p('userId')}::uuid or ${bookings.guideId} = ${p('userId')}::uuid)`;
    const open = inArray(bookings.status, ['requested', 'accepted']);
    const now = sql`${p('now')}::timestamptz`;
    const keys = sql`(${bookings.startAt}, ${bookings.id})`;
    const cursor = sql`(${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)`;
    const name = `bookings_${scope}${after ? '_after' : ''}`;
    if (scope === 'upcoming') {
      return withPeople()
        .where(and(mine, open, sql`${bookings.endAt} > ${now}`, after ? sql`${keys} > ${cursor}` : undefined))
        .orderBy(asc(bookings.startAt), asc(bookings.id))
        .limit(p('limit'))
        .prepare(name);
    }
    // Cancelled and declined bookings are listed apart, whenever they were to start: a cancelled trip next week
    // is not a trip taken. Past is what ended (completed, or open and over until the sweep closes it).
    const ended = or(eq(bookings.status, 'completed'), and(open, sql`${bookings.endAt} <= ${now}`));
    const called = inArray(bookings.status, ['cancelled', 'declined']);
    return withPeople()
      .where(and(mine, scope === 'past' ? ended : called, after ? sql`${keys} < ${cursor}` : undefined))
      .orderBy(desc(bookings.startAt), desc(bookings.id))
      .limit(p('limit'))
      .prepare(name);
  };
  const pageStatements = {
    upcoming: preparePage('upcoming', false),
    'upcoming-after': preparePage('upcoming', true),
    past: preparePage('past', false),
    'past-after': preparePage('past', true),
    cancelled: preparePage('cancelled', false),
    'cancelled-after': preparePage('cancelled', true),
  };

  return {
    /** The experience with its guide, whether the guide is listed and auto-accepts. */
    async experience(experienceId: string) {
      const [row] = await db
        .select({
          experience: experiences,
          profile: guideProfiles,
          autoAccept: guideUser.autoAcceptBookings,
          onboarded: guideUser.onboardingCompleted,
        })
        .from(experiences)
        .innerJoin(guideProfiles, eq(guideProfiles.userId, experiences.guideId))
        .innerJoin(guideUser, eq(guideUser.id, experiences.guideId))
        .where(and(eq(experiences.id, experienceId), eq(guideUser.role, 'guide')));
      return row ?? null;
    },

    async tourist(touristId: string) {
      const [row] = await db
        .select({ profile: touristProfiles, currency: users.currency })
        .from(touristProfiles)
        .innerJoin(users, eq(users.id, touristProfiles.userId))
        .where(eq(touristProfiles.userId, touristId));
      return row ?? null;
    },

    /**
     * Inserts the booking after `recheck` approves, in one transaction that holds the tourist and the guide: the
     * tourist's open requests and the guide's bookings around the start cannot change between the check and the
     * insert. Returns the row, or the refusal `recheck` gave; 'slot-taken' when the exclusion constraint refuses.
     */
    async insert<R extends string>(
      values: typeof bookings.$inferInsert,
      recheck: (state: { pending: number; busy: Busy[]; imported: Busy[] }) => R | null,
      post: Posting,
      inTx?: InTransaction,
    ): Promise<BookingRow | R | 'slot-taken'> {
      try {
        return await db.transaction(async (tx) => {
          // The key first: a duplicate waits here, never while holding the tourist (decision 086).
          await inTx?.first(tx);
          // Always the tourist first, then the guide: nobody waits for a tourist while holding a guide.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${values.touristId}, 2))`);
          // Two inserts that conflict on a GiST exclusion constraint can deadlock each other (each waits for
          // the other's row): one lock per guide makes the later one wait, then fail cleanly with 23P01.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${values.guideId}, 0))`);
          const [open] = await tx
            .select({ n: count() })
            .from(bookings)
            .where(and(eq(bookings.touristId, values.touristId), eq(bookings.status, 'requested')));
          const start = values.startAt;
          const busy = await tx
            .select({ start: bookings.startAt, end: bookings.endAt })
            .from(bookings)
            .where(
              and(
                eq(bookings.guideId, values.guideId),
                inArray(bookings.status, ['requested', 'accepted']),
                lt(bookings.startAt, new Date(start.getTime() + 3 * DAY_MS)),
                gt(bookings.endAt, new Date(start.getTime() - 3 * DAY_MS)),
              ),
            );
          // The busy times of the guide's imported calendars around the start (docs/product.md#calendars).
          const imported = await tx
            .select({ start: calendarBusy.startAt, end: calendarBusy.endAt })
            .from(calendarBusy)
            .where(
              and(
                eq(calendarBusy.guideId, values.guideId),
                lt(calendarBusy.startAt, new Date(start.getTime() + 3 * DAY_MS)),
                gt(calendarBusy.endAt, new Date(start.getTime() - 3 * DAY_MS)),
              ),
            );
          const refusal = recheck({ pending: open?.n ?? 0, busy, imported });
          if (refusal) return refusal;
          const [row] = await tx.insert(bookings).values(values).returning();
          await post(tx, row!);
          await inTx?.last(tx, row!);
          return row!;
        });
      } catch (err) {
        if (isOverlap(err)) return 'slot-taken';
        throw err;
      }
    },

    /** One booking with its people; inside a transaction when given one. */
    async withPeopleById(id: string, tx?: Tx) {
      const [row] = await withPeople(tx).where(eq(bookings.id, id));
      return row ?? null;
    },

    /** A page of the user's bookings in the scope's order (start, then id), after the cursor (decision 039). */
    async forUser(
      userId: string,
      scope: BookingScope,
      now: Date,
      page: { limit: number; cursor: BookingCursor | null },
    ) {
      const statement = pageStatements[`${scope}${page.cursor ? '-after' : ''}`];
      return statement.execute({
        userId,
        now: now.toISOString(),
        limit: page.limit,
        ...(page.cursor ? { cursorAt: page.cursor.at, cursorId: page.cursor.id } : {}),
      });
    },

    /**
     * Moves a booking from `from` to `to` only if it is still in `from`: two people acting at once cannot both
     * win. Null when it had already changed.
     */
    async transition(
      id: string,
      from: Status,
      to: Status,
      fields: Partial<typeof bookings.$inferInsert>,
      at: Date,
      post: Posting,
      inTx?: InTransaction,
    ): Promise<BookingRow | null> {
      return db.transaction(async (tx) => {
        await inTx?.first(tx);
        const [row] = await tx
          .update(bookings)
          .set({ ...fields, status: to, updatedAt: at, sequence: nextSequence })
          .where(and(eq(bookings.id, id), eq(bookings.status, from)))
          .returning();
        if (!row) return null;
        await post(tx, row);
        await inTx?.last(tx, row);
        return row;
      });
    },

    /**
     * Accepted bookings whose end has passed become completed; each row is claimed by one instance only. A
     * ledgered booking's earnings are paid out 24 hours later (`payoutDueAt`).
     */
    async completeDue(now: Date, payoutDueAt: Date, post: Posting): Promise<BookingRow[]> {
      return db.transaction(async (tx) => {
        const done = await tx
          .update(bookings)
          .set({
            status: 'completed',
            completedAt: now,
            updatedAt: now,
            sequence: nextSequence,
            payoutDueAt: sql`case when ${bookings.payment} = 'settle-with-guide' then null else ${payoutDueAt.toISOString()}::timestamptz end`,
          })
          .where(and(eq(bookings.status, 'accepted'), lte(bookings.endAt, now)))
          .returning();
        for (const b of done) await post(tx, b);
        await refreshTotalTours(
          tx,
          done.map((b) => b.guideId),
        );
        return done;
      });
    },

    /**
     * Requests nobody answered in time (24 hours, or before the start if sooner) are declined: the slot is
     * free and a ledgered booking's hold is released.
     */
    async expireDue(now: Date, reason: string, post: Posting): Promise<BookingRow[]> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(bookings)
          .set({
            status: 'declined',
            cancelReason: reason,
            decidedAt: now,
            updatedAt: now,
            sequence: nextSequence,
            payment: sql`case when ${bookings.payment} = 'settle-with-guide' then ${bookings.payment} else 'released' end`,
          })
          .where(
            and(
              eq(bookings.status, 'requested'),
              or(lte(bookings.expiresAt, now), lte(bookings.startAt, now)),
            ),
          )
          .returning();
        for (const b of expired) await post(tx, b);
        return expired;
      });
    },

    /**
     * Pays out the guide's earnings of bookings due (decision 040's payout job): each row is claimed by one
     * `UPDATE … RETURNING`, so a payout is made once however many instances run.
     */
    async payOutDue(now: Date, post: Posting, limit = 100): Promise<BookingRow[]> {
      return db.transaction(async (tx) => {
        const due = tx
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              lte(bookings.payoutDueAt, now),
              sql`${bookings.payment} <> 'paid-out'`,
              sql`${bookings.payment} <> 'settle-with-guide'`,
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true });
        const paid = await tx
          .update(bookings)
          .set({ payment: 'paid-out', updatedAt: now })
          .where(inArray(bookings.id, due))
          .returning();
        for (const b of paid) await post(tx, b);
        return paid;
      });
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;

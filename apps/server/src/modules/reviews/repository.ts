import { REVIEW_WINDOW_DAYS } from '@lokal/shared/constants/reviews';
import { and, eq, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideVisibleToTravellers } from '../../db/guide-visibility.ts';
import { perShape } from '../../db/prepared.ts';
import { bookings, reviews } from '../../db/schema/bookings.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type ReviewCursor = { at: string; id: string };

const WINDOW = sql.raw(`interval '${REVIEW_WINDOW_DAYS} days'`);
// A completed booking's completion time (end time as a fallback, should completed_at ever be missing).
const completedAt = sql`coalesce(${bookings.completedAt}, ${bookings.endAt})`;

// The author as a review shows them: first name and photo from whichever profile they have.
const authorColumns = {
  authorRole: users.role,
  authorFirst: sql<string>`coalesce(${guideProfiles.firstName}, ${touristProfiles.firstName}, split_part(coalesce(${users.displayName}, ''), ' ', 1))`,
  authorImage: sql<string | null>`coalesce(${guideProfiles.image}, ${touristProfiles.image})`,
};

/** Sets each person's rating (1 decimal) and count from their published reviews (the seed uses it too). */
export async function recomputeRatings(tx: Pick<Db, 'execute'>, subjectIds: string[]): Promise<void> {
  const ids = [...new Set(subjectIds)];
  if (ids.length === 0) return;
  const published = (owner: SQL) =>
    sql`from ${reviews} r where r.subject_id = ${owner} and r.published_at is not null`;
  await tx.execute(sql`
    update ${guideProfiles} set
      rating = coalesce((select round(avg(r.rating)::numeric, 1) ${published(sql`guide_profiles.user_id`)}), 0),
      reviews = (select count(*) ${published(sql`guide_profiles.user_id`)})
    where user_id = any(${sql.param(ids)}::uuid[])`);
  // A tourist's count is kept by a trigger on reviews (docs/decisions/079-read-models.md).
  await tx.execute(sql`
    update ${touristProfiles} set
      rating = coalesce((select round(avg(r.rating)::numeric, 1) ${published(sql`tourist_profiles.user_id`)}), 0)
    where user_id = any(${sql.param(ids)}::uuid[])`);
}

export function createReviewsRepository(db: Db) {
  /**
   * Rating (1 decimal) and count over a person's published reviews (of one experience, when `experience` is
   * given): the one aggregate both the summary and the guide's summary read.
   */
  const summaryOf = (subject: SQL, experience?: SQL) =>
    db
      .select({
        rating: sql<number>`coalesce(round(avg(${reviews.rating})::numeric, 1), 0)::float8`.as('rating'),
        count: sql<number>`count(*)::int`.as('count'),
      })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(and(sql`${reviews.subjectId} = ${subject}`, isNotNull(reviews.publishedAt), experience));
  // Every guide and experience page asks these: one prepared statement per shape, built on first use.
  const p = sql.placeholder;
  const ofExperience = (shape: string) =>
    shape.includes('e') ? sql`${bookings.experienceId} = ${p('experienceId')}::uuid` : undefined;
  function prepareList(shape: string) {
    return db
      .select({
        review: reviews,
        tourName: bookings.tourName,
        ...authorColumns,
        cursorAt: sql<string | null>`${reviews.publishedAt}::text`,
      })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .innerJoin(users, eq(users.id, reviews.authorId))
      .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
      .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
      .where(
        and(
          sql`${reviews.subjectId} = ${p('subjectId')}::uuid`,
          isNotNull(reviews.publishedAt),
          ofExperience(shape),
          shape.includes('c')
            ? sql`(${reviews.publishedAt}, ${reviews.id}) < (${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(sql`${reviews.publishedAt} desc`, sql`${reviews.id} desc`)
      .limit(p('limit'))
      .prepare(`reviews_list_${shape || 'all'}`);
  }
  function prepareSummary(shape: string) {
    return summaryOf(sql`${p('subjectId')}::uuid`, ofExperience(shape)).prepare(
      `reviews_summary_${shape || 'all'}`,
    );
  }
  const reviewStatements = { list: perShape(prepareList), summary: perShape(prepareSummary) };
  // The guide's reviews page asks this every time: whether the viewer may see them, and the summary.
  const summary = summaryOf(sql`${guideProfiles.userId}`).as('s');
  const guideSummaryStatement = db
    .select({ rating: sql<number>`s.rating`, count: sql<number>`s.count` })
    .from(guideProfiles)
    .crossJoinLateral(summary)
    .where(
      sql`${guideProfiles.userId} = ${p('guideId')}::uuid and (${p('own')}::boolean or ${guideVisibleToTravellers})`,
    )
    .prepare('reviews_guide_summary');

  return {
    /** The booking, only when this user is its tourist or its guide. */
    async bookingFor(bookingId: string, userId: string) {
      const [row] = await db
        .select({
          id: bookings.id,
          touristId: bookings.touristId,
          guideId: bookings.guideId,
          status: bookings.status,
          tourName: bookings.tourName,
          completedAt: bookings.completedAt,
          endAt: bookings.endAt,
        })
        .from(bookings)
        .where(
          and(eq(bookings.id, bookingId), or(eq(bookings.touristId, userId), eq(bookings.guideId, userId))),
        );
      if (!row) return null;
      const { endAt, ...rest } = row;
      return { ...rest, completedAt: row.status === 'completed' ? (row.completedAt ?? endAt) : null };
    },

    /** A person's first name and role (the other participant of a booking). */
    async person(userId: string) {
      const [row] = await db
        .select({ id: users.id, firstName: authorColumns.authorFirst, role: users.role })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** Both reviews of a booking (zero, one or two), with their authors. */
    async ofBooking(bookingId: string) {
      return db
        .select({ review: reviews, tourName: bookings.tourName, ...authorColumns })
        .from(reviews)
        .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
        .innerJoin(users, eq(users.id, reviews.authorId))
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
        .where(eq(reviews.bookingId, bookingId));
    },

    /**
     * Writes one side's review. The booking row is locked so the two sides writing at once are serialised:
     * the second always sees the first and publishes both. `created` is false when this author already wrote.
     */
    async insert(input: {
      bookingId: string;
      authorId: string;
      subjectId: string;
      rating: number;
      text: string;
      now: Date;
    }): Promise<{ created: boolean; published: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${bookings} where id = ${input.bookingId} for update`);
        const inserted = await tx
          .insert(reviews)
          .values({
            bookingId: input.bookingId,
            authorId: input.authorId,
            subjectId: input.subjectId,
            rating: input.rating,
            text: input.text,
            createdAt: input.now,
          })
          .onConflictDoNothing()
          .returning({ id: reviews.id });
        if (inserted.length === 0) return { created: false, published: false };
        const [other] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.bookingId, input.bookingId), ne(reviews.authorId, input.authorId)));
        if (!other) return { created: true, published: false };
        // Both sides wrote: publish the two together.
        const done = await tx
          .update(reviews)
          .set({ publishedAt: input.now })
          .where(and(eq(reviews.bookingId, input.bookingId), sql`${reviews.publishedAt} is null`))
          .returning({ subjectId: reviews.subjectId });
        await recomputeRatings(
          tx,
          done.map((d) => d.subjectId),
        );
        return { created: true, published: true };
      });
    },

    /**
     * Publishes what is due and refreshes the figures of whoever it concerns; returns how many were published.
     * Due: 14 days after completion (published as of that moment), or both sides wrote (a safety net; writing
     * the second review publishes both already). Scoped to some subjects or one booking before a read,
     * everything on the interval.
     */
    async publishDue(now: Date, scope: { subjectIds?: string[]; bookingId?: string } = {}): Promise<number> {
      if (scope.subjectIds && scope.subjectIds.length === 0) return 0;
      const where: SQL[] = [sql`r.published_at is null`];
      if (scope.subjectIds) where.push(sql`r.subject_id = any(${sql.param(scope.subjectIds)}::uuid[])`);
      if (scope.bookingId) where.push(sql`r.booking_id = ${scope.bookingId}`);
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          update ${reviews} r set published_at = case
              when ${completedAt} + ${WINDOW} <= ${now.toISOString()}::timestamptz then ${completedAt} + ${WINDOW}
              else ${now.toISOString()}::timestamptz end
          from ${bookings}
          where ${bookings.id} = r.booking_id and ${and(...where)}
            and (${completedAt} + ${WINDOW} <= ${now.toISOString()}::timestamptz
              or exists (select 1 from ${reviews} o where o.booking_id = r.booking_id and o.author_id <> r.author_id))
          returning r.subject_id`);
        const rows = (result as unknown as { rows: { subject_id: string }[] }).rows;
        await recomputeRatings(
          tx,
          rows.map((r) => r.subject_id),
        );
        return rows.length;
      });
    },

    /**
     * Published reviews of one person (of one of their experiences, if given), newest first, keyset-paged by
     * (published_at, id) from reviews_subject_idx.
     */
    async listFor(subjectId: string, limit: number, cursor: ReviewCursor | null, experienceId?: string) {
      const shape = `${experienceId ? 'e' : ''}${cursor ? 'c' : ''}`;
      return reviewStatements.list(shape).execute({
        subjectId,
        limit,
        ...(experienceId ? { experienceId } : {}),
        ...(cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {}),
      });
    },

    /** Rating (1 decimal) and count over a person's published reviews (of one of their experiences, if given). */
    async summaryFor(subjectId: string, experienceId?: string): Promise<{ rating: number; count: number }> {
      const [row] = await reviewStatements
        .summary(experienceId ? 'e' : '')
        .execute({ subjectId, ...(experienceId ? { experienceId } : {}) });
      return { rating: Number(row?.rating ?? 0), count: row?.count ?? 0 };
    },

    /**
     * A guide's summary (as summaryFor) when their reviews may be shown to this viewer, else null: one
     * statement for the visibility check and the summary (the guide's reviews page asks both every time).
     */
    async guideSummary(
      guideId: string,
      viewer: { id: string; role: string } | null,
    ): Promise<{ rating: number; count: number } | null> {
      const own = viewer?.id === guideId || viewer?.role === 'staff';
      const [row] = await guideSummaryStatement.execute({ guideId, own });
      return row ? { rating: Number(row.rating), count: Number(row.count) } : null;
    },

    async touristExists(touristId: string): Promise<boolean> {
      const rows = await db
        .select({ id: touristProfiles.userId })
        .from(touristProfiles)
        .where(eq(touristProfiles.userId, touristId));
      return rows.length > 0;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

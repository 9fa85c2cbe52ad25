import type { AvailabilityInput, ExperienceInput } from '@lokal/shared/schemas/experiences';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideVisibleToTravellers } from '../../db/guide-visibility.ts';
import { ownPhoto } from '../../db/own-photo.ts';
import { bookings, calendarBusy, reviews } from '../../db/schema/bookings.ts';
import {
  availabilityExceptions,
  experiencePhotos,
  experiences,
  guideAvailability,
  type WeeklyRanges,
} from '../../db/schema/experiences.ts';
import { guideProfiles, type TourTypeOffer } from '../../db/schema/profiles.ts';

export type ExperienceRow = typeof experiences.$inferSelect;
type Executor = Pick<Db, 'execute' | 'select'>;

/** The experience's columns from what the guide wrote. */
function columns(input: ExperienceInput) {
  return {
    title: input.title,
    category: input.category,
    summary: input.summary ?? '',
    description: input.description ?? '',
    durationMinutes: Number(input.durationMinutes),
    priceMode: input.priceMode,
    price: Number(input.price),
    currency: input.currency,
    minGroup: Number(input.minGroup),
    maxGroup: Number(input.maxGroup),
    languages: [...input.languages],
    meetingAddress: input.meetingPoint.address,
    meetingLat: input.meetingPoint.lat ?? null,
    meetingLng: input.meetingPoint.lng ?? null,
    included: input.included ?? [],
    notIncluded: input.notIncluded ?? [],
    cancellationPolicy: input.cancellationPolicy,
    bookingMode: input.bookingMode,
  };
}

// Written out in full: in a one-table query Drizzle names a column without its table, which the subqueries
// below would read as their own.
const ID = sql.raw('"experiences"."id"');
const GUIDE = sql.raw('"experiences"."guide_id"');
// The rating of one experience: the published reviews of the guide written about bookings of it.
const ratingOf = sql<{ average: number; count: number }>`(
  select json_build_object('average', coalesce(round(avg(r.rating)::numeric, 1), 0), 'count', count(*))
  from ${reviews} r join ${bookings} b on b.id = r.booking_id
  where b.experience_id = ${ID} and r.subject_id = ${GUIDE} and r.published_at is not null
)`;
const firstPhoto = sql<string | null>`(
  select p.file from ${experiencePhotos} p where p.experience_id = ${ID} order by p.position limit 1
)`;
const photoCount = sql<number>`(select count(*)::int from ${experiencePhotos} p where p.experience_id = ${ID})`;

export function createExperiencesRepository(db: Db) {
  const cards = () =>
    db.select({ experience: experiences, rating: ratingOf, photo: firstPhoto, photoCount }).from(experiences);
  // The guide page asks this on every visit: built once per shape, then only executed.
  const preparePublished = (anyGuide: boolean) =>
    cards()
      .innerJoin(guideProfiles, eq(guideProfiles.userId, experiences.guideId))
      .where(
        and(
          sql`${experiences.guideId} = ${sql.placeholder('guideId')}::uuid`,
          eq(experiences.status, 'published'),
          anyGuide ? undefined : guideVisibleToTravellers,
        ),
      )
      .orderBy(asc(experiences.createdAt))
      .limit(100)
      .prepare(anyGuide ? 'experiences_published_any' : 'experiences_published');
  const publishedStatements = { listed: preparePublished(false), any: preparePublished(true) };
  // A guide's experiences and schedule screens ask these on every visit: built once, then only executed.
  const guideParam = sql`${sql.placeholder('guideId')}::uuid`;
  const mineStatement = cards()
    .where(sql`${experiences.guideId} = ${guideParam}`)
    .orderBy(desc(experiences.createdAt))
    .limit(100)
    .prepare('experiences_mine');
  const rulesStatement = db
    .select()
    .from(guideAvailability)
    .where(sql`${guideAvailability.guideId} = ${guideParam}`)
    .prepare('availability_rules');
  const exceptionsStatement = db
    .select({
      date: availabilityExceptions.date,
      kind: availabilityExceptions.kind,
      ranges: availabilityExceptions.ranges,
    })
    .from(availabilityExceptions)
    .where(sql`${availabilityExceptions.guideId} = ${guideParam}`)
    .orderBy(asc(availabilityExceptions.date))
    .prepare('availability_exceptions');
  const cityStatement = db
    .select({ city: guideProfiles.city })
    .from(guideProfiles)
    .where(sql`${guideProfiles.userId} = ${guideParam}`)
    .prepare('guide_city');

  async function photosOf(experienceId: string, tx: Executor = db) {
    return tx
      .select({ id: experiencePhotos.id, file: experiencePhotos.file })
      .from(experiencePhotos)
      .where(eq(experiencePhotos.experienceId, experienceId))
      .orderBy(asc(experiencePhotos.position), asc(experiencePhotos.createdAt));
  }

  return {
    photosOf,

    async mine(guideId: string) {
      return mineStatement.execute({ guideId });
    },

    /** Published experiences of a guide travellers can see; `anyGuide` also for a hidden guide (owner, staff). */
    async published(guideId: string, anyGuide = false) {
      return publishedStatements[anyGuide ? 'any' : 'listed'].execute({ guideId });
    },

    async countOf(guideId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(experiences).where(eq(experiences.guideId, guideId));
      return row?.n ?? 0;
    },

    /** One experience with its guide's card and whether travellers may see the guide. */
    async byId(id: string) {
      const [row] = await db
        .select({
          experience: experiences,
          rating: ratingOf,
          guide: {
            slug: guideProfiles.slug,
            firstName: guideProfiles.firstName,
            lastName: guideProfiles.lastName,
            image: guideProfiles.image,
            city: guideProfiles.city,
            verified: guideProfiles.verified,
            rating: guideProfiles.rating,
            reviews: guideProfiles.reviews,
            listed: guideVisibleToTravellers,
          },
        })
        .from(experiences)
        .innerJoin(guideProfiles, eq(guideProfiles.userId, experiences.guideId))
        .where(eq(experiences.id, id));
      if (!row) return null;
      return { ...row, photos: await photosOf(id) };
    },

    async create(guideId: string, input: ExperienceInput, at: Date): Promise<string> {
      const [row] = await db
        .insert(experiences)
        .values({ guideId, ...columns(input), status: 'draft', createdAt: at, updatedAt: at })
        .returning({ id: experiences.id });
      return row!.id;
    },

    async update(id: string, guideId: string, input: ExperienceInput, at: Date): Promise<boolean> {
      const rows = await db
        .update(experiences)
        .set({ ...columns(input), updatedAt: at })
        .where(and(eq(experiences.id, id), eq(experiences.guideId, guideId)))
        .returning({ id: experiences.id });
      return rows.length > 0;
    },

    async setStatus(
      id: string,
      guideId: string,
      status: ExperienceRow['status'],
      at: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(experiences)
        .set({ status, updatedAt: at })
        .where(and(eq(experiences.id, id), eq(experiences.guideId, guideId)))
        .returning({ id: experiences.id });
      return rows.length > 0;
    },

    /** Deletes the experience; its photos' files are returned so the caller can remove them. */
    async remove(id: string, guideId: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const files = await photosOf(id, tx);
        const rows = await tx
          .delete(experiences)
          .where(and(eq(experiences.id, id), eq(experiences.guideId, guideId)))
          .returning({ id: experiences.id });
        return rows.length ? files.map((f) => f.file) : null;
      });
    },

    /** Adds a photo at the end unless the experience already has `max`; false when full. */
    async addPhoto(experienceId: string, file: string, max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        // One upload at a time per experience, so two parallel uploads cannot both take the last place.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${experienceId}, 1))`);
        const [row] = await tx
          .select({ n: count(), last: sql<number>`coalesce(max(${experiencePhotos.position}), -1)` })
          .from(experiencePhotos)
          .where(eq(experiencePhotos.experienceId, experienceId));
        if ((row?.n ?? 0) >= max) return false;
        await tx
          .insert(experiencePhotos)
          .values({ experienceId, file, position: Number(row?.last ?? -1) + 1 });
        return true;
      });
    },

    async removePhoto(experienceId: string, photoId: string): Promise<string | null> {
      const [row] = await db
        .delete(experiencePhotos)
        .where(and(eq(experiencePhotos.id, photoId), eq(experiencePhotos.experienceId, experienceId)))
        .returning({ file: experiencePhotos.file });
      return row?.file ?? null;
    },

    /** Puts the photos in the given order; false unless the ids are exactly the experience's photos. */
    async reorder(experienceId: string, photoIds: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await photosOf(experienceId, tx);
        const known = new Set(current.map((p) => p.id));
        if (photoIds.length !== known.size || photoIds.some((id) => !known.has(id))) return false;
        for (const [position, id] of photoIds.entries()) {
          await tx.update(experiencePhotos).set({ position }).where(eq(experiencePhotos.id, id));
        }
        return true;
      });
    },

    /** Whether the guide's profile picture is one they uploaded, not the drawn avatar (decision 093). */
    async hasOwnPhoto(guideId: string): Promise<boolean> {
      const [row] = await db
        .select({ own: ownPhoto(guideProfiles.image) })
        .from(guideProfiles)
        .where(eq(guideProfiles.userId, guideId));
      return row?.own === true;
    },

    async availability(guideId: string) {
      // Asked together: both go to the database in one write.
      const [[rules], exceptions] = await Promise.all([
        rulesStatement.execute({ guideId }),
        exceptionsStatement.execute({ guideId }),
      ]);
      return { rules: rules ?? null, exceptions };
    },

    /** Replaces the guide's schedule, settings and exceptions in one transaction. */
    async saveAvailability(guideId: string, input: AvailabilityInput, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const values = {
          weekly: input.weekly as WeeklyRanges,
          noticeHours: input.noticeHours,
          bufferMinutes: input.bufferMinutes,
          maxPerDay: input.maxPerDay,
          updatedAt: at,
        };
        await tx
          .insert(guideAvailability)
          .values({ guideId, ...values })
          .onConflictDoUpdate({ target: guideAvailability.guideId, set: values });
        await tx.delete(availabilityExceptions).where(eq(availabilityExceptions.guideId, guideId));
        if (input.exceptions.length) {
          await tx.insert(availabilityExceptions).values(
            input.exceptions.map((e) => ({
              guideId,
              date: e.date,
              kind: e.kind,
              ranges: e.kind === 'extra' ? e.ranges : [],
            })),
          );
        }
      });
    },

    /**
     * Everything the slots of one experience depend on, in one round trip: the experience, its guide's city and
     * visibility, the availability rules, the exceptions between two local dates and the bookings that overlap
     * [from, to).
     */
    async slotInputs(
      id: string,
      window: { from: Date; to: Date; fromDate: string; toDate: string; now: Date },
    ) {
      const result = await db.execute(sql`
        select e.guide_id as "guideId", e.status, e.duration_minutes as "durationMinutes", ${guideProfiles.city} as city,
          ${guideVisibleToTravellers} as listed,
          ga.weekly, ga.notice_hours as "noticeHours", ga.buffer_minutes as "bufferMinutes", ga.max_per_day as "maxPerDay",
          coalesce((
            select json_agg(json_build_object('date', x.date, 'kind', x.kind, 'ranges', x.ranges))
            from ${availabilityExceptions} x
            where x.guide_id = e.guide_id and x.date between ${window.fromDate} and ${window.toDate}
          ), '[]'::json) as exceptions,
          coalesce((
            select json_agg(json_build_object('start', b.start_at, 'end', b.end_at))
            from ${bookings} b
            where b.guide_id = e.guide_id and b.status in ('requested', 'accepted')
              -- A request past its expiry holds nothing, even before the sweep declines it.
              and not (b.status = 'requested' and b.expires_at <= ${window.now.toISOString()}::timestamptz)
              and b.start_at < ${window.to.toISOString()}::timestamptz and b.end_at > ${window.from.toISOString()}::timestamptz
          ), '[]'::json) as busy,
          coalesce((
            select json_agg(json_build_object('start', c.start_at, 'end', c.end_at))
            from ${calendarBusy} c
            where c.guide_id = e.guide_id
              and c.start_at < ${window.to.toISOString()}::timestamptz and c.end_at > ${window.from.toISOString()}::timestamptz
          ), '[]'::json) as imported
        from ${experiences} e
        join ${guideProfiles} on ${guideProfiles.userId} = e.guide_id
        left join ${guideAvailability} ga on ga.guide_id = e.guide_id
        where e.id = ${id}`);
      const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
      if (!row) return null;
      const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
      return {
        guideId: row.guideId as string,
        status: row.status as ExperienceRow['status'],
        durationMinutes: Number(row.durationMinutes),
        city: row.city as string,
        listed: Boolean(row.listed),
        rules: row.weekly
          ? {
              weekly: parse<WeeklyRanges>(row.weekly),
              noticeHours: Number(row.noticeHours),
              bufferMinutes: Number(row.bufferMinutes),
              maxPerDay: Number(row.maxPerDay),
            }
          : null,
        exceptions: parse<
          { date: string; kind: 'blocked' | 'extra'; ranges: { start: string; end: string }[] }[]
        >(row.exceptions),
        busy: parse<{ start: string; end: string }[]>(row.busy).map((b) => ({
          start: new Date(b.start),
          end: new Date(b.end),
        })),
        // The busy times of the guide's imported calendars (docs/product.md#calendars).
        imported: parse<{ start: string; end: string }[]>(row.imported).map((b) => ({
          start: new Date(b.start),
          end: new Date(b.end),
        })),
      };
    },

    /** Discovery cards show a guide's published experiences as tour types (title, duration, USD price). */
    async refreshGuideOffer(
      guideId: string,
      toUsd: (price: number, currency: string) => number,
      label: (m: number) => string,
    ) {
      const rows = await db
        .select()
        .from(experiences)
        .where(and(eq(experiences.guideId, guideId), eq(experiences.status, 'published')))
        .orderBy(asc(experiences.createdAt));
      const offers: TourTypeOffer[] = rows.map((e) => {
        // A group price is shown per person for the smallest group it is sold to.
        const amount = e.priceMode === 'person' ? e.price : Math.round(e.price / e.minGroup);
        return {
          name: e.title,
          duration: label(e.durationMinutes),
          price: toUsd(amount, e.currency),
          amount,
          currency: e.currency,
        };
      });
      const prices = offers.map((o) => o.price);
      await db
        .update(guideProfiles)
        .set({
          tourTypes: offers,
          ...(prices.length ? { priceMin: Math.min(...prices), priceMax: Math.max(...prices) } : {}),
        })
        .where(eq(guideProfiles.userId, guideId));
    },

    async guideCity(guideId: string): Promise<string | null> {
      const [row] = await cityStatement.execute({ guideId });
      return row?.city ?? null;
    },
  };
}

/** Turns a guide's stored tour types into experiences (the migration's function; see docs/product.md#experiences). */
export async function adoptTourTypes(
  db: Pick<Db, 'execute'>,
  guideId: string | null,
  publish: boolean,
): Promise<void> {
  await db.execute(sql`select lokal_adopt_tour_types(${guideId}::uuid, ${publish})`);
}

export type ExperiencesRepository = ReturnType<typeof createExperiencesRepository>;

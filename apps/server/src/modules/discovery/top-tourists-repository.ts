import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/bookings.ts';
import { conversations } from '../../db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { type ListCity, listCitySql, touristOf, touristRowColumns } from './tourist-rows.ts';

// The top 3 of a guide's city (docs/product.md#top-3-ranking): the ranking score the tourist-ranking job keeps
// (a read model of a plain value, docs/decisions/079-read-models.md) and the lists read by it.

const tp = touristProfiles;

/** How many of a tourist's newest published reviews their profile shows (docs/product.md#tourist-profiles). */
export const RECENT_REVIEWS = 3;

/** A tourist's newest published reviews, as the profile shows them, read with the row. */
const recentReviewsOf = (tourist: SQL | typeof tp.userId) =>
  sql<{ rating: number; reviewer: string; text: string }[]>`(select coalesce(json_agg(json_build_array(
      x.rating, x.reviewer, x.text) order by x.published_at desc, x.id desc), '[]')
    from (select r.id, r.published_at, r.rating, r.text, coalesce(gp.first_name, rt.first_name, '') as reviewer
      from ${reviews} r
      left join ${guideProfiles} gp on gp.user_id = r.author_id
      left join ${tp} rt on rt.user_id = r.author_id
      where r.subject_id = ${tourist} and r.published_at is not null
      order by r.published_at desc, r.id desc
      limit ${sql.raw(String(RECENT_REVIEWS))}) x)`.mapWith((v: [number, string, string][]) =>
    v.map(([rating, reviewer, text]) => ({ rating, reviewer, text })),
  );

export function createTopTouristsRepository(db: Db) {
  const p = sql.placeholder;
  // The top 3 carries each tourist's newest reviews (their profile shows them); the list of those open to
  // new guides is only asked whom an unverified guide may contact.
  const prepareTop = <R extends boolean>(
    openToNew: boolean,
    withReviews: R,
    by: 'city' | 'guide',
    name: string,
  ) =>
    db
      .select({
        ...touristRowColumns(sql`${p('since')}::timestamptz`),
        recentReviews: (withReviews ? recentReviewsOf(sql`${tp}.user_id`) : sql`null`) as SQL<
          R extends true ? { rating: number; reviewer: string; text: string }[] : null
        >,
      })
      .from(tp)
      .where(
        and(
          ...touristOf(listCitySql(by)),
          openToNew ? sql`(${tp.availability} ->> 'newGuides')::boolean` : undefined,
        ),
      )
      .orderBy(sql`${tp.rankScore} desc nulls last`, asc(tp.userId))
      .limit(p('limit'))
      .prepare(`${name}_by_${by}`);
  const topStatements = {
    city: prepareTop(false, true, 'city', 'tourists_top'),
    guide: prepareTop(false, true, 'guide', 'tourists_top'),
  };
  const topOpenStatements = {
    city: prepareTop(true, false, 'city', 'tourists_top_open'),
    guide: prepareTop(true, false, 'guide', 'tourists_top_open'),
  };
  /** Which statement of a pair reads a list of this city, and its values. */
  const listOf = (of: ListCity, limit: number, since: Date) =>
    [
      typeof of === 'string' ? 'city' : 'guide',
      typeof of === 'string'
        ? { city: of.toLowerCase(), limit, since: since.toISOString() }
        : { guide: of.guide, limit, since: since.toISOString() },
    ] as const;

  return {
    /**
     * The city's best tourists by the stored top-3 score (kept by the tourist-ranking job), from
     * tourist_profiles_city_rank_idx, each with their newest reviews.
     */
    async topOf(city: ListCity, limit: number, since: Date) {
      const [by, values] = listOf(city, limit, since);
      return topStatements[by].execute(values);
    },

    /** The same, of those who welcome new guides: whom an unverified guide may contact. */
    async topOpenToNew(city: ListCity, limit: number, since: Date) {
      const [by, values] = listOf(city, limit, since);
      return topOpenStatements[by].execute(values);
    },

    /**
     * The tourist-ranking job: every tourist's top-3 score (shared/domain/discovery.ts topTouristScore, to one
     * decimal as shown) from their membership, rating, verification, last activity and the guides' requests of
     * the last 30 days; only rows whose score moved are written. Returns how many moved.
     */
    async refreshRankScores(now: Date): Promise<number> {
      const at = now.toISOString();
      const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
      const result = await db.execute(sql`
        with asked as (
          select c.tourist_id as id, count(*)::int as n
          from ${conversations} c
          where c.started_by = c.guide_id and c.guide_wrote_at is not null and c.created_at >= ${since}::timestamptz
          group by c.tourist_id),
        scored as (
          select tp.user_id, round((
            (case tp.status when 'Luxury VIP Member' then 3 when 'Premium Member' then 2 else 1 end) * 100
            + least(coalesce(a.n, 0), 100) * 0.5
            + tp.rating * 5
            + (case when tp.verified then 10 else 0 end)
            + greatest(0, 30 - greatest(0, extract(epoch from (${at}::timestamptz - tp.last_active_at)) / 86400)) / 30 * 20
          )::numeric, 1)::real as score
          from ${touristProfiles} tp left join asked a on a.id = tp.user_id)
        update ${touristProfiles} tp set rank_score = s.score
        from scored s
        where s.user_id = tp.user_id and tp.rank_score is distinct from s.score`);
      return (
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0
      );
    },

    /** The newest published reviews of each of these tourists. */
    async recentReviews(ids: string[], perPerson: number) {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select subject_id as "subjectId", rating, text, reviewer from (
          select r.subject_id, r.rating, r.text,
            coalesce(gp.first_name, tp.first_name, '') as reviewer,
            row_number() over (partition by r.subject_id order by r.published_at desc, r.id desc) as n
          from ${reviews} r
          left join ${guideProfiles} gp on gp.user_id = r.author_id
          left join ${touristProfiles} tp on tp.user_id = r.author_id
          where r.subject_id = any(${sql.param(ids)}::uuid[]) and r.published_at is not null
        ) x where n <= ${perPerson}
        order by subject_id, n`);
      return (
        result as unknown as { rows: { subjectId: string; rating: number; text: string; reviewer: string }[] }
      ).rows;
    },
  };
}

export type TopTouristsRepository = ReturnType<typeof createTopTouristsRepository>;

import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { firstRepliesJson, firstRepliesOf } from '../../db/first-replies.ts';
import { perShape } from '../../db/prepared.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { guideSideVersion, travellerSideColumns } from '../match/repository.ts';
import { escapeLike } from './search-repository.ts';
import {
  listCityOf,
  listCursorAt,
  publishedReviews,
  touristColumns,
  touristOf,
  touristRowColumns,
} from './tourist-rows.ts';

// The guide's dashboard (docs/product.md#tourist-list): the guide with its figures and the city's tourists, a
// page at a time.

/** Where a page of the guide's tourist list ends: membership tier, last activity (as PostgreSQL wrote it), id. */
export type TouristCursor = { s: number; at: string; id: string };

const g = guideProfiles;
const tp = touristProfiles;

/** The guide's list's row: the card's values, the traveller's side for the guide's match, where a page ends. */
const touristPageColumns = {
  profile: touristColumns,
  lastActive: tp.lastActiveAt,
  reviews: publishedReviews,
  cursorAt: listCursorAt,
  matchSide: travellerSideColumns,
};

export function createTouristListRepository(db: Db) {
  // The guide's dashboard asks these on every visit: each one built once, then only executed.
  const p = sql.placeholder;
  // The guide as every guide's screen starts: the profile, the account's city and the match side's version.
  const guideColumns = {
    profile: {
      userId: g.userId,
      city: g.city,
      verified: g.verified,
      rating: g.rating,
      verificationStatus: g.verificationStatus,
      rejectionReason: g.rejectionReason,
    },
    // The city whose travellers the guide sees, by the rule the lists' statements read it with.
    listCity: listCityOf(g.city, users.city),
    version: guideSideVersion,
  };
  const guideOfStatement = db
    .select(guideColumns)
    .from(g)
    .innerJoin(users, eq(users.id, g.userId))
    .where(sql`${g.userId} = ${p('userId')}::uuid`)
    .prepare('guide_of');
  // The dashboard's guide: with the bookings figures (this week in the booking's own time zone, earnings of
  // completed bookings in USD) and the first replies the response figures count, in the one statement.
  const guideDeskStatement = db
    .select({
      ...guideColumns,
      figures: sql<[number, number]>`(select json_build_array(
        count(*) filter (where b.status in ('accepted', 'completed')
          and date_trunc('week', b.start_at at time zone b.time_zone)
            = date_trunc('week', ${p('at')}::timestamptz at time zone b.time_zone)),
        coalesce(sum(b.total_usd) filter (where b.status = 'completed'), 0))
        from ${bookings} b where b.guide_id = ${g.userId})`,
      replies: firstRepliesJson(g.userId),
    })
    .from(g)
    .innerJoin(users, eq(users.id, g.userId))
    .where(sql`${g.userId} = ${p('userId')}::uuid`)
    .prepare('guide_desk');
  // The city's Luxury VIP and Premium tourists active since then, from their own partial index.
  const highValueOnlineStatement = db
    .select({ count: sql<number>`count(*)::int` })
    .from(tp)
    .where(
      and(
        ...touristOf(sql`${p('city')}::text`),
        sql`${tp.status} <> 'Gold Member'`,
        sql`${tp.lastActiveAt} > ${p('online')}::timestamptz`,
      ),
    )
    .prepare('high_value_online');
  const touristPageStatement = perShape((shape) => prepareTouristPage(shape));
  function prepareTouristPage(shape: string) {
    const where: SQL[] = [...touristOf(sql`${p('city')}::text`)];

    if (shape.includes('n')) {
      // Accents and case forgiven by the one fold (decision 092), within the city's rows.
      where.push(sql`lokal_search_fold(${tp.firstName} || ' ' || ${tp.lastName} || ' ' || ${tp.country} || ' '
        || array_to_string(${tp.interests}, ' ')) like lokal_search_fold(${p('needle')}::text)`);
    }
    if (shape.includes('i')) where.push(sql`${tp.interests} && ${p('interests')}::text[]`);
    // One row comparison in the index's own order: the page starts where the last one ended.
    if (shape.includes('c')) {
      where.push(
        sql`(${tp.tier}, ${tp.lastActiveAt}, ${tp.userId}) < (${p('cursorS')}::smallint, ${p('cursorAt')}::timestamptz, ${p('cursorId')}::uuid)`,
      );
    }
    return db
      .select(touristPageColumns)
      .from(tp)
      .where(and(...where))
      .orderBy(
        sql`${tp.tier} desc nulls last`,
        sql`${tp.lastActiveAt} desc nulls last`,
        sql`${tp.userId} desc nulls last`,
      )
      .limit(p('limit'))
      .prepare(`tourist_page_${shape || 'all'}`);
  }

  return {
    async guideOf(userId: string) {
      const [row] = await guideOfStatement.execute({ userId });
      return row ?? null;
    },

    /**
     * The guide with the dashboard's figures (docs/product.md#tourist-list). This week: accepted or completed
     * bookings starting Monday–Sunday of the current week in the booking's own (the guide's city) time zone.
     * Earnings: completed bookings, all time, USD. Replies: what the response figures count.
     */
    async guideDesk(userId: string, now: Date) {
      const [row] = await guideDeskStatement.execute({
        userId,
        at: now.toISOString(),
      });
      if (!row) return null;
      const { figures, replies, ...guide } = row;
      return {
        ...guide,
        thisWeek: Number(figures?.[0] ?? 0),
        earnings: Number(figures?.[1] ?? 0),
        replies: firstRepliesOf(replies),
      };
    },

    /** How many of the city's Luxury VIP and Premium tourists were active since `onlineSince`. */
    async highValueOnline(city: string, onlineSince: Date): Promise<number> {
      const [row] = await highValueOnlineStatement.execute({
        city: city.toLowerCase(),
        online: onlineSince.toISOString(),
      });
      return row?.count ?? 0;
    },

    /**
     * One page of the guide's list (docs/product.md#tourist-list): the city's tourists, membership first,
     * then the most recently active, in the order of tourist_profiles_city_list_idx, so a page reads its own
     * rows and no more (decision 039). `needle` looks in the name, country and interests; `interests` keeps
     * those who share one of them.
     */
    async touristPage(
      city: string,
      filter: { needle?: string; interests?: string[] },
      limit: number,
      cursor: TouristCursor | null,
    ) {
      const shape = `${filter.needle ? 'n' : ''}${filter.interests ? 'i' : ''}${cursor ? 'c' : ''}`;
      return touristPageStatement(shape).execute({
        city: city.toLowerCase(),
        limit,
        ...(filter.needle ? { needle: `%${escapeLike(filter.needle)}%` } : {}),
        ...(filter.interests ? { interests: filter.interests } : {}),
        ...(cursor ? { cursorS: cursor.s, cursorAt: cursor.at, cursorId: cursor.id } : {}),
      });
    },

    /** One tourist of this city that guides may see, or null. */
    async touristInCity(id: string, city: string, since: Date) {
      const [row] = await db
        .select(touristRowColumns(sql`${since.toISOString()}::timestamptz`))
        .from(tp)
        .where(and(eq(tp.userId, id), ...touristOf(city)));
      return row ?? null;
    },

    async touristStatus(userId: string): Promise<string | null> {
      const [row] = await db.select({ status: tp.status }).from(tp).where(eq(tp.userId, userId));
      return row?.status ?? null;
    },
  };
}

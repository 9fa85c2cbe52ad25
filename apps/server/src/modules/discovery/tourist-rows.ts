import { DEFAULT_CITY } from '@lokal/shared/constants/discovery';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { arraysAsJson } from '../../db/json-row.ts';
import { conversations } from '../../db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { activeMemberSql } from '../../db/visibility.ts';
import { travellerSideColumns } from '../match/repository.ts';

// What the guide's tourist list and the top 3 read of a tourist, and which tourists and city they read.

const g = guideProfiles;
const tp = touristProfiles;

/**
 * The profile's columns the tourist screens show. The seeded acceptance_rate and requests_last_30_days columns
 * are never read: the figures come from chat (figuresOf, decision 010).
 */
export const touristColumns = arraysAsJson({
  userId: tp.userId,
  firstName: tp.firstName,
  lastName: tp.lastName,
  age: tp.age,
  city: tp.city,
  country: tp.country,
  occupation: tp.occupation,
  bio: tp.bio,
  image: tp.image,
  profileImages: tp.profileImages,
  status: tp.status,
  budgetMin: tp.budgetMin,
  budgetMax: tp.budgetMax,
  currency: tp.currency,
  interests: tp.interests,
  languages: tp.languages,
  lookingFor: tp.lookingFor,
  availability: tp.availability,
  rating: tp.rating,
  verified: tp.verified,
  tier: tp.tier,
});

/** What a tourist's figures are made of; zeros for a tourist no guide has written to. */
export type TouristFigures = { requests30: number; requests: number; answered: number; reviews: number };

/** How many published reviews there are about the tourist of the row, kept on the profile (docs/decisions/079-read-models.md). */
export const publishedReviews = tp.reviews;

/** Where a page ending on the row ends: microseconds survive as text, a JavaScript Date would round them off. */
export const listCursorAt = sql<string>`${tp.lastActiveAt}::text`;

/**
 * A tourist's figures, read with the row (decision 010): a request is a conversation a guide started and wrote
 * in, answered once the tourist wrote back (the conversation keeps when each side first wrote), and the
 * published reviews about them. `since` starts the last 30 days.
 */
export const figuresOf = (since: SQL) =>
  sql<TouristFigures>`(select json_build_array(
      count(*) filter (where c.created_at >= ${since}), count(*), count(c.tourist_wrote_at),
      ${publishedReviews})
    from ${conversations} c
    where c.tourist_id = ${touristProfiles.userId} and c.started_by = c.guide_id and c.guide_wrote_at is not null)`.mapWith(
    (v: number[]) => ({
      requests30: v[0] ?? 0,
      requests: v[1] ?? 0,
      answered: v[2] ?? 0,
      reviews: v[3] ?? 0,
    }),
  );

/** The tourist screens' row: the profile, the account's dates, its figures, the traveller's side of the match. */
export const touristRowColumns = (since: SQL) => ({
  profile: touristColumns,
  lastActive: tp.lastActiveAt,
  createdAt: accountCreatedAt,
  phoneVerifiedAt: accountPhoneVerifiedAt,
  rankScore: tp.rankScore,
  figures: figuresOf(since),
  matchSide: travellerSideColumns,
  cursorAt: listCursorAt,
});

/**
 * The city whose travellers a guide sees (docs/product.md#tourist-list): the profile's, else the account's, one
 * that is neither blank nor the placeholder a new account starts with; null when there is none.
 */
export const listCityOf = (profileCity: SQLWrapper, accountCity: SQLWrapper) => {
  const usable = (c: SQLWrapper) =>
    sql`case when btrim(${c}) <> '' and lower(btrim(${c})) <> ${DEFAULT_CITY.toLowerCase()} then btrim(${c}) end`;
  return sql<string | null>`coalesce(${usable(profileCity)}, ${usable(accountCity)})`;
};

/**
 * Whose city the top 3 is of: a city, or the guide's own (read in the same statement, so the guide's row and
 * the list are asked side by side instead of one after the other).
 */
export type ListCity = string | { guide: string };

/**
 * The lower-cased city of a list's statement: the `city` placeholder's, or that of the `guide` one's row. Either
 * is known before the list is read, so the list's plan walks the city's index whatever the values.
 */
export const listCitySql = (by: 'city' | 'guide'): SQL => {
  const p = sql.placeholder;
  return by === 'city'
    ? sql`${p('city')}::text`
    : sql`(select lower(${listCityOf(sql`gc.city`, sql`uc.city`)})
    from ${g} gc join ${users} uc on uc.id = gc.user_id where gc.user_id = ${p('guide')}::uuid)`;
};

/**
 * Tourists guides may see in a city: done with onboarding, an active account (docs/product.md#tourist-list). The
 * account is checked per row by its key, so a list walks the city's index in its own order: joined, the plan may
 * read every account and sort the city's tourists instead.
 */
export const touristOf = (city: string | SQL): SQL[] => [
  sql`lower(${tp.city}) = ${typeof city === 'string' ? city.toLowerCase() : city}`,
  sql`coalesce((select u.onboarding_completed and ${activeMemberSql('u')} from ${users} u
    where u.id = ${tp}.user_id), false)`,
];

/** The tourist's account's dates, read by its key for each row of a list. */
const accountCreatedAt = sql<Date>`(select u.created_at from ${users} u where u.id = ${tp}.user_id)`.mapWith(
  users.createdAt,
);
const accountPhoneVerifiedAt = sql<Date | null>`(select u.phone_verified_at from ${users} u
  where u.id = ${tp}.user_id)`.mapWith(users.phoneVerifiedAt);

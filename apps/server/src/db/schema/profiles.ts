import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A published experience as the cards show it: `price` per person in USD (what search sorts and filters by), and
 * `amount` the same in the guide's own `currency` (what the track record shows). Offers written before
 * experiences carry only the USD price.
 */
export type TourTypeOffer = {
  name: string;
  duration: string;
  price: number;
  amount?: number;
  currency?: string;
};
export type Availability = { newGuides: boolean; experiencedGuides: boolean };

export const guideProfiles = pgTable(
  'guide_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    age: integer('age'),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    profession: text('profession').notNull().default(''),
    bio: text('bio').notNull().default(''),
    image: text('image').notNull(),
    rating: real('rating').notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
    totalTours: integer('total_tours').notNull().default(0),
    priceMin: integer('price_min').notNull().default(0),
    priceMax: integer('price_max').notNull().default(0),
    specialties: text('specialties').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    verified: boolean('verified').notNull().default(false),
    /** Staff review (docs/product.md#verification): pending until a staff member verifies or rejects with a reason. */
    verificationStatus: text('verification_status', { enum: ['pending', 'verified', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /** When the guide finished onboarding and the assessment: the queue's waiting time starts here. */
    verificationRequestedAt: timestamp('verification_requested_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by'),
    tourTypes: jsonb('tour_types').$type<TourTypeOffer[]>().notNull().default([]),
    gender: text('gender'),
    customGender: text('custom_gender'),
    pronouns: text('pronouns'),
    hideProfile: boolean('hide_profile').notNull().default(false),
    socialMedia: text('social_media'),
    hideSocialMedia: boolean('hide_social_media').notNull().default(false),
    /** Position on the landing page (1-3); null = not featured. */
    showcaseRank: integer('showcase_rank'),
    /** Shown to tourists: onboarding and assessment complete, profile not hidden. */
    listed: boolean('listed').notNull().default(false),
    /** Lower-cased name, city, profession and specialties; kept by a trigger, searched by trigram. */
    searchText: text('search_text').notNull().default(''),
    /** The guide page's address (/guides/:slug): set once by a trigger from the name, unique, never changed. */
    slug: text('slug').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guide_profiles_slug_idx').on(t.slug),
    index('guide_profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('guide_profiles_specialties_idx').using('gin', t.specialties),
    index('guide_profiles_languages_idx').using('gin', t.languages),
    index('guide_profiles_tour_types_idx').using('gin', sql`${t.tourTypes} jsonb_path_ops`),
    index('guide_profiles_rank_idx').on(t.verified.desc(), t.rating.desc(), t.userId).where(sql`${t.listed}`),
    // The city filter compares folded cities (decision 092), so its indexes hold the fold.
    // The other sorts of the search walk their own order too, so a page costs the same over any number of
    // guides (decision 027).
    index('guide_profiles_rating_idx').on(t.rating.desc(), t.userId).where(sql`${t.listed}`),
    index('guide_profiles_price_min_idx').on(t.priceMin, t.userId).where(sql`${t.listed}`),
    index('guide_profiles_price_max_idx').on(t.priceMax.desc(), t.userId).where(sql`${t.listed}`),
    index('guide_profiles_city_rating_idx')
      .on(sql`lokal_search_fold(${t.city})`, t.rating.desc(), t.userId)
      .where(sql`${t.listed}`),
    index('guide_profiles_city_price_min_idx')
      .on(sql`lokal_search_fold(${t.city})`, t.priceMin, t.userId)
      .where(sql`${t.listed}`),
    index('guide_profiles_city_price_max_idx')
      .on(sql`lokal_search_fold(${t.city})`, t.priceMax.desc(), t.userId)
      .where(sql`${t.listed}`),
    // City pages come back in rank order straight from the index.
    index('guide_profiles_city_rank_idx')
      .on(sql`lokal_search_fold(${t.city})`, t.verified.desc(), t.rating.desc(), t.userId)
      .where(sql`${t.listed}`),
    // The staff's verification queue, longest waiting first (decision 043).
    index('guide_profiles_waiting_idx')
      .on(sql`coalesce(${t.verificationRequestedAt}, ${t.createdAt})`, t.userId)
      .where(sql`${t.verificationStatus} = 'pending'`),
  ],
);

export const touristProfiles = pgTable(
  'tourist_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    age: integer('age'),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    occupation: text('occupation').notNull(),
    bio: text('bio').notNull().default(''),
    image: text('image').notNull(),
    profileImages: text('profile_images').array().notNull().default([]),
    status: text('status', { enum: ['Luxury VIP Member', 'Premium Member', 'Gold Member'] })
      .notNull()
      .default('Gold Member'),
    budgetMin: integer('budget_min').notNull().default(0),
    budgetMax: integer('budget_max').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    interests: text('interests').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    lookingFor: text('looking_for').array().notNull().default([]),
    /** The trip the traveller told at onboarding or in settings (docs/product.md#match-score); null until told. */
    travelFrom: date('travel_from', { mode: 'string' }),
    travelTo: date('travel_to', { mode: 'string' }),
    partySize: smallint('party_size'),
    availability: jsonb('availability')
      .$type<Availability>()
      .notNull()
      .default({ newGuides: true, experiencedGuides: true }),
    rating: real('rating').notNull().default(0),
    verified: boolean('verified').notNull().default(false),
    /** Published reviews about the tourist, kept by a trigger on reviews (docs/decisions/079-read-models.md). */
    reviews: integer('reviews').notNull().default(0),
    acceptanceRate: integer('acceptance_rate').notNull().default(0),
    requestsLast30Days: integer('requests_last_30_days').notNull().default(0),
    showcaseRank: integer('showcase_rank'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** users.last_active_at, copied by a trigger: the guide's list sorts by it from one index. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The membership's tier: Luxury VIP 2, Premium 1, Gold 0 (docs/product.md#tourist-list). Highest first, so
     * the list's whole order runs one way and a page starts with one row comparison on the index.
     */
    tier: smallint('tier')
      .notNull()
      .generatedAlwaysAs(
        sql`case status when 'Luxury VIP Member' then 2 when 'Premium Member' then 1 else 0 end`,
      ),
    /** The top-3 score (shared/domain/discovery.ts), kept by the tourist-ranking job; null until it ran. */
    rankScore: real('rank_score'),
  },
  (t) => [
    index('tourist_profiles_city_idx').using('btree', sql`lower(${t.city})`),
    // The guide's tourist list and the top 3 walk their own order, a page at a time (decision 039).
    index('tourist_profiles_city_list_idx').on(
      sql`lower(${t.city})`,
      t.tier.desc(),
      t.lastActiveAt.desc(),
      t.userId.desc(),
    ),
    index('tourist_profiles_city_rank_idx').on(
      sql`lower(${t.city})`,
      t.rankScore.desc().nullsLast(),
      t.userId,
    ),
    // "High-value tourists online": only those active in the last minutes are read.
    index('tourist_profiles_city_online_idx')
      .on(sql`lower(${t.city})`, t.lastActiveAt)
      .where(sql`${t.status} <> 'Gold Member'`),
  ],
);

/** The personality assessment as the guide answered it (docs/product.md#onboarding). */
export const guideAssessments = pgTable('guide_assessments', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's favourite guides or tourists (docs/product.md#favorites). */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileType: text('profile_type', { enum: ['guide', 'tourist', 'traveler'] }).notNull(),
    profileId: text('profile_id').notNull(),
    profileName: text('profile_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.profileType, t.profileId] }),
    // The favorites screen's order, a page at a time (decision 039).
    index('favorites_user_saved_idx').on(t.userId, t.createdAt, t.profileType, t.profileId),
  ],
);

/**
 * A guide's identity document for staff review (docs/product.md#verification): a private file (`private/identity/`
 * in the file store of decision 041), never under a public URL; deleted 30 days after the staff decision.
 */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** When staff verified, rejected or un-verified the guide; the file goes 30 days later. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('identity_documents_decided_idx').on(t.decidedAt)],
);

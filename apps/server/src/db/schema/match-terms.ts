import { sql } from 'drizzle-orm';
import { customType, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { guideProfiles } from './profiles.ts';

/** A point of the `cube` extension, as PostgreSQL writes it ('(1, 2, 3)'). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * "Best match" walks these lists instead of scoring every guide (decision 045): one row per guide under the term
 * '' (every guide) and one per offer of the guide's side of the match (docs/product.md#match-score), with the
 * guide's city and the assessment's answers as a point whose taxicab distance to the traveller's quiz is what the
 * quiz parts of the score lose (null without an assessment). Kept by a trigger on guide_profiles (migration 0018).
 */
export const guideMatchTerms = pgTable(
  'guide_match_terms',
  {
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guideProfiles.userId, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    city: text('city').notNull(),
    point: cube('point'),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.guideId] }),
    // The trigger replaces a guide's rows; deleting a guide cascades here.
    index('guide_match_terms_guide_idx').on(t.guideId),
    // The nearest quizzes first, within a term and a city (btree_gist for the text columns).
    index('guide_match_terms_near_idx')
      .using('gist', t.term, t.city, t.point)
      .where(sql`${t.point} is not null`),
    // A term's guides in id order: in a city, or in all of them; those without an assessment apart.
    index('guide_match_terms_city_idx').on(t.term, t.city, t.guideId),
    index('guide_match_terms_plain_city_idx').on(t.term, t.city, t.guideId).where(sql`${t.point} is null`),
    index('guide_match_terms_plain_idx').on(t.term, t.guideId).where(sql`${t.point} is null`),
  ],
);

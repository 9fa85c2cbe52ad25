import type { TravelStyle } from '@lokal/shared/schemas/travel-style';
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A traveller's "Travel style" quiz answers (docs/product.md#travel-style); no row until taken. */
export const travelStyles = pgTable('travel_styles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<TravelStyle>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

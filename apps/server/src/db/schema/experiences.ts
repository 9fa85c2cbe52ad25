import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The same lists as packages/shared constants/experiences.ts and domain/cancellation.ts (drizzle-kit reads this
// file on its own).
const STATUSES = ['draft', 'published', 'paused'] as const;
const PRICE_MODES = ['person', 'group'] as const;
const BOOKING_MODES = ['request', 'instant'] as const;
const POLICIES = ['flexible', 'moderate', 'strict'] as const;

type Range = { start: string; end: string };
export type WeeklyRanges = Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', Range[]>;

/** What a guide sells (docs/product.md#experiences). */
export const experiences = pgTable(
  'experiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceMode: text('price_mode', { enum: PRICE_MODES }).notNull().default('person'),
    /** Whole units of `currency`: per person or for the whole group, by `priceMode`. 0 = not set yet (draft). */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    minGroup: integer('min_group').notNull().default(1),
    maxGroup: integer('max_group').notNull().default(8),
    languages: text('languages').array().notNull().default([]),
    meetingAddress: text('meeting_address').notNull().default(''),
    meetingLat: doublePrecision('meeting_lat'),
    meetingLng: doublePrecision('meeting_lng'),
    included: text('included').array().notNull().default([]),
    notIncluded: text('not_included').array().notNull().default([]),
    cancellationPolicy: text('cancellation_policy', { enum: POLICIES }).notNull().default('flexible'),
    bookingMode: text('booking_mode', { enum: BOOKING_MODES }).notNull().default('request'),
    status: text('status', { enum: STATUSES }).notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('experiences_guide_idx').on(t.guideId, t.createdAt),
    index('experiences_published_idx').on(t.guideId).where(sql`${t.status} = 'published'`),
    check(
      'experiences_group_check',
      sql`${t.minGroup} between 1 and 20 and ${t.maxGroup} between ${t.minGroup} and 20`,
    ),
    check('experiences_duration_check', sql`${t.durationMinutes} between 30 and 720`),
  ],
);

/** An experience's photos, in the guide's order. */
export const experiencePhotos = pgTable(
  'experience_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('experience_photos_file_idx').on(t.file),
    index('experience_photos_order_idx').on(t.experienceId, t.position),
  ],
);

/** When a guide works, in the guide's city time (docs/product.md#availability). */
export const guideAvailability = pgTable('guide_availability', {
  guideId: uuid('guide_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<WeeklyRanges>().notNull(),
  noticeHours: integer('notice_hours').notNull().default(24),
  bufferMinutes: integer('buffer_minutes').notNull().default(30),
  maxPerDay: integer('max_per_day').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A date that differs from the weekly schedule: blocked, or extra hours. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    guideId: uuid('guide_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    kind: text('kind', { enum: ['blocked', 'extra'] }).notNull(),
    ranges: jsonb('ranges').$type<Range[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.date] })],
);

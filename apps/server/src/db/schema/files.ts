import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The bytes of stored files when the server runs on PostgreSQL (docs/decisions/041-shared-file-storage.md),
 * once per content: the key is the SHA-256 of the bytes, so the same picture stored under two names is kept once.
 */
export const fileBlobs = pgTable('file_blobs', {
  sha256: text('sha256').primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
});

/**
 * A stored file by its key (`uploads/<name>.webp`, `private/identity/<id>`): the name every instance reads it by.
 * Private keys are only ever read through the routes that check who asks.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    sha256: text('sha256')
      .notNull()
      .references(() => fileBlobs.sha256),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_sha256_idx').on(t.sha256)],
);

import type { LedgerAccount, MoneyEvent } from '@lokal/shared/domain/ledger';
import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The booking ledger (decision 095): one journal per money event of a booking, posted in the transaction of
 * the booking change that causes it. Rows are only ever inserted: a mistake is put right by a journal that
 * reverses it. `booking_id` is kept without a foreign key, so the books outlive a deleted account's bookings.
 */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of posting (two journals of one transaction share its time). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    bookingId: uuid('booking_id').notNull(),
    kind: text('kind').$type<MoneyEvent>().notNull(),
    /** One journal per booking and event (`booking:<id>:capture`), also the provider call's idempotency key. */
    key: text('key').notNull().unique(),
    /** The journal this one reverses (a release reverses the authorization). */
    reverses: uuid('reverses'),
    /** The provider's reference for the call that moved the money; null for an entry of the books alone. */
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_journals_booking_idx').on(t.bookingId, t.seq)],
);

/** A journal's lines: a debit is positive, a credit negative, in minor units; each journal sums to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    account: text('account').$type<LedgerAccount>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('ledger_entries_journal_idx').on(t.journalId)],
);

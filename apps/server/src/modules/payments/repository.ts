import { isBalanced, type LedgerLine, type MoneyEvent } from '@lokal/shared/domain/ledger';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, ledgerJournals } from '../../db/schema/ledger.ts';
import type { Tx } from '../idempotency/repository.ts';

export type JournalInput = {
  bookingId: string;
  kind: MoneyEvent;
  key: string;
  currency: string;
  lines: LedgerLine[];
  reverses?: string | null;
  providerRef: string | null;
};

/** Thrown when a journal would not sum to zero: the booking change it belongs to is rolled back with it. */
export class UnbalancedJournal extends Error {}

export function createLedgerRepository(db: Db) {
  return {
    /**
     * Posts one journal and its entries in the caller's transaction. The only way into the ledger: it refuses
     * a journal that does not sum to zero per currency (decision 095). The key is unique, so one event of a
     * booking is posted once however many times it is tried.
     */
    async post(tx: Tx, j: JournalInput): Promise<string> {
      const lines = j.lines.map((l) => ({ ...l, currency: j.currency }));
      if (!isBalanced(lines)) throw new UnbalancedJournal(`journal ${j.key} does not sum to zero`);
      const [journal] = await tx
        .insert(ledgerJournals)
        .values({
          bookingId: j.bookingId,
          kind: j.kind,
          key: j.key,
          reverses: j.reverses ?? null,
          providerRef: j.providerRef,
        })
        .returning({ id: ledgerJournals.id });
      if (lines.length) {
        await tx.insert(ledgerEntries).values(lines.map((l) => ({ journalId: journal!.id, ...l })));
      }
      return journal!.id;
    },

    /** The journal posted under this key, if any. */
    async journalId(tx: Tx, key: string): Promise<string | null> {
      const [row] = await tx
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(eq(ledgerJournals.key, key));
      return row?.id ?? null;
    },

    /** A booking's journals, oldest first, each with its lines. */
    async journalsOf(bookingId: string) {
      const journals = await db
        .select()
        .from(ledgerJournals)
        .where(eq(ledgerJournals.bookingId, bookingId))
        .orderBy(asc(ledgerJournals.seq));
      if (journals.length === 0) return [];
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.journalId,
            journals.map((j) => j.id),
          ),
        );
      return journals.map((j) => ({ ...j, entries: entries.filter((e) => e.journalId === j.id) }));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';

/** A transaction or the database: a message is written with the change that causes it (decision 085). */
export type Executor = Pick<Db, 'insert'>;

export type NewOutboxMessage = {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  consoleLine?: string | null;
  calendar?: string | null;
  calendarMethod?: 'REQUEST' | 'CANCEL' | null;
  ref?: string | null;
  createdAt: Date;
};

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Writes a message to the outbox, due at once; part of the caller's transaction when given one. */
export async function insertOutboxMessage(exec: Executor, m: NewOutboxMessage): Promise<void> {
  await exec.insert(outboxMessages).values({ ...m, nextAttemptAt: m.createdAt });
}

/** A message sent or given up keeps no body: it may carry a sign-in token (decision 085). */
const NO_BODY = { text: null, html: null, consoleLine: null, calendar: null };
/** The first failure of a message, kept over its later ones. */
const failingFrom = (at: Date) =>
  sql`coalesce(${outboxMessages.failingSince}, ${at.toISOString()}::timestamptz)`;

export function createOutboxRepository(db: Db) {
  /** A claimed row is ours while its lease and its try count are the ones we set. */
  const ours = (row: OutboxRow) =>
    and(eq(outboxMessages.id, row.id), eq(outboxMessages.attempts, row.attempts));

  return {
    insert: (m: NewOutboxMessage) => insertOutboxMessage(db, m),

    /**
     * Claims up to `limit` due messages: `FOR UPDATE SKIP LOCKED` so instances never wait on or take each
     * other's rows, and a lease (`locked_until`) so a crashed worker's row is due again once it ends.
     * Each claim counts as a try.
     */
    async claim(now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.status, 'pending'),
              lte(outboxMessages.nextAttemptAt, now),
              or(isNull(outboxMessages.lockedUntil), lte(outboxMessages.lockedUntil, now)),
            ),
          )
          .orderBy(asc(outboxMessages.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outboxMessages)
          .set({ lockedUntil: leaseUntil, attempts: sql`${outboxMessages.attempts} + 1` })
          .where(
            inArray(
              outboxMessages.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    /** Sent: the body (which may carry a sign-in token) is dropped. False when the lease was lost. */
    async markSent(row: OutboxRow, at: Date): Promise<boolean> {
      const done = await db
        .update(outboxMessages)
        .set({
          status: 'sent',
          sentAt: at,
          lockedUntil: null,
          ...NO_BODY,
          lastError: null,
        })
        .where(ours(row))
        .returning({ id: outboxMessages.id });
      return done.length > 0;
    },

    /** A message no longer needed (a reminder of a booking cancelled meanwhile) goes without a trace. */
    async drop(row: OutboxRow): Promise<void> {
      await db.delete(outboxMessages).where(ours(row));
    },

    async markRetry(row: OutboxRow, error: string, nextAt: Date, at: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({
          lastError: error,
          nextAttemptAt: nextAt,
          lockedUntil: null,
          failingSince: failingFrom(at),
        })
        .where(ours(row));
    },

    async markFailed(row: OutboxRow, error: string, at: Date): Promise<void> {
      await db
        .update(outboxMessages)
        .set({
          status: 'failed',
          lastError: error,
          lockedUntil: null,
          ...NO_BODY,
          failingSince: failingFrom(at),
        })
        .where(ours(row));
    },

    /** Gives up the unsent messages of a kind written before `before` (a link that has expired meanwhile). */
    async giveUp(kind: string, before: Date, error: string): Promise<number> {
      const rows = await db
        .update(outboxMessages)
        .set({ status: 'failed', lastError: error, ...NO_BODY })
        .where(
          and(
            eq(outboxMessages.kind, kind),
            eq(outboxMessages.status, 'pending'),
            lt(outboxMessages.createdAt, before),
            or(isNull(outboxMessages.lockedUntil), lte(outboxMessages.lockedUntil, before)),
          ),
        )
        .returning({ id: outboxMessages.id });
      return rows.length;
    },

    /**
     * Since when mail of this kind has been failing: the first failure of the oldest message still waiting,
     * unless some message was sent after it (the server answers again).
     */
    async failingSince(kind: string): Promise<Date | null> {
      const [row] = await db
        .select({ since: sql<string | null>`min(${outboxMessages.failingSince})` })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.kind, kind),
            eq(outboxMessages.status, 'pending'),
            sql`${outboxMessages.failingSince} is not null`,
            sql`not exists (select 1 from outbox_messages s where s.status = 'sent' and s.sent_at > ${outboxMessages.failingSince})`,
          ),
        );
      return row?.since ? new Date(row.since) : null;
    },

    /** What staff see: messages given up, and those still waiting after a failure or for a while. */
    async stuck(waitingSince: Date, limit: number): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outboxMessages)
        .where(
          and(
            ne(outboxMessages.status, 'sent'),
            or(
              eq(outboxMessages.status, 'failed'),
              gt(outboxMessages.attempts, 0),
              lt(outboxMessages.createdAt, waitingSince),
            ),
          ),
        )
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },

    /** Sent messages are kept a while for the operator, then deleted; so are the given-up ones, later. */
    async prune(sentBefore: Date, failedBefore: Date): Promise<number> {
      const rows = await db
        .delete(outboxMessages)
        .where(
          or(
            and(eq(outboxMessages.status, 'sent'), lt(outboxMessages.sentAt, sentBefore)),
            and(eq(outboxMessages.status, 'failed'), lt(outboxMessages.createdAt, failedBefore)),
          ),
        )
        .returning({ id: outboxMessages.id });
      return rows.length;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

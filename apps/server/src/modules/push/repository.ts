import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { type PushPayload, pushMessages, pushSubscriptions } from '../../db/schema/push.ts';

/** A transaction or the database: a push is written with the change that causes it. */
export type Executor = Pick<Db, 'insert'>;

export type PushMessageRow = typeof pushMessages.$inferSelect;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function insertPushMessage(
  exec: Executor,
  m: {
    userId: string;
    bookingId: string | null;
    whileStatus: string | null;
    payload: PushPayload;
    dueAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await exec.insert(pushMessages).values(m);
}

export function createPushRepository(db: Db) {
  return {
    /** A device's subscription, now the member's (a browser another member signed in on moves over). */
    async upsertSubscription(s: {
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      at: Date;
    }) {
      await db
        .insert(pushSubscriptions)
        .values({ userId: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, createdAt: s.at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: s.userId, p256dh: s.p256dh, auth: s.auth, createdAt: s.at },
        });
    },

    /** Removes the member's subscription of this device; another member's is left alone. */
    async deleteSubscription(userId: string, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** The push service said the subscription has ended (404/410). */
    async deleteEndpoint(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },

    subscriptionsOf: (userId: string) =>
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),

    /** Claims due pushes (`FOR UPDATE SKIP LOCKED`, with a lease): each goes out from one instance. */
    async claim(now: Date, leaseUntil: Date, limit: number): Promise<PushMessageRow[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: pushMessages.id })
          .from(pushMessages)
          .where(
            and(
              lte(pushMessages.dueAt, now),
              or(isNull(pushMessages.lockedUntil), lte(pushMessages.lockedUntil, now)),
            ),
          )
          .orderBy(asc(pushMessages.dueAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(pushMessages)
          .set({ lockedUntil: leaseUntil })
          .where(
            inArray(
              pushMessages.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    async done(id: string) {
      await db.delete(pushMessages).where(eq(pushMessages.id, id));
    },

    /** The booking's status now (null when it is gone). */
    async bookingStatus(bookingId: string): Promise<string | null> {
      const [row] = await db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return row?.status ?? null;
    },

    /** How many pushes wait (tests and the operator). */
    async waiting(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(pushMessages);
      return row?.n ?? 0;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;

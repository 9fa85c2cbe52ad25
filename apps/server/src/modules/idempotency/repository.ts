import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

/** A transaction of any repository: the key is stored in the same one as the write it protects. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type KeyRef = { memberId: string; route: string; key: string };
export type StoredAnswer = { requestHash: string; status: number; response: unknown };

const byRef = (k: KeyRef) =>
  and(
    eq(idempotencyKeys.memberId, k.memberId),
    eq(idempotencyKeys.route, k.route),
    eq(idempotencyKeys.key, k.key),
  );

const answerColumns = {
  requestHash: idempotencyKeys.requestHash,
  status: idempotencyKeys.status,
  response: idempotencyKeys.response,
};

export function createIdempotencyRepository(db: Db) {
  return {
    /** The answer stored under this key, if its write committed. */
    async find(k: KeyRef): Promise<StoredAnswer | null> {
      const [row] = await db.select(answerColumns).from(idempotencyKeys).where(byRef(k));
      return row ?? null;
    },

    /**
     * First in the write's transaction: holds the key until the transaction ends (a duplicate in flight waits
     * here for the first to commit or roll back), then reads what an attempt that committed meanwhile stored.
     */
    async hold(tx: Tx, k: KeyRef): Promise<StoredAnswer | null> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`${k.memberId} ${k.route} ${k.key}`}, 86))`,
      );
      const [row] = await tx.select(answerColumns).from(idempotencyKeys).where(byRef(k));
      return row ?? null;
    },

    /** Last in the write's transaction: the answer, committed with the write or not at all. */
    async keep(tx: Tx, k: KeyRef, answer: StoredAnswer, at: Date): Promise<void> {
      await tx.insert(idempotencyKeys).values({ ...k, ...answer, createdAt: at });
    },

    /** Removes the keys stored before `before`; returns how many. */
    async removeBefore(before: Date): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

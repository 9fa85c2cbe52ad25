import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES } from '@lokal/shared/schemas/idempotency';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { type AppContext, perApp } from '../context.ts';
import { createIdempotencyRepository, type KeyRef, type StoredAnswer, type Tx } from './repository.ts';

/** How long a key's first answer is kept and replayed (docs/product.md#safe-retries). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/**
 * What a write protected by a key does inside its own transaction: `claim` first (it waits for a duplicate in
 * flight and replays an answer that committed meanwhile), `keep` last with the answer it will give.
 */
export type Once = {
  claim(tx: Tx): Promise<void>;
  keep(tx: Tx, body: unknown): Promise<void>;
};

/** Thrown inside the write's transaction when an attempt with the same key already committed: nothing is written. */
class Replay {
  constructor(readonly stored: StoredAnswer) {}
}

const reused = () => new HttpError(422, IDEMPOTENCY_MESSAGES.reused, 'idempotency-key-reused');

export const idempotencyOf = perApp((ctx: AppContext) => {
  const repo = createIdempotencyRepository(ctx.db);

  function replay(reply: FastifyReply, requestHash: string, stored: StoredAnswer) {
    if (stored.requestHash !== requestHash) throw reused();
    return reply.status(stored.status).header('idempotent-replayed', 'true').send(stored.response);
  }

  return {
    /**
     * Answers a money-bearing write (decision 086). Without an Idempotency-Key it simply runs; with one, the
     * member's earlier answer on this route is replayed, or the write runs with a `Once` that stores its
     * answer in the write's transaction. Only a write that committed stores one: a refused request changed
     * nothing, so asking again with the same key asks again.
     */
    async answer(
      request: FastifyRequest & { user: { id: string } },
      reply: FastifyReply,
      status: number,
      write: (once: Once | undefined) => Promise<unknown>,
    ) {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string') return reply.status(status).send(await write(undefined));
      const ref: KeyRef = {
        memberId: request.user.id,
        route: `${request.method} ${request.routeOptions.url}`,
        key,
      };
      const requestHash = createHash('sha256')
        .update(JSON.stringify({ params: request.params ?? {}, body: request.body ?? {} }))
        .digest('hex');
      const earlier = await repo.find(ref);
      if (earlier) return replay(reply, requestHash, earlier);
      const once: Once = {
        async claim(tx) {
          const stored = await repo.hold(tx, ref);
          if (stored) throw new Replay(stored);
        },
        keep: (tx, body) => repo.keep(tx, ref, { requestHash, status, response: body }, new Date(ctx.now())),
      };
      try {
        return reply.status(status).send(await write(once));
      } catch (err) {
        if (err instanceof Replay) return replay(reply, requestHash, err.stored);
        // A duplicate that committed while this attempt was checking (its booking is why this one was refused):
        // its answer, never a 409 about one's own write.
        const later = err instanceof HttpError ? await repo.find(ref) : null;
        if (later) return replay(reply, requestHash, later);
        throw err;
      }
    },

    /** The idempotency-cleanup job: keys older than 24 hours go. Returns how many. */
    cleanUp: () => repo.removeBefore(new Date(ctx.now() - IDEMPOTENCY_TTL_MS)),
  };
});

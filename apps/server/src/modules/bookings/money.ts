import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import type { Payments } from '../payments/service.ts';
import type { BookingsRepository } from './repository.ts';

const notFound = () => new HttpError(404, 'Booking not found', 'not-found');

/** A booking's money apart from its steps: the payouts job and the ledger's lines (decision 095). */
export function createBookingMoney(deps: {
  repo: BookingsRepository;
  payments: Payments;
  now: () => number;
  log: FastifyBaseLogger;
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
}) {
  const { repo, payments, now } = deps;
  return {
    /**
     * Pays out the guide's earnings of bookings 24 hours after they ended (the payouts job, decision 040), and
     * tells the guide. Returns how many were paid out.
     */
    async payOut(): Promise<number> {
      const paid = await repo.payOutDue(new Date(now()), (tx, row) => payments.post(tx, row, ['payout']));
      for (const b of paid) {
        await deps
          .publish([b.touristId, b.guideId], { type: 'booking', bookingId: b.id })
          .catch((err) => deps.log.error({ err, booking: b.id }, 'could not announce a payout'));
      }
      return paid.length;
    },

    /** A booking's journal lines, for its two members (staff read them through the console's route). */
    async journals(user: SessionUser | null, id: string) {
      const row = await repo.withPeopleById(id);
      if (!row) throw notFound();
      if (user && row.booking.touristId !== user.id && row.booking.guideId !== user.id) throw notFound();
      const journals = await payments.journalsOf(id);
      return journals.map((j) => ({
        kind: j.kind,
        postedAt: j.createdAt.toISOString(),
        reverses: j.reverses !== null,
        entries: j.entries.map((e) => ({ account: e.account, amount: e.amount, currency: e.currency })),
      }));
    },
  };
}

export type BookingMoneyService = ReturnType<typeof createBookingMoney>;

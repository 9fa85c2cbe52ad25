import type { PaymentState } from '@lokal/shared/constants/bookings';
import { policyInWords } from '@lokal/shared/domain/cancellation';
import { toMajor } from '@lokal/shared/domain/money';
import type { Booking } from '@lokal/shared/schemas/bookings';
import type { SessionUser } from '../../plugins/sessions.ts';
import { isLedgered, moneyOf, refundOf } from '../payments/service.ts';
import type { BookingRow, BookingsRepository } from './repository.ts';

// A booking as an answer, shaped once for every route that returns one (decision 081).

type Row = NonNullable<Awaited<ReturnType<BookingsRepository['withPeopleById']>>>;

/** Who is looking at a booking: the guide's side of its money is for the guide and staff only. */
export type Viewer = 'tourist' | 'guide' | 'staff';
export const viewerOf = (user: SessionUser, b: BookingRow): Viewer =>
  user.id === b.guideId ? 'guide' : 'tourist';

export function toBooking(r: Row, viewer: Viewer): Booking {
  const b = r.booking;
  const refund = refundOf(b);
  return {
    id: b.id,
    status: b.status,
    tourName: b.tourName,
    durationMinutes: b.durationMinutes,
    pricePerPerson: b.pricePerPerson,
    partySize: b.partySize,
    experienceId: b.experienceId,
    priceMode: b.priceMode,
    unitPrice: b.unitPrice,
    guideCurrency: b.guideCurrency,
    guideTotal: b.guideTotal,
    cancellationPolicy: b.cancellationPolicy,
    policyInWords: policyInWords(b.cancellationPolicy),
    // In the guide's currency, of the guide's price (as it always was): the all-in refund is in `money`.
    refundAmount: isLedgered(b) ? refund && toMajor(refund.price, b.guideCurrency) : b.refundAmount,
    payment: b.payment as PaymentState,
    money: moneyOf(b, viewer),
    expiresAt: b.status === 'requested' && b.expiresAt ? b.expiresAt.toISOString() : null,
    totalUsd: b.totalUsd,
    currency: b.currency,
    totalLocal: b.totalLocal,
    startAt: b.startAt.toISOString(),
    endAt: b.endAt.toISOString(),
    timeZone: b.timeZone,
    city: r.city,
    note: b.note,
    autoAccepted: b.autoAccepted,
    cancelReason: b.cancelReason,
    cancelledBy: b.cancelledBy ? (b.cancelledBy === b.guideId ? 'guide' : 'tourist') : null,
    conversationId: b.conversationId,
    tourist: { id: b.touristId, name: `${r.touristFirst} ${r.touristLast}`, image: r.touristImage },
    guide: { id: b.guideId, name: `${r.guideFirst} ${r.guideLast}`, image: r.guideImage },
    createdAt: b.createdAt.toISOString(),
  };
}

import {
  BOOKING_MESSAGES,
  BOOKING_REQUESTS_PER_HOUR,
  MAX_AHEAD_DAYS,
  MIN_LEAD_MS,
} from '@lokal/shared/constants/bookings';
import {
  type BookingAction,
  bookingTotal,
  durationMinutes,
  nextBookingStatus,
} from '@lokal/shared/domain/booking';
import { formatMoney } from '@lokal/shared/domain/discovery';
import { paths } from '@lokal/shared/domain/pages';
import { formatInZone, timeZoneForCity, zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import type { Booking } from '@lokal/shared/schemas/bookings';
import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import type { ChatService } from '../chat/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { BookingRow, BookingsRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<BookingsRepository['withPeopleById']>>>;

const DAY_MS = 24 * 60 * 60_000;
const notFound = () => new HttpError(404, 'Booking not found', 'not-found');

export function toBooking(r: Row): Booking {
  const b = r.booking;
  return {
    id: b.id,
    status: b.status,
    tourName: b.tourName,
    durationMinutes: b.durationMinutes,
    pricePerPerson: b.pricePerPerson,
    partySize: b.partySize,
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

const VERBS: Record<Exclude<BookingAction, 'complete' | 'expire'>, string> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
};

export function createBookingsService(deps: {
  repo: BookingsRepository;
  chat: ChatService;
  notifications: NotificationsService;
  now: () => number;
  countHit: HitCounter;
  rateLimitScale: number;
  log: FastifyBaseLogger;
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
}) {
  const { repo, chat, notifications, now } = deps;
  const consume = createRateLimiter(deps.countHit, now);

  const when = (b: BookingRow) => `${formatInZone(b.startAt, b.timeZone)} (${b.timeZone.replace(/_/g, ' ')})`;
  const summary = (b: BookingRow) =>
    `${b.tourName} on ${when(b)} for ${b.partySize} ${b.partySize === 1 ? 'person' : 'people'}, ${formatMoney(b.totalLocal, b.currency)}`;

  async function load(id: string) {
    const row = await repo.withPeopleById(id);
    if (!row) throw notFound();
    return row;
  }

  /** Records a change in the conversation, tells the other side (or both) and refreshes open screens. */
  async function announce(
    b: BookingRow,
    change: { key: string; actorId: string; text: string; title: string; notify: string[] },
  ) {
    // Whether the pair's contact details are masked may have changed.
    chat.forgetContexts();
    if (b.conversationId) {
      await chat.postSystem({
        conversationId: b.conversationId,
        actorId: change.actorId,
        bookingId: b.id,
        body: change.text,
        key: `booking:${b.id}:${change.key}`,
      });
    }
    for (const userId of change.notify) {
      await notifications.notify(userId, {
        kind: `booking-${change.key}`,
        title: change.title,
        body: change.text,
        link: userId === b.guideId ? paths.guide.bookings : paths.tourist.bookings,
      });
    }
    await deps.publish([b.touristId, b.guideId], { type: 'booking', bookingId: b.id });
  }

  /** Completes what has ended and declines requests nobody answered; safe to run on every instance. */
  async function sweep() {
    const at = new Date(now());
    for (const b of await repo.completeDue(at)) {
      await announce(b, {
        key: 'completed',
        actorId: b.guideId,
        text: `Completed: ${b.tourName}. How was it? You can now leave a review.`,
        title: 'Booking completed',
        notify: [b.touristId, b.guideId],
      }).catch((err) => deps.log.error({ err, booking: b.id }, 'could not announce a completed booking'));
    }
    for (const b of await repo.expireDue(at, BOOKING_MESSAGES.noAnswer)) {
      await announce(b, {
        key: 'expired',
        actorId: b.guideId,
        text: `Declined: ${b.tourName} on ${when(b)} (${BOOKING_MESSAGES.noAnswer.toLowerCase()}).`,
        title: BOOKING_MESSAGES.declined,
        notify: [b.touristId],
      }).catch((err) => deps.log.error({ err, booking: b.id }, 'could not announce an expired request'));
    }
  }

  return {
    sweep,

    async request(
      user: SessionUser,
      body: {
        guideId: string;
        tourName: string;
        date: string;
        time: string;
        partySize: number;
        note: string;
      },
    ): Promise<Booking> {
      const guide = await repo.guide(body.guideId);
      if (!guide?.onboarded) throw new HttpError(404, 'Guide not found', 'not-found');
      const tour = guide.profile.tourTypes.find((t) => t.name === body.tourName);
      if (!tour) throw new HttpError(400, BOOKING_MESSAGES.unknownTour, 'unknown-tour');
      const timeZone = timeZoneForCity(guide.profile.city);
      const start = zonedTimeToInstant(body.date, body.time, timeZone);
      if (!start) throw new HttpError(400, BOOKING_MESSAGES.noSuchTime, 'no-such-time');
      if (start.getTime() < now() + MIN_LEAD_MS)
        throw new HttpError(400, BOOKING_MESSAGES.inPast, 'too-soon');
      if (start.getTime() > now() + MAX_AHEAD_DAYS * DAY_MS) {
        throw new HttpError(400, BOOKING_MESSAGES.tooFar, 'too-far');
      }
      if (await chat.isBlockedBetween(user.id, body.guideId)) {
        throw new HttpError(403, BOOKING_MESSAGES.blocked, 'blocked');
      }
      await consume(`booking:user:${user.id}`, {
        limit: BOOKING_REQUESTS_PER_HOUR * deps.rateLimitScale,
        windowMs: 60 * 60_000,
      });
      const tourist = await repo.tourist(user.id);
      if (!tourist) throw new HttpError(403, 'Complete your profile before booking', 'onboarding-required');

      const minutes = durationMinutes(tour.duration);
      const total = bookingTotal(tour.price, body.partySize, tourist.multiplier);
      // Auto-accept applies to verified tourists only (docs/product.md#bookings).
      const auto = guide.autoAccept && tourist.profile.verified;
      const conversation = await chat.conversationOf(user.id, body.guideId, user.id);
      const at = new Date(now());
      const booking = await repo.insert({
        touristId: user.id,
        guideId: body.guideId,
        conversationId: conversation.id,
        tourName: tour.name,
        durationMinutes: minutes,
        pricePerPerson: tour.price,
        partySize: body.partySize,
        totalUsd: total.usd,
        currency: tourist.multiplier === 1 ? 'USD' : tourist.currency,
        totalLocal: total.local,
        startAt: start,
        endAt: new Date(start.getTime() + minutes * 60_000),
        timeZone,
        note: body.note,
        status: auto ? 'accepted' : 'requested',
        autoAccepted: auto,
        decidedAt: auto ? at : null,
        createdAt: at,
        updatedAt: at,
      });
      if (!booking) {
        throw new HttpError(409, BOOKING_MESSAGES.slotTaken(guide.profile.firstName), 'slot-taken');
      }
      const name = tourist.profile.firstName;
      await announce(booking, {
        key: 'requested',
        actorId: user.id,
        text: `${name} requested ${summary(booking)}.${booking.note ? ` Note: “${booking.note}”` : ''}`,
        title: auto ? 'New booking' : 'New booking request',
        notify: [booking.guideId],
      });
      if (auto) {
        await announce(booking, {
          key: 'accepted',
          actorId: booking.guideId,
          text: `Accepted automatically: ${summary(booking)}.`,
          title: BOOKING_MESSAGES.accepted,
          notify: [booking.touristId],
        });
      }
      return toBooking(await load(booking.id));
    },

    async list(user: SessionUser, scope: 'upcoming' | 'past') {
      await sweep();
      return (await repo.forUser(user.id, scope, new Date(now()))).map(toBooking);
    },

    async get(user: SessionUser, id: string) {
      await sweep();
      const row = await load(id);
      if (row.booking.touristId !== user.id && row.booking.guideId !== user.id) throw notFound();
      return toBooking(row);
    },

    async act(user: SessionUser, id: string, action: 'accept' | 'decline' | 'cancel', reason: string) {
      await sweep();
      const row = await load(id);
      const b = row.booking;
      // Someone else's booking is indistinguishable from one that does not exist.
      if (b.touristId !== user.id && b.guideId !== user.id) throw notFound();
      const actor = b.guideId === user.id ? 'guide' : 'tourist';
      const to = nextBookingStatus(b.status, action, actor);
      if (!to) {
        throw new HttpError(
          409,
          `This booking is ${b.status}; it cannot be ${VERBS[action]} ${actor === 'tourist' && action !== 'cancel' ? 'by a tourist' : 'now'}.`,
          'invalid-transition',
        );
      }
      const at = new Date(now());
      const updated = await repo.transition(
        id,
        b.status,
        to,
        action === 'cancel'
          ? { cancelReason: reason, cancelledBy: user.id }
          : action === 'decline'
            ? { cancelReason: reason || null, decidedAt: at }
            : { decidedAt: at },
        at,
      );
      if (!updated) throw new HttpError(409, 'This booking changed meanwhile; look again.', 'conflict');
      const other = actor === 'guide' ? updated.touristId : updated.guideId;
      const who = actor === 'guide' ? row.guideFirst : row.touristFirst;
      const because = reason ? ` Reason: “${reason}”` : '';
      await announce(updated, {
        key: to,
        actorId: user.id,
        text:
          action === 'accept'
            ? `${who} accepted ${summary(updated)}.`
            : action === 'decline'
              ? `${who} declined ${summary(updated)}.${because}`
              : `${who} cancelled ${summary(updated)}.${because}`,
        title:
          action === 'accept'
            ? BOOKING_MESSAGES.accepted
            : action === 'decline'
              ? BOOKING_MESSAGES.declined
              : BOOKING_MESSAGES.cancelled,
        notify: [other],
      });
      return toBooking(await load(id));
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

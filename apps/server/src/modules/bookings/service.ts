import { BOOKING_MESSAGES, BOOKING_REQUESTS_PER_HOUR } from '@lokal/shared/constants/bookings';
import {
  EXPERIENCE_MESSAGES,
  PENDING_REQUESTS_MAX,
  REQUEST_TTL_MS,
} from '@lokal/shared/constants/experiences';
import { type BookingAction, nextBookingStatus } from '@lokal/shared/domain/booking';
import { policyLabel, refundShareBp } from '@lokal/shared/domain/cancellation';
import { formatMoney } from '@lokal/shared/domain/discovery';
import { moneyEventsOf } from '@lokal/shared/domain/ledger';
import {
  bookingAmounts,
  convertAmount,
  exchangeRate,
  type FeeRates,
  formatMinor,
  priceFor,
  type UsdRates,
} from '@lokal/shared/domain/money';
import { paths } from '@lokal/shared/domain/pages';
import { isSlot } from '@lokal/shared/domain/slots';
import { cityTime, formatInZone } from '@lokal/shared/domain/time-zone';
import { isUuid } from '@lokal/shared/domain/uuid';
import type { Booking } from '@lokal/shared/schemas/bookings';
import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import type { MailCalendar } from '../../plugins/mail.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import type { ChatService } from '../chat/service.ts';
import { decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import type { ExperiencesService } from '../experiences/service.ts';
import type { Tx } from '../idempotency/repository.ts';
import type { Once } from '../idempotency/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { cancelMoney, isLedgered, type Payments, payoutDueAfter, requestMoney } from '../payments/service.ts';
import { toBooking, viewerOf } from './answer.ts';
import type {
  BookingCursor,
  BookingRow,
  BookingScope,
  BookingsRepository,
  InTransaction,
} from './repository.ts';

const notFound = () => new HttpError(404, 'Booking not found', 'not-found');

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
  rates: () => Promise<{ rates: UsdRates }>;
  experiences: Pick<ExperiencesService, 'rulesOf' | 'forgetSlots'>;
  payments: Payments;
  fees: FeeRates;
  /** The booking's .ics for one member, sent with confirmation and cancellation e-mails (decision 096). */
  calendar: (bookingId: string, userId: string) => Promise<MailCalendar | null>;
}) {
  const { repo, chat, notifications, now } = deps;
  const consume = createRateLimiter(deps.countHit, now);

  const when = (b: BookingRow) => `${formatInZone(b.startAt, b.timeZone)} (${cityTime(b.timeZone)})`;
  const summary = (b: BookingRow) =>
    `${b.tourName} on ${when(b)} for ${b.partySize} ${b.partySize === 1 ? 'person' : 'people'}, ${formatMoney(b.guideTotal, b.guideCurrency)}`;
  // docs/product.md#payment: the all-in refund; a booking made before the ledger is settled with the guide.
  const refundLine = (b: BookingRow) => {
    if (!isLedgered(b)) {
      return `Refund under the ${policyLabel(b.cancellationPolicy)} policy: ${formatMoney(b.refundAmount ?? 0, b.guideCurrency)} of ${formatMoney(b.guideTotal, b.guideCurrency)}, to be settled with the guide.`;
    }
    if (b.payment === 'released') return 'Nothing was charged: the hold is released.';
    return `Refund under the ${policyLabel(b.cancellationPolicy)} policy: ${formatMinor(b.refundMinor ?? 0, b.guideCurrency)} of ${formatMinor(b.totalMinor, b.guideCurrency)}.`;
  };
  const post =
    (step: Parameters<typeof moneyEventsOf>[0], from: 'requested' | 'accepted' | null, atOnce = false) =>
    (tx: Tx, row: BookingRow) =>
      deps.payments.post(tx, row, moneyEventsOf(step, from, atOnce));

  /** An Idempotency-Key's claim and answer, in the write's transaction (decision 086). */
  const keyed = (once: Once | undefined, user: SessionUser): InTransaction | undefined =>
    once && {
      first: (tx) => once.claim(tx),
      last: async (tx, row) => {
        const people = await repo.withPeopleById(row.id, tx);
        await once.keep(tx, { booking: toBooking(people!, viewerOf(user, row)) });
      },
    };

  async function load(id: string) {
    const row = await repo.withPeopleById(id);
    if (!row) throw notFound();
    return row;
  }

  /** Records a change in the conversation, tells the other side (or both) and refreshes open screens. */
  async function announce(
    b: BookingRow,
    change: {
      key: string;
      actorId: string;
      text: string;
      title: string;
      notify: string[];
      /** The e-mail carries the booking's .ics: a confirmation, or the cancellation of an accepted booking. */
      invite?: boolean;
    },
  ) {
    // Whether the pair's contact details are masked may have changed, and the guide's free times have.
    chat.forgetContexts();
    deps.experiences.forgetSlots(b.guideId);
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
      await notifications.notify(
        userId,
        {
          topic: 'bookings',
          kind: `booking-${change.key}`,
          title: change.title,
          body: change.text,
          link: userId === b.guideId ? paths.guide.bookings : paths.tourist.bookings,
        },
        change.invite ? (to) => deps.calendar(b.id, to) : undefined,
      );
    }
    await deps.publish([b.touristId, b.guideId], { type: 'booking', bookingId: b.id });
  }

  /**
   * Completes what has ended and declines requests nobody answered; safe to run on every instance. The
   * booking-sweep job runs it each minute; a booking or an action runs it first too (they write anyway).
   * Returns how many bookings changed.
   */
  async function sweep(): Promise<number> {
    const at = new Date(now());
    const completed = await repo.completeDue(at, payoutDueAfter(at), post('complete', 'accepted'));
    for (const b of completed) {
      await announce(b, {
        key: 'completed',
        actorId: b.guideId,
        text: `Completed: ${b.tourName}. How was it? You can now leave a review.`,
        title: 'Booking completed',
        notify: [b.touristId, b.guideId],
      }).catch((err) => deps.log.error({ err, booking: b.id }, 'could not announce a completed booking'));
    }
    const expired = await repo.expireDue(at, EXPERIENCE_MESSAGES.expired, post('expire', 'requested'));
    for (const b of expired) {
      await announce(b, {
        key: 'expired',
        actorId: b.guideId,
        text: `Expired: ${b.tourName} on ${when(b)} (${EXPERIENCE_MESSAGES.expired.toLowerCase()}). The time is free again.`,
        title: 'Booking request expired',
        notify: [b.touristId, b.guideId],
      }).catch((err) => deps.log.error({ err, booking: b.id }, 'could not announce an expired request'));
    }
    return completed.length + expired.length;
  }

  const service = {
    sweep,

    async request(
      user: SessionUser,
      body: { experienceId: string; start: string; partySize: number; note: string },
      once?: Once,
    ): Promise<Booking> {
      // Requests past their expiry free their slots before this one is checked against them.
      await sweep();
      const found = await repo.experience(body.experienceId);
      // Only a published experience of a guide travellers can see is bookable (docs/product.md#experiences).
      if (!found?.onboarded || found.experience.status !== 'published' || !found.profile.listed) {
        throw new HttpError(404, EXPERIENCE_MESSAGES.notFound, 'not-found');
      }
      const { experience: e, profile } = found;
      if (body.partySize < e.minGroup || body.partySize > e.maxGroup) {
        throw new HttpError(400, EXPERIENCE_MESSAGES.partySize(e.minGroup, e.maxGroup), 'party-size');
      }
      const start = new Date(body.start);
      if (await chat.isBlockedBetween(user.id, e.guideId)) {
        throw new HttpError(403, BOOKING_MESSAGES.blocked, 'blocked');
      }
      await consume(`booking:user:${user.id}`, {
        limit: BOOKING_REQUESTS_PER_HOUR * deps.rateLimitScale,
        windowMs: 60 * 60_000,
      });
      const tourist = await repo.tourist(user.id);
      if (!tourist) throw new HttpError(403, 'Complete your profile before booking', 'onboarding-required');

      // The server alone prices: the experience's price in the guide's currency, converted at Lokal's rates.
      const { rates } = await deps.rates();
      const guideTotal = priceFor(e.priceMode, e.price, body.partySize);
      const totalUsd = convertAmount(guideTotal, e.currency, 'USD', rates) ?? guideTotal;
      const shown = convertAmount(guideTotal, e.currency, tourist.currency, rates);
      const travellerCurrency = shown === null ? e.currency : tourist.currency;
      // The one amount function (decision 095): price, service fee, commission, the all-in total converted.
      const amounts = bookingAmounts({
        priceMode: e.priceMode,
        unitPrice: e.price,
        partySize: body.partySize,
        currency: e.currency,
        travellerCurrency,
        rate:
          exchangeRate(e.currency, travellerCurrency, rates) ?? exchangeRate(e.currency, e.currency, rates)!,
        fees: deps.fees,
      });
      const rules = await deps.experiences.rulesOf(e.guideId, profile.city);
      // Instant booking, and the guide's auto-accept, apply to verified tourists only (docs/product.md#bookings).
      const auto = (e.bookingMode === 'instant' || found.autoAccept) && tourist.profile.verified;
      const conversation = await chat.conversationOf(user.id, e.guideId, user.id);
      // The note reaches the guide in chat, a notification and an e-mail: it is kept as a chat message sent now
      // would be, contact details hidden unless the pair already has an accepted booking
      // (docs/product.md#contact-detail-masking).
      const note = await chat.maskForPair(user.id, e.guideId, body.note);
      const at = new Date(now());
      const result = await repo.insert(
        {
          touristId: user.id,
          guideId: e.guideId,
          experienceId: e.id,
          conversationId: conversation.id,
          tourName: e.title,
          durationMinutes: e.durationMinutes,
          pricePerPerson: Math.round(totalUsd / body.partySize),
          priceMode: e.priceMode,
          unitPrice: e.price,
          guideCurrency: e.currency,
          guideTotal,
          partySize: body.partySize,
          totalUsd,
          currency: travellerCurrency,
          totalLocal: shown ?? guideTotal,
          ...requestMoney(amounts, deps.fees, auto ? 'captured' : 'authorized'),
          cancellationPolicy: e.cancellationPolicy,
          startAt: start,
          endAt: new Date(start.getTime() + e.durationMinutes * 60_000),
          timeZone: rules.timeZone,
          note,
          status: auto ? 'accepted' : 'requested',
          autoAccepted: auto,
          decidedAt: auto ? at : null,
          expiresAt: auto ? null : new Date(Math.min(at.getTime() + REQUEST_TTL_MS, start.getTime())),
          createdAt: at,
          updatedAt: at,
        },
        // Re-checked while the tourist and the guide are held, so two requests cannot both pass.
        ({ pending, busy, imported }) => {
          if (!auto && pending >= PENDING_REQUESTS_MAX) return 'too-many-pending';
          const slot = { rules, durationMinutes: e.durationMinutes, now: at, start };
          if (isSlot({ ...slot, busy, imported })) return null;
          // A time that would be a slot but for another booking or a busy time of the guide's other calendars:
          // say so, rather than "not a slot".
          return isSlot({ ...slot, busy: [] }) ? 'slot-taken' : 'not-a-slot';
        },
        post('request', null, auto),
        keyed(once, user),
      );
      if (result === 'too-many-pending')
        throw new HttpError(409, EXPERIENCE_MESSAGES.tooManyPending, 'too-many-pending');
      if (result === 'not-a-slot') throw new HttpError(409, EXPERIENCE_MESSAGES.notSlot, 'not-a-slot');
      if (result === 'slot-taken')
        throw new HttpError(409, BOOKING_MESSAGES.slotTaken(profile.firstName), 'slot-taken');
      const booking = result;
      const name = tourist.profile.firstName;
      await announce(booking, {
        key: 'requested',
        actorId: user.id,
        text: `${name} requested ${summary(booking)}.${booking.note ? ` Note: “${booking.note}”` : ''}`,
        title: auto ? 'New booking' : 'New booking request',
        notify: [booking.guideId],
        invite: auto,
      });
      if (auto) {
        await announce(booking, {
          key: 'accepted',
          actorId: booking.guideId,
          text: `Accepted automatically: ${summary(booking)}.`,
          title: BOOKING_MESSAGES.accepted,
          notify: [booking.touristId],
          invite: true,
        });
      }
      return toBooking(await load(booking.id), 'tourist');
    },

    // Reads never sweep: the booking-sweep job does, each minute (decision 040).
    async list(user: SessionUser, query: { scope: BookingScope; cursor?: string; limit: number }) {
      const { scope, limit } = query;
      // A cursor of the other scope is refused: it was a position in another order.
      const cursor = decodeCursor<BookingCursor>(query.cursor, (c) =>
        c.s === scope && isPgTimestamp(c.at) && isUuid(c.id)
          ? { s: scope, at: c.at, id: c.id as string }
          : null,
      );
      const rows = await repo.forUser(user.id, scope, new Date(now()), { limit: limit + 1, cursor });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        bookings: page.map((r) => toBooking(r, viewerOf(user, r.booking))),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ s: scope, at: last.cursorAt, id: last.booking.id } satisfies BookingCursor)
            : null,
      };
    },

    /** The scope's first 200 bookings in one read, for the data export (as before the list paged). */
    async firstOf(user: SessionUser, scope: BookingScope) {
      return (await repo.forUser(user.id, scope, new Date(now()), { limit: 200, cursor: null })).map((r) =>
        toBooking(r, viewerOf(user, r.booking)),
      );
    },

    async get(user: SessionUser, id: string) {
      const row = await load(id);
      if (row.booking.touristId !== user.id && row.booking.guideId !== user.id) throw notFound();
      return toBooking(row, viewerOf(user, row.booking));
    },

    async act(
      user: SessionUser,
      id: string,
      action: 'accept' | 'decline' | 'cancel',
      reason: string,
      once?: Once,
    ) {
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
      // A reason is kept as a chat message sent now would be: judged before this change, like the note
      // (docs/product.md#contact-detail-masking).
      const shownReason = await chat.maskForPair(b.touristId, b.guideId, reason);
      const at = new Date(now());
      const updated = await repo.transition(
        id,
        b.status,
        to,
        action === 'cancel'
          ? {
              cancelReason: shownReason,
              cancelledBy: user.id,
              ...cancelMoney(
                b,
                refundShareBp({
                  policy: b.cancellationPolicy,
                  startAt: b.startAt,
                  cancelledAt: at,
                  by: actor,
                  wasAccepted: b.status === 'accepted',
                }),
                at,
              ),
            }
          : action === 'decline'
            ? {
                cancelReason: shownReason || null,
                decidedAt: at,
                ...(isLedgered(b) && { payment: 'released' as const }),
              }
            : { decidedAt: at, ...(isLedgered(b) && { payment: 'captured' as const }) },
        at,
        post(action, b.status === 'accepted' ? 'accepted' : 'requested'),
        keyed(once, user),
      );
      if (!updated) throw new HttpError(409, 'This booking changed meanwhile; look again.', 'conflict');
      const other = actor === 'guide' ? updated.touristId : updated.guideId;
      const who = actor === 'guide' ? row.guideFirst : row.touristFirst;
      const because = shownReason ? ` Reason: “${shownReason}”` : '';
      await announce(updated, {
        key: to,
        actorId: user.id,
        text:
          action === 'accept'
            ? `${who} accepted ${summary(updated)}.`
            : action === 'decline'
              ? `${who} declined ${summary(updated)}.${because}`
              : `${who} cancelled ${summary(updated)}.${because} ${refundLine(updated)}`,
        title:
          action === 'accept'
            ? BOOKING_MESSAGES.accepted
            : action === 'decline'
              ? BOOKING_MESSAGES.declined
              : BOOKING_MESSAGES.cancelled,
        notify: [other],
        invite: action === 'accept' || (action === 'cancel' && b.status === 'accepted'),
      });
      return toBooking(await load(id), actor);
    },

    /** This user's upcoming bookings (requested or accepted, not ended), with `otherId` only when given. */
    async upcoming(user: SessionUser, otherId?: string) {
      const rows = await repo.forUser(user.id, 'upcoming', new Date(now()), { limit: 200, cursor: null });
      return rows
        .filter((r) => !otherId || r.booking.touristId === otherId || r.booking.guideId === otherId)
        .map((r) => toBooking(r, viewerOf(user, r.booking)));
    },

    /**
     * Cancels these upcoming bookings with the user as the canceller, each under its policy's refund rules and
     * with notice to both (blocking someone, deleting the account: docs/product.md#block-and-report).
     */
    async cancelUpcoming(user: SessionUser, otherId: string | undefined, reason: string) {
      const cancelled: string[] = [];
      for (const b of await service.upcoming(user, otherId)) {
        try {
          await service.act(user, b.id, 'cancel', reason);
          cancelled.push(b.id);
        } catch (err) {
          // One that changed meanwhile (completed, declined) is no longer upcoming: nothing left to cancel.
          if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
        }
      }
      return cancelled;
    },
  };
  return service;
}

export type BookingsService = ReturnType<typeof createBookingsService>;

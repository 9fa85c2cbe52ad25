import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { paths } from '@lokal/shared/domain/pages';
import { formatInZone } from '@lokal/shared/domain/time-zone';
import { isUuid } from '@lokal/shared/domain/uuid';
import type { CalendarFeed } from '@lokal/shared/schemas/calendars';
import { addressOf } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type AppContext, perApp } from '../context.ts';
import { type CalendarEvent, type CalendarMethod, writeCalendar } from './ics.ts';
import { type CalendarsRepository, createCalendarsRepository, type EventRow } from './repository.ts';

/** Upcoming bookings and those of the last 30 days are in a member's feed (docs/product.md#calendars). */
const FEED_PAST_MS = 30 * 86_400_000;

const notFound = () => new HttpError(404, 'Booking not found', 'not-found');
const feedNotFound = () => new HttpError(404, 'Calendar feed not found', 'not-found');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createCalendarsService(deps: {
  repo: CalendarsRepository;
  publicUrl: string;
  mailFrom: string;
  now: () => number;
}) {
  const { repo } = deps;
  // Lokal's ORGANIZER address: the one mail comes from.
  const organizer = addressOf(deps.mailFrom);
  const link = (path: string) => new URL(path, deps.publicUrl).toString();

  /** The booking as an event in the calendar of one of its two members. */
  function eventFor(r: EventRow, viewerId: string): CalendarEvent {
    const b = r.booking;
    const asGuide = viewerId === b.guideId;
    const other = asGuide ? `${r.touristFirst} ${r.touristLast}` : `${r.guideFirst} ${r.guideLast}`;
    const url = link(asGuide ? paths.guide.bookings : paths.tourist.bookings);
    const party = `${b.partySize} ${b.partySize === 1 ? 'person' : 'people'}`;
    const place = r.meetingAddress ?? '';
    return {
      uid: `booking-${b.id}@lokal.app`,
      sequence: b.sequence,
      status:
        b.status === 'cancelled' || b.status === 'declined'
          ? 'CANCELLED'
          : b.status === 'requested'
            ? 'TENTATIVE'
            : 'CONFIRMED',
      start: b.startAt,
      end: b.endAt,
      summary: `${b.tourName} with ${other}`,
      description: [
        `${b.tourName} with ${other} (${asGuide ? 'traveller' : 'guide'}), ${party}.`,
        `${formatInZone(b.startAt, b.timeZone)}, ${r.city} time (${b.timeZone}).`,
        ...(b.status === 'requested' ? ['Requested: not yet accepted by the guide.'] : []),
        ...(b.status === 'cancelled' ? ['Cancelled.'] : []),
        ...(place ? [`Meeting point: ${place}`] : []),
        `The booking on Lokal: ${url}`,
      ].join('\n'),
      location: place,
      geo: r.meetingLat != null && r.meetingLng != null ? { lat: r.meetingLat, lng: r.meetingLng } : null,
      url,
      changedAt: b.updatedAt,
    };
  }

  /** One booking's .ics: an invitation, or its cancellation once it is cancelled or declined. */
  function bookingCalendar(r: EventRow, viewerId: string): string {
    const event = eventFor(r, viewerId);
    const method: CalendarMethod = event.status === 'CANCELLED' ? 'CANCEL' : 'REQUEST';
    return writeCalendar({ method, organizer, events: [event] });
  }

  const feedUrls = (token: string) => {
    const https = link(`/api/calendar/${token}.ics`);
    return { url: https, webcalUrl: https.replace(/^https?:/, 'webcal:') };
  };

  return {
    /** A booking's .ics for one of its members or staff; anyone else gets 404 as for a missing booking. */
    async forBooking(user: SessionUser, bookingId: string): Promise<string> {
      if (!isUuid(bookingId)) throw notFound();
      const row = await repo.event(bookingId);
      if (!row) throw notFound();
      const b = row.booking;
      const member = b.touristId === user.id || b.guideId === user.id;
      if (!member && user.role !== 'staff') throw notFound();
      // Staff see it as the traveller does.
      return bookingCalendar(row, member ? user.id : b.touristId);
    },

    /** The invitation (or cancellation) an e-mail to this member carries; null when the booking is gone. */
    async attachment(bookingId: string, recipientId: string) {
      const row = await repo.event(bookingId);
      if (!row) return null;
      const content = bookingCalendar(row, recipientId);
      const method =
        row.booking.status === 'cancelled' || row.booking.status === 'declined' ? 'CANCEL' : 'REQUEST';
      return { method, content } as const;
    },

    async feed(user: SessionUser): Promise<CalendarFeed> {
      const row = await repo.feed(user.id);
      return { feed: row ? { createdAt: row.createdAt.toISOString() } : null };
    },

    /** A new secret address; the old one (if any) stops working. The token is shown once, stored hashed. */
    async createFeed(user: SessionUser) {
      const token = randomBytes(32).toString('base64url');
      const at = new Date(deps.now());
      await repo.putFeed(user.id, hashToken(token), at);
      return { feed: { createdAt: at.toISOString(), ...feedUrls(token) } };
    },

    async revokeFeed(user: SessionUser) {
      await repo.deleteFeed(user.id);
    },

    /** The feed behind `<token>.ics`: the token is the credential, no session needed. */
    async feedCalendar(file: string): Promise<string> {
      const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
      if (!token) throw feedNotFound();
      const hash = hashToken(token);
      const row = await repo.feedByHash(hash);
      // Found by its hash, then compared in constant time.
      if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) throw feedNotFound();
      const rows = await repo.feedEvents(row.userId, new Date(deps.now() - FEED_PAST_MS));
      return writeCalendar({
        method: 'PUBLISH',
        name: 'Lokal bookings',
        events: rows.map((r) => eventFor(r, row.userId)),
      });
    },
  };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;

export const calendarsOf = perApp((ctx: AppContext) =>
  createCalendarsService({
    repo: createCalendarsRepository(ctx.db),
    publicUrl: ctx.config.publicUrl,
    mailFrom: ctx.config.mailFrom,
    now: ctx.now,
  }),
);

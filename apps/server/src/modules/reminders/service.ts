import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { formatInZone } from '@lokal/shared/domain/time-zone';
import { createCalendarsRepository, type EventRow } from '../calendars/repository.ts';
import { type AppContext, perApp } from '../context.ts';
import { type Notice, notificationsOf, REMINDER_MAIL_KIND } from '../notifications/service.ts';
import { createRemindersRepository, type ReminderKind, type Window } from './repository.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * The reminders and when each may go out (docs/product.md#reminders, decision 098). A window that opened
 * while no instance ran is still taken late, until it closes: the day-before reminder only while more than
 * 2 hours remain (then the 2-hour one is next), the 2-hour one until the start, the guide's only before the
 * request expires, the review prompt within the 14 days reviews can be written. A booking decided after a
 * window opened gets no reminder of it: the confirmation just said the same.
 */
export const REMINDER_WINDOWS: Window[] = [
  {
    kind: 'day-before',
    status: 'accepted',
    from: 'start',
    opensBeforeMs: DAY,
    closesBeforeMs: 2 * HOUR,
    settledBeforeOpening: true,
  },
  {
    kind: 'two-hours',
    status: 'accepted',
    from: 'start',
    opensBeforeMs: 2 * HOUR,
    closesBeforeMs: 0,
    settledBeforeOpening: true,
  },
  {
    kind: 'request-expiring',
    status: 'requested',
    from: 'expiry',
    opensBeforeMs: 6 * HOUR,
    closesBeforeMs: 0,
    settledBeforeOpening: true,
  },
  {
    kind: 'review-prompt',
    status: 'completed',
    from: 'completion',
    opensBeforeMs: -2 * HOUR,
    closesBeforeMs: -14 * DAY,
    settledBeforeOpening: false,
  },
];

/** Bookings handled per kind and turn; the next turn (a minute later) takes the rest. */
const BATCH = 100;

const name = (first: string, last: string) => `${first} ${last}`.trim();

/** "Sat 28 Nov, 18:00, Barcelona time (Europe/Madrid)": the city's clock, its zone named. */
function cityTimeOf(instant: Date, r: EventRow): string {
  return `${formatInZone(instant, r.booking.timeZone)}, ${r.city} time (${r.booking.timeZone})`;
}

/** Who gets a reminder of this kind, and what it says to each. */
function noticesOf(kind: ReminderKind, r: EventRow): { userId: string; notice: Notice }[] {
  const b = r.booking;
  const guide = name(r.guideFirst, r.guideLast);
  const tourist = name(r.touristFirst, r.touristLast);
  const when = cityTimeOf(b.startAt, r);
  const place = r.meetingAddress
    ? `Meeting point: ${r.meetingAddress}.`
    : 'The meeting point is in your conversation.';
  const talk = (role: 'tourist' | 'guide') =>
    b.conversationId ? conversationPath(role, b.conversationId) : paths[role].bookings;
  const booking = { id: b.id, whileStatus: b.status };
  const both = (title: string, urgent: boolean) =>
    (['tourist', 'guide'] as const).map((role) => {
      const other = role === 'tourist' ? guide : tourist;
      const body = `${b.tourName} with ${other}: ${when}. ${place}`;
      return {
        userId: role === 'tourist' ? b.touristId : b.guideId,
        notice: {
          topic: 'reminders',
          kind: `reminder-${kind}`,
          title,
          body,
          paragraphs: [body, 'Your conversation is one tap away if plans change.'],
          link: talk(role),
          urgent,
          booking,
        } satisfies Notice,
      };
    });
  switch (kind) {
    case 'day-before':
      return both(`Tomorrow: ${b.tourName}`, false);
    case 'two-hours':
      return both(`In 2 hours: ${b.tourName}`, true);
    case 'request-expiring': {
      const expires = b.expiresAt ? cityTimeOf(b.expiresAt, r) : when;
      const body = `${tourist} asked for ${b.tourName} on ${when}. The request expires ${expires} unless you accept or decline it.`;
      return [
        {
          userId: b.guideId,
          notice: {
            topic: 'reminders',
            kind: 'reminder-request-expiring',
            title: `Request waiting: ${b.tourName}`,
            body,
            link: talk('guide'),
            urgent: true,
            booking,
          },
        },
      ];
    }
    case 'review-prompt': {
      const body = `How was ${b.tourName} with ${guide}? Your review helps other travellers; you can write it within 14 days of the tour.`;
      return [
        {
          userId: b.touristId,
          notice: {
            topic: 'reviews',
            kind: 'review-prompt',
            title: `How was ${b.tourName}?`,
            body,
            link: paths.tourist.bookings,
            booking,
          },
        },
      ];
    }
  }
}

/**
 * The reminders job (decision 098): each turn finds the bookings whose reminder windows are open and, for
 * each, claims the reminder and writes its notices in one transaction — so a reminder goes out once across
 * instances and restarts, and never for a booking that left the status it needs (checked again just before
 * the e-mail and the push are sent). Returns how many reminders went out.
 */
export function createReminders(ctx: AppContext) {
  const repo = createRemindersRepository(ctx.db);
  const events = createCalendarsRepository(ctx.db);
  const notifications = notificationsOf(ctx);
  // A reminder's e-mail waiting in the outbox is dropped once its booking has moved on.
  ctx.outbox.sendOnlyIf(REMINDER_MAIL_KIND, async (ref) => {
    const [bookingId, status] = ref.split(':');
    return !!bookingId && (await repo.status(bookingId)) === status;
  });

  async function remind(w: Window, bookingId: string): Promise<boolean> {
    const r = await events.event(bookingId);
    if (!r) return false;
    const after = await ctx.db.transaction(async (tx) => {
      if (!(await repo.claim(tx, bookingId, w.kind, w.status, new Date(ctx.now())))) return null;
      const steps = [];
      for (const { userId, notice } of noticesOf(w.kind, r))
        steps.push(await notifications.write(tx, userId, notice));
      return steps;
    });
    if (!after) return false;
    for (const step of after) await step();
    return true;
  }

  return {
    async run(): Promise<number> {
      let sent = 0;
      for (const w of REMINDER_WINDOWS) {
        for (const id of await repo.due(w, new Date(ctx.now()), BATCH)) {
          try {
            if (await remind(w, id)) sent++;
          } catch (err) {
            ctx.log.error({ err, booking: id, reminder: w.kind }, 'reminder failed');
          }
        }
      }
      return sent;
    },
    sent: (bookingId: string) => repo.sent(bookingId),
  };
}

export const remindersOf = perApp(createReminders);

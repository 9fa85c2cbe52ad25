import { isUuid } from '@lokal/shared/domain/uuid';
import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { AppNotification } from '@lokal/shared/schemas/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { layoutMail, type MailCalendar } from '../../plugins/mail.ts';
import { type AppContext, perApp } from '../context.ts';
import { decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import { insertOutboxMessage } from '../outbox/repository.ts';
import type { Outbox } from '../outbox/service.ts';
import { quietHoursEnd } from '../push/quiet-hours.ts';
import { insertPushMessage } from '../push/repository.ts';
import { type Push, pushOf } from '../push/service.ts';
import {
  createNotificationsRepository,
  type NotificationCursor,
  type NotificationRow,
  type NotificationsRepository,
} from './repository.ts';

/** A transaction (or the database) the notice is written in. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function toNotification(n: NotificationRow): AppNotification {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt ? n.readAt.toISOString() : null,
  };
}

/** The kinds of event a member chooses channels for (docs/product.md#notifications). */
export type Topic = 'bookings' | 'reminders' | 'reviews';

/** Which of the member's switches carry each kind to each channel (users.*, decision 098). */
const CHANNELS = {
  bookings: { inApp: 'notifyBookings', email: 'notifyEmail', push: 'pushBookings' },
  reminders: { inApp: 'notifyReminders', email: 'emailReminders', push: 'pushReminders' },
  reviews: { inApp: 'notifyReviews', email: 'emailReviews', push: 'pushReviews' },
} as const satisfies Record<Topic, Record<'inApp' | 'email' | 'push', string>>;

export type Notice = {
  topic: Topic;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  /** The e-mail's paragraphs; the body alone unless given. */
  paragraphs?: string[];
  /** Sent through quiet hours (a reminder 2 hours before, a request about to expire). */
  urgent?: boolean;
  /** A reminder about a booking: its e-mail and push go out only while the booking is still in this status. */
  booking?: { id: string; whileStatus: string };
};

/** What a reminder's e-mail is in the outbox; its ref names the booking and the status it needs. */
export const REMINDER_MAIL_KIND = 'reminder';

export function createNotificationsService(deps: {
  db: Db;
  repo: NotificationsRepository;
  /** Wakes the workers after a commit that wrote mail or a push. */
  outbox: Pick<Outbox, 'kick'>;
  push: Pick<Push, 'kick'>;
  publicUrl: string;
  now: () => number;
  log: FastifyBaseLogger;
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
}) {
  const { repo } = deps;
  const absolute = (link: string | null) =>
    link ? new URL(link, deps.publicUrl).toString() : deps.publicUrl;

  /**
   * Writes a notice on the channels the member chose for its kind, in the caller's transaction: the in-app
   * notification, the e-mail (outbox, decision 085) and the push (held through quiet hours unless urgent).
   * Returns what to do once the transaction has committed: push the notification live, kick the workers.
   */
  async function write(
    tx: Tx,
    userId: string,
    n: Notice,
    attachment: MailCalendar | null = null,
  ): Promise<() => Promise<void>> {
    const who = await repo.recipient(userId, tx);
    if (!who) return async () => {};
    const on = CHANNELS[n.topic];
    const at = new Date(deps.now());
    const row = who[on.inApp]
      ? await repo.insert(
          // Stamped by the database, as every notification was: in order even under a test's fixed clock.
          { userId, kind: n.kind, title: n.title, body: n.body, link: n.link },
          tx,
        )
      : null;
    const mail = who[on.email];
    if (mail) {
      await insertOutboxMessage(tx, {
        kind: n.booking ? REMINDER_MAIL_KIND : 'notification',
        recipient: who.email,
        ...layoutMail({
          subject: `Lokal: ${n.title}`,
          heading: n.title,
          paragraphs: n.paragraphs ?? [n.body],
          action: { label: 'Open Lokal', url: absolute(n.link) },
          notes: ['You can choose which e-mails you get in your Lokal settings.'],
        }),
        calendar: attachment?.content ?? null,
        calendarMethod: attachment?.method ?? null,
        ref: n.booking ? `${n.booking.id}:${n.booking.whileStatus}` : null,
        createdAt: at,
      });
    }
    const push = who[on.push];
    if (push) {
      const held = n.urgent || !who.quietHours ? null : quietHoursEnd(at, who.timeZone ?? 'UTC');
      await insertPushMessage(tx, {
        userId,
        bookingId: n.booking?.id ?? null,
        whileStatus: n.booking?.whileStatus ?? null,
        payload: { title: n.title, body: n.body, url: absolute(n.link), tag: n.kind },
        dueAt: held ?? at,
        createdAt: at,
      });
    }
    return async () => {
      if (row) {
        await deps
          .publish([userId], { type: 'notification', notification: toNotification(row) })
          .catch((err) => deps.log.warn({ err }, 'notification push failed'));
      }
      if (mail) deps.outbox.kick();
      if (push) deps.push.kick();
    };
  }

  return {
    write,

    /**
     * Tells a member about a change on the channels they chose for its kind. Failing to write it is logged,
     * not thrown: the change itself has happened.
     */
    async notify(
      userId: string,
      n: Notice,
      /** The booking's .ics for this member, sent with the e-mail (decision 096). */
      calendar?: (userId: string) => Promise<MailCalendar | null>,
    ) {
      // Without its .ics if that cannot be read: the change itself has happened.
      const attachment = calendar
        ? await calendar(userId).catch((err) => {
            deps.log.error({ err, userId }, 'calendar attachment failed');
            return null;
          })
        : null;
      try {
        const after = await deps.db.transaction((tx) => write(tx, userId, n, attachment));
        await after();
      } catch (err) {
        deps.log.error({ err, userId }, 'notification failed');
      }
    },

    /**
     * Stores a notification and pushes it to the user's open app whatever their preferences: a staff decision
     * about their account. A failed push is logged; the notification waits in the list.
     */
    async deliver(userId: string, n: { kind: string; title: string; body: string; link: string | null }) {
      const row = await repo.insert({ userId, ...n, createdAt: new Date(deps.now()) });
      await deps
        .publish([userId], { type: 'notification', notification: toNotification(row) })
        .catch((err) => deps.log.warn({ err }, 'notification push failed'));
    },

    async list(userId: string, query: { cursor?: string; limit: number }) {
      const cursor = decodeCursor(query.cursor, (c) =>
        isPgTimestamp(c.at) && isUuid(c.id) ? { at: c.at, id: c.id as string } : null,
      );
      const [rows, unread] = await Promise.all([
        repo.list(userId, query.limit + 1, cursor),
        repo.unreadCount(userId),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        notifications: page.map((r) => toNotification(r.row)),
        unread,
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.cursorAt, id: last.row.id } satisfies NotificationCursor)
            : null,
      };
    },

    async markRead(userId: string, ids: string[] | undefined) {
      await repo.markRead(userId, ids, new Date(deps.now()));
      return { unread: await repo.unreadCount(userId) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The one notifications service of this app: bookings and staff decisions notify through it. */
export const notificationsOf = perApp((ctx: AppContext) =>
  createNotificationsService({
    db: ctx.db,
    repo: createNotificationsRepository(ctx.db),
    outbox: ctx.outbox,
    push: pushOf(ctx),
    publicUrl: ctx.config.publicUrl,
    now: ctx.now,
    log: ctx.log,
    publish: ctx.publish,
  }),
);

import { isUuid } from '@lokal/shared/domain/uuid';
import type { ServerFrame } from '@lokal/shared/schemas/chat';
import type { AppNotification } from '@lokal/shared/schemas/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { layoutMail, type MailCalendar, type Mailer } from '../../plugins/mail.ts';
import { type AppContext, perApp } from '../context.ts';
import { decodeCursor, encodeCursor, isPgTimestamp } from '../cursor.ts';
import {
  createNotificationsRepository,
  type NotificationCursor,
  type NotificationRow,
  type NotificationsRepository,
} from './repository.ts';

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

export function createNotificationsService(deps: {
  repo: NotificationsRepository;
  mailer: Mailer;
  publicUrl: string;
  now: () => number;
  log: FastifyBaseLogger;
  publish: (to: string[], frame: ServerFrame) => Promise<void>;
}) {
  const { repo } = deps;
  return {
    /**
     * Tells a user about a change: in the app (stored and pushed live) when they keep booking
     * notifications on, and by e-mail when they keep e-mail updates on. The e-mail goes through the outbox (decision 085); failing to queue it is logged, not thrown:
     * the change itself has happened.
     */
    async notify(
      userId: string,
      n: { kind: string; title: string; body: string; link: string | null },
      /** The booking's .ics for this member, sent with the e-mail (decision 096). */
      calendar?: (userId: string) => Promise<MailCalendar | null>,
    ) {
      const who = await repo.recipient(userId);
      if (!who) return;
      if (who.notifyBookings) {
        const row = await repo.insert({ userId, ...n });
        await deps.publish([userId], { type: 'notification', notification: toNotification(row) });
      }
      if (who.notifyEmail) {
        // Without its .ics if that cannot be read: the change itself has happened.
        const attachment = calendar
          ? await calendar(userId).catch((err) => {
              deps.log.error({ err, userId }, 'calendar attachment failed');
              return null;
            })
          : null;
        const url = n.link ? new URL(n.link, deps.publicUrl).toString() : deps.publicUrl;
        await deps.mailer
          .send({
            to: who.email,
            ...layoutMail({
              subject: `Lokal: ${n.title}`,
              heading: n.title,
              paragraphs: [n.body],
              action: { label: 'Open Lokal', url },
              notes: ['You can turn these e-mails off in your Lokal settings.'],
            }),
            ...(attachment ? { calendar: attachment } : {}),
          })
          .catch((err) => deps.log.error({ err, userId }, 'notification e-mail failed'));
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
    repo: createNotificationsRepository(ctx.db),
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    now: ctx.now,
    log: ctx.log,
    publish: ctx.publish,
  }),
);

import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/bookings.ts';
import { users } from '../../db/schema/users.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationCursor = { at: string; id: string };

export function createNotificationsRepository(db: Db) {
  return {
    /** Part of the caller's transaction when given one (a reminder is written with its claim). */
    async insert(
      values: {
        userId: string;
        kind: string;
        title: string;
        body: string;
        link: string | null;
        createdAt?: Date;
      },
      exec: Pick<Db, 'insert'> = db,
    ) {
      const [row] = await exec.insert(notifications).values(values).returning();
      return row!;
    },

    /** A page of the user's notifications, newest first, after the cursor (decision 039). */
    async list(userId: string, limit: number, cursor: NotificationCursor | null) {
      return db
        .select({ row: notifications, cursorAt: sql<string>`${notifications.createdAt}::text` })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            cursor
              ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks these (or all) of the user's notifications read; another user's ids are ignored. */
    async markRead(userId: string, ids: string[] | undefined, at: Date) {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        );
    },

    /** The member's address and channel switches, read in the caller's transaction when given one. */
    async recipient(userId: string, exec: Pick<Db, 'select'> = db) {
      const [row] = await exec
        .select({
          email: users.email,
          notifyBookings: users.notifyBookings,
          notifyEmail: users.notifyEmail,
          pushBookings: users.pushBookings,
          notifyReminders: users.notifyReminders,
          emailReminders: users.emailReminders,
          pushReminders: users.pushReminders,
          notifyReviews: users.notifyReviews,
          emailReviews: users.emailReviews,
          pushReviews: users.pushReviews,
          quietHours: users.quietHours,
          timeZone: users.timeZone,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

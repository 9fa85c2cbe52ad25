import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/bookings.ts';
import { users } from '../../db/schema/users.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export function createNotificationsRepository(db: Db) {
  return {
    async insert(values: {
      userId: string;
      kind: string;
      title: string;
      body: string;
      link: string | null;
      createdAt?: Date;
    }) {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },

    async list(userId: string, limit: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
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

    async recipient(userId: string) {
      const [row] = await db
        .select({ email: users.email, notifyBookings: users.notifyBookings, notifyEmail: users.notifyEmail })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

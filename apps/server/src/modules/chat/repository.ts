import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/chat.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

export function createChatRepository(db: Db) {
  return {
    async userExists(id: string, role: 'tourist' | 'guide'): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, role), eq(users.onboardingCompleted, true)));
      return rows.length > 0;
    },

    /** The pair's conversation, created on first contact. */
    async openConversation(touristId: string, guideId: string, startedBy: string): Promise<ConversationRow> {
      await db.insert(conversations).values({ touristId, guideId, startedBy }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.touristId, touristId), eq(conversations.guideId, guideId)));
      return row!;
    },

    /** The conversation only when this user takes part in it. */
    async conversationFor(id: string, userId: string): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.id, id),
            or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)),
          ),
        );
      return row ?? null;
    },

    async listFor(userId: string) {
      // Written out qualified: inside the subqueries a bare "id" would mean the message's id.
      const lastId = sql<
        number | null
      >`(select max(m.id) from ${messages} m where m.conversation_id = conversations.id)`;
      const unread = sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = conversations.id and m.read_at is null and m.sender_id <> ${userId})`;
      return db
        .select({ conversation: conversations, lastId, unread })
        .from(conversations)
        .where(or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)))
        .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`));
    },

    async messagesByIds(ids: number[]): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(messages).where(sql`${messages.id} in ${ids}`);
    },

    async people(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ user: users, guide: guideProfiles, tourist: touristProfiles })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
        .where(sql`${users.id} in ${ids}`);
    },

    async history(
      conversationId: string,
      opts: { before?: number; after?: number; limit: number },
    ): Promise<MessageRow[]> {
      if (opts.after !== undefined) {
        return db
          .select()
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), gt(messages.id, opts.after)))
          .orderBy(asc(messages.id))
          .limit(opts.limit);
      }
      const rows = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            opts.before ? lt(messages.id, opts.before) : undefined,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(opts.limit);
      return rows.reverse();
    },

    /** Inserts once per (sender, clientId); a retry returns the message already stored. */
    async send(values: { conversationId: string; senderId: string; body: string; clientId: string }) {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(messages).values(values).onConflictDoNothing().returning();
        if (inserted[0]) {
          await tx
            .update(conversations)
            .set({ lastMessageAt: inserted[0].createdAt })
            .where(eq(conversations.id, values.conversationId));
          return { message: inserted[0], created: true };
        }
        const [existing] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.senderId, values.senderId), eq(messages.clientId, values.clientId)));
        return { message: existing!, created: false };
      });
    },

    /** Everyone who shares a conversation with this user (they see the user's presence). */
    async partnersOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ tourist: conversations.touristId, guide: conversations.guideId })
        .from(conversations)
        .where(or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)));
      return rows.map((r) => (r.tourist === userId ? r.guide : r.tourist));
    },

    async markRead(conversationId: string, readerId: string, at: Date): Promise<number> {
      const rows = await db
        .update(messages)
        .set({ readAt: at })
        .where(
          and(
            eq(messages.conversationId, conversationId),
            ne(messages.senderId, readerId),
            isNull(messages.readAt),
          ),
        )
        .returning({ id: messages.id });
      return rows.length;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

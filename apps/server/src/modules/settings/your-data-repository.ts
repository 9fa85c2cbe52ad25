import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { invites, loginTokens, phoneCodes, sessions } from '../../db/schema/auth.ts';
import { calendarFeeds, notifications, reviews } from '../../db/schema/bookings.ts';
import { conversations, messages } from '../../db/schema/chat.ts';
import { favorites, guideAssessments, guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { pushSubscriptions } from '../../db/schema/push.ts';
import { users } from '../../db/schema/users.ts';
import { CHANNEL_COLUMNS } from './repository.ts';

const AVATAR = '/api/avatars/member.svg';

// "Your data" (docs/product.md#your-data): what the export reads and what deleting an account changes.
export function createYourDataRepository(db: Db) {
  return {
    async account(userId: string) {
      const [row] = await db
        .select({ user: users, guide: guideProfiles, tourist: touristProfiles })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    favorites: (userId: string) =>
      db
        .select({
          profileId: favorites.profileId,
          profileType: favorites.profileType,
          profileName: favorites.profileName,
          createdAt: favorites.createdAt,
        })
        .from(favorites)
        .where(eq(favorites.userId, userId)),

    /** The member's conversations with the other party's public name, and only the messages the member sent. */
    async conversations(userId: string) {
      const rows = await db
        .select({
          id: conversations.id,
          createdAt: conversations.createdAt,
          other: sql<string>`coalesce(
            (select gp.first_name || ' ' || gp.last_name from ${guideProfiles} gp where gp.user_id = (case when ${conversations.touristId} = ${userId} then ${conversations.guideId} else ${conversations.touristId} end)),
            (select tp.first_name || ' ' || tp.last_name from ${touristProfiles} tp where tp.user_id = (case when ${conversations.touristId} = ${userId} then ${conversations.guideId} else ${conversations.touristId} end)),
            'Lokal member')`,
        })
        .from(conversations)
        .where(or(eq(conversations.touristId, userId), eq(conversations.guideId, userId)))
        .orderBy(asc(conversations.createdAt));
      const ids = rows.map((r) => r.id);
      const sent = ids.length
        ? await db
            .select({
              id: messages.id,
              conversationId: messages.conversationId,
              body: messages.body,
              kind: messages.kind,
              createdAt: messages.createdAt,
            })
            .from(messages)
            .where(and(inArray(messages.conversationId, ids), eq(messages.senderId, userId)))
            .orderBy(asc(messages.id))
        : [];
      return { rows, sent };
    },

    /** Reviews the member wrote, and published reviews about the member (public on their profile). */
    reviews: (userId: string) =>
      db
        .select({
          bookingId: reviews.bookingId,
          authorId: reviews.authorId,
          subjectId: reviews.subjectId,
          rating: reviews.rating,
          text: reviews.text,
          createdAt: reviews.createdAt,
          publishedAt: reviews.publishedAt,
        })
        .from(reviews)
        .where(
          or(
            eq(reviews.authorId, userId),
            and(eq(reviews.subjectId, userId), sql`${reviews.publishedAt} is not null`),
          ),
        ),

    notifications: (userId: string) =>
      db
        .select({
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt)),

    async audit(entry: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(entry);
    },

    /**
     * Deletes the account in place: the row stays (messages and bookings point to it) but holds nothing
     * personal, the address is freed, every session ends and the profile leaves every list. Answers the photos
     * whose files are to be removed.
     */
    async anonymize(userId: string, at: Date, audit: typeof auditLog.$inferInsert): Promise<string[]> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            email: users.email,
            guideImage: guideProfiles.image,
            touristImage: touristProfiles.image,
            gallery: touristProfiles.profileImages,
          })
          .from(users)
          .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
          .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
          .where(eq(users.id, userId))
          .for('update', { of: users });
        if (!row) return [];
        await tx
          .update(users)
          .set({
            // The address is freed: a new sign-up with it starts a new account (decision 026).
            email: `deleted-${userId}@deleted.lokal.invalid`,
            displayName: 'Deleted member',
            phone: null,
            phoneVerifiedAt: null,
            city: null,
            // Nothing more is sent to a deleted member, on any channel.
            ...Object.fromEntries(CHANNEL_COLUMNS.map((c) => [c, false])),
            timeZone: null,
            autoAcceptBookings: false,
            deletedAt: at,
          })
          .where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
        await tx.delete(loginTokens).where(sql`lower(${loginTokens.email}) = lower(${row.email})`);
        await tx
          .delete(invites)
          .where(and(eq(invites.email, row.email.toLowerCase()), ne(invites.source, 'config')));
        await tx.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
        await tx.delete(guideAssessments).where(eq(guideAssessments.userId, userId));
        await tx.delete(favorites).where(or(eq(favorites.userId, userId), eq(favorites.profileId, userId)));
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        // The calendar feed's address stops working with the account (decision 096).
        await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
        const blank = {
          firstName: 'Deleted',
          lastName: 'member',
          bio: '',
          image: AVATAR,
          age: null,
          showcaseRank: null,
        };
        await tx
          .update(guideProfiles)
          .set({
            ...blank,
            listed: false,
            hideProfile: true,
            socialMedia: null,
            gender: null,
            customGender: null,
            pronouns: null,
            profession: '',
          })
          .where(eq(guideProfiles.userId, userId));
        await tx
          .update(touristProfiles)
          .set({ ...blank, profileImages: [], occupation: '', interests: [], lookingFor: [], languages: [] })
          .where(eq(touristProfiles.userId, userId));
        await tx.insert(auditLog).values(audit);
        return [row.guideImage, row.touristImage, ...(row.gallery ?? [])].filter((p): p is string =>
          Boolean(p),
        );
      });
    },
  };
}

export type YourDataRepository = ReturnType<typeof createYourDataRepository>;

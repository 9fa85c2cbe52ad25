import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideProfiles, touristProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type AccountPatch = Partial<
  Pick<typeof users.$inferInsert, PreferenceColumn | 'quietHours' | 'timeZone' | 'autoAcceptBookings'>
>;
/** Every channel switch of the member (docs/product.md#notifications). */
export const CHANNEL_COLUMNS = [
  'notifyBookings',
  'notifyEmail',
  'pushBookings',
  'notifyReminders',
  'emailReminders',
  'pushReminders',
  'notifyReviews',
  'emailReviews',
  'pushReviews',
] as const;
type PreferenceColumn = (typeof CHANNEL_COLUMNS)[number];
export type ProfilePatch = Partial<
  Pick<typeof guideProfiles.$inferInsert, 'firstName' | 'lastName' | 'socialMedia' | 'hideSocialMedia'>
>;

export function createSettingsRepository(db: Db) {
  return {
    /** The user's row with whichever profile their role has (none before onboarding). */
    async read(userId: string) {
      const [row] = await db
        .select({
          role: users.role,
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
          autoAcceptBookings: users.autoAcceptBookings,
          guide: {
            firstName: guideProfiles.firstName,
            lastName: guideProfiles.lastName,
            socialMedia: guideProfiles.socialMedia,
            hideSocialMedia: guideProfiles.hideSocialMedia,
            verificationStatus: guideProfiles.verificationStatus,
            rejectionReason: guideProfiles.rejectionReason,
          },
          tourist: { firstName: touristProfiles.firstName, lastName: touristProfiles.lastName },
        })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .leftJoin(touristProfiles, eq(touristProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The member's time zone, as their browser names it (quiet hours). */
    async setTimeZone(userId: string, timeZone: string) {
      await db.update(users).set({ timeZone }).where(eq(users.id, userId));
    },

    /**
     * Writes only the columns given, in one transaction, so two quick toggles never undo each other.
     * A new name also becomes the display name. False when a profile change finds no profile.
     */
    async update(
      userId: string,
      role: 'tourist' | 'guide',
      account: AccountPatch,
      profile: ProfilePatch,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (Object.keys(profile).length > 0) {
          const table = role === 'guide' ? guideProfiles : touristProfiles;
          const rows = await tx
            .update(table)
            .set(profile)
            .where(eq(table.userId, userId))
            .returning({ firstName: table.firstName, lastName: table.lastName });
          const names = rows[0];
          if (!names) return false;
          if (profile.firstName !== undefined || profile.lastName !== undefined) {
            await tx
              .update(users)
              .set({ displayName: `${names.firstName} ${names.lastName}` })
              .where(eq(users.id, userId));
          }
        }
        if (Object.keys(account).length > 0) {
          await tx.update(users).set(account).where(eq(users.id, userId));
        }
        return true;
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

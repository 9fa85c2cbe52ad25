import type { TouristTrip } from '@lokal/shared/schemas/onboarding';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { experiences } from '../../db/schema/experiences.ts';
import {
  guideAssessments,
  guideProfiles,
  type TourTypeOffer,
  touristProfiles,
} from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { adoptTourTypes } from '../experiences/repository.ts';

export function createOnboardingRepository(db: Db) {
  // The guide's own page asks this on every visit: built once, then only executed.
  const previewStatement = db
    .select({ profile: guideProfiles, answers: guideAssessments.answers, user: users })
    .from(guideProfiles)
    .innerJoin(users, eq(users.id, guideProfiles.userId))
    .leftJoin(guideAssessments, eq(guideAssessments.userId, guideProfiles.userId))
    .where(sql`${guideProfiles.userId} = ${sql.placeholder('userId')}::uuid`)
    .prepare('guide_preview');
  return {
    async completeTourist(
      userId: string,
      p: {
        firstName: string;
        lastName: string;
        occupation: string;
        image: string;
        trip: TouristTrip | null;
      },
    ): Promise<void> {
      const { trip, ...person } = p;
      const told = trip
        ? {
            city: trip.city,
            travelFrom: trip.travelFrom,
            travelTo: trip.travelTo,
            partySize: trip.partySize,
            languages: trip.languages,
            interests: trip.interests,
          }
        : {};
      await db.transaction(async (tx) => {
        await tx
          .insert(touristProfiles)
          .values({ userId, ...person, ...told })
          .onConflictDoUpdate({
            target: touristProfiles.userId,
            set: { firstName: p.firstName, lastName: p.lastName, occupation: p.occupation, ...told },
          });
        await tx
          .update(users)
          .set({ onboardingCompleted: true, displayName: `${p.firstName} ${p.lastName}` })
          .where(eq(users.id, userId));
      });
    },

    async completeGuide(
      userId: string,
      p: {
        firstName: string;
        lastName: string;
        city: string;
        gender: string;
        customGender: string | null;
        pronouns: string | null;
        image: string;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const { image, ...editable } = p;
        await tx
          .insert(guideProfiles)
          .values({ userId, ...p })
          .onConflictDoUpdate({ target: guideProfiles.userId, set: editable });
        await tx
          .update(users)
          .set({ onboardingCompleted: true, displayName: `${p.firstName} ${p.lastName}` })
          .where(eq(users.id, userId));
      });
    },

    /** Sets the currency unless the member chose one (anything but the untouched USD at 1). */
    async defaultCurrency(userId: string, currency: string, currencyMultiplier: number): Promise<void> {
      await db
        .update(users)
        .set({ currency, currencyMultiplier })
        .where(and(eq(users.id, userId), eq(users.currency, 'USD'), eq(users.currencyMultiplier, 1)));
    },

    async saveAssessment(
      userId: string,
      answers: Record<string, unknown>,
      profile: {
        languages: string[];
        profession: string;
        specialties: string[];
        tourTypes: TourTypeOffer[];
        priceMin: number;
        priceMax: number;
        hideProfile: boolean;
        listed: boolean;
        socialMedia: string;
        hideSocialMedia: boolean;
      },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(guideAssessments)
          .values({ userId, answers })
          .onConflictDoUpdate({ target: guideAssessments.userId, set: { answers, updatedAt: new Date() } });
        // The review queue's clock starts at the first completion; a rejected guide who resubmits is queued again.
        const rejected = sql`${guideProfiles.verificationStatus} = 'rejected'`;
        // Once the guide has experiences, the cards show those: the assessment no longer sets the tours.
        const hasExperiences = sql`exists (select 1 from ${experiences} where ${experiences.guideId} = ${userId})`;
        const { tourTypes, priceMin, priceMax, ...rest } = profile;
        await tx
          .update(guideProfiles)
          .set({
            ...rest,
            tourTypes: sql`case when ${hasExperiences} then ${guideProfiles.tourTypes} else ${JSON.stringify(tourTypes)}::jsonb end`,
            priceMin: sql`case when ${hasExperiences} then ${guideProfiles.priceMin} else ${priceMin} end`,
            priceMax: sql`case when ${hasExperiences} then ${guideProfiles.priceMax} else ${priceMax} end`,
            verificationRequestedAt: sql`case when ${rejected} then now() else coalesce(${guideProfiles.verificationRequestedAt}, now()) end`,
            verificationStatus: sql`case when ${rejected} then 'pending' else ${guideProfiles.verificationStatus} end`,
            rejectionReason: sql`case when ${rejected} then null else ${guideProfiles.rejectionReason} end`,
          })
          .where(eq(guideProfiles.userId, userId));
        await tx.update(users).set({ personalityTestCompleted: true }).where(eq(users.id, userId));
        // The chosen tours become draft experiences the guide completes and publishes: in the guide's currency
        // and without a price, which only the guide sets (docs/product.md#experiences).
        const [before] = await tx
          .select({ had: sql<boolean>`${hasExperiences}` })
          .from(users)
          .where(eq(users.id, userId));
        await adoptTourTypes(tx, userId, false);
        if (!before?.had) {
          await tx
            .update(experiences)
            .set({
              price: 0,
              currency: sql`(select ${users.currency} from ${users} where ${users.id} = ${userId})`,
            })
            .where(and(eq(experiences.guideId, userId), eq(experiences.status, 'draft')));
        }
      });
    },

    async guidePreview(userId: string) {
      const [row] = await previewStatement.execute({ userId });
      return row ?? null;
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;

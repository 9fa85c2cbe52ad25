import { EXPERIENCES, ONBOARDING_MESSAGES } from '@lokal/shared/constants/onboarding';
import { memberAvatarUrl } from '@lokal/shared/domain/avatar';
import { currencyForCity } from '@lokal/shared/domain/city-country';
import { displayLanguages, specialtiesFor } from '@lokal/shared/domain/onboarding-steps';
import type { Assessment, GuideOnboarding, TouristOnboarding } from '@lokal/shared/schemas/onboarding';
import type { TourTypeOffer } from '../../db/schema/profiles.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { normalisePhone, type PhoneService } from '../phone/service.ts';
import type { OnboardingRepository } from './repository.ts';

const STANDARD_PRICE = 120;
const HIGHEST_PAID_PRICE = 180;

/** The tour types a new guide offers, from the experiences they chose; editable later. */
export function tourTypesFromExperiences(experiences: readonly string[]): TourTypeOffer[] {
  return experiences.map((title) => {
    const e = EXPERIENCES.find((x) => x.title === title);
    return { name: title, duration: '3 hours', price: e?.highestPaid ? HIGHEST_PAID_PRICE : STANDARD_PRICE };
  });
}

export function createOnboardingService(deps: {
  repo: OnboardingRepository;
  phone: PhoneService;
  /** Lokal's USD-based rates: a currency's multiplier. */
  rates: () => Promise<{ rates: Record<string, number> }>;
}) {
  const { repo, phone } = deps;

  // The server trusts its own record of the verified phone, never the client's flag.
  async function requireVerifiedPhone(user: SessionUser, rawPhone: string): Promise<void> {
    const verified = await phone.verifiedPhoneOf(user.id);
    let given: string | null = null;
    try {
      given = normalisePhone(rawPhone);
    } catch {
      given = null;
    }
    if (!verified || verified !== given) {
      throw new HttpError(400, ONBOARDING_MESSAGES.phoneNotVerified, 'phone-not-verified');
    }
  }

  return {
    async completeTourist(user: SessionUser, body: TouristOnboarding): Promise<void> {
      await requireVerifiedPhone(user, body.phone);
      await repo.completeTourist(user.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        occupation: body.occupation,
        image: memberAvatarUrl({ userId: user.id, ...body }),
        // What the match score reads; a skipped step keeps what the profile holds.
        trip: body.trip ?? null,
      });
    },

    async completeGuide(user: SessionUser, body: GuideOnboarding): Promise<void> {
      await requireVerifiedPhone(user, body.phone);
      const other = body.gender === 'other';
      await repo.completeGuide(user.id, {
        firstName: body.firstName,
        lastName: body.lastName,
        // The city whose travellers the guide sees (docs/product.md#onboarding).
        city: body.city,
        gender: body.gender,
        customGender: other ? (body.customGender ?? null) : null,
        pronouns: other ? (body.pronouns ?? null) : null,
        image: memberAvatarUrl({ userId: user.id, ...body }),
      });
      // The currency starts as the city's (docs/product.md#city-and-currency); one the guide chose stays.
      const currency = currencyForCity(body.city);
      const multiplier = currency ? (await deps.rates()).rates[currency] : undefined;
      if (currency && multiplier) await repo.defaultCurrency(user.id, currency, multiplier);
    },

    async saveAssessment(user: SessionUser, answers: Assessment): Promise<void> {
      if (!user.onboardingCompleted) {
        throw new HttpError(
          403,
          'Complete onboarding before the personality assessment',
          'onboarding-required',
        );
      }
      const tourTypes = tourTypesFromExperiences(answers.experiences);
      const prices = tourTypes.map((t) => t.price);
      await repo.saveAssessment(user.id, answers, {
        languages: displayLanguages(answers.languages, answers.customLanguage),
        profession: answers.occupation,
        specialties: specialtiesFor(answers.experiences),
        tourTypes,
        priceMin: Math.min(...prices),
        priceMax: Math.max(...prices),
        hideProfile: answers.hideProfile,
        // Hidden profiles never reach tourists, yet the guide still sees tourists.
        listed: !answers.hideProfile,
        socialMedia: answers.socialMedia,
        hideSocialMedia: answers.hideSocialMedia,
      });
    },

    async preview(user: SessionUser) {
      const row = await repo.guidePreview(user.id);
      if (!row) throw new HttpError(404, 'Complete onboarding to see your profile', 'profile-not-found');
      const p = row.profile;
      return {
        personalityTestCompleted: row.user.personalityTestCompleted,
        profile: {
          id: p.userId,
          slug: p.slug,
          name: `${p.firstName} ${p.lastName}`,
          age: p.age,
          city: p.city,
          country: p.country,
          profession: p.profession,
          bio: p.bio,
          image: p.image,
          rating: p.rating,
          reviews: p.reviews,
          totalTours: p.totalTours,
          priceRange: { min: p.priceMin, max: p.priceMax },
          specialties: p.specialties,
          languages: p.languages,
          verified: p.verified,
          tourTypes: p.tourTypes,
          gender: p.gender,
          pronouns: p.pronouns,
          hideProfile: p.hideProfile,
          socialMedia: p.socialMedia,
          hideSocialMedia: p.hideSocialMedia,
        },
        assessment: (row.answers as Assessment | null) ?? null,
      };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;

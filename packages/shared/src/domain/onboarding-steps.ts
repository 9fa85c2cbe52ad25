import { EXPERIENCES, PHONE_MIN_LENGTH } from '../constants/onboarding.ts';

// Step validity of the wizards and the assessment (docs/product.md#onboarding): the Next button follows these.

export type TouristDraft = {
  firstName: string;
  lastName: string;
  phone: string;
  phoneVerified: boolean;
  occupation: string;
};
export type GuideDraft = {
  firstName: string;
  lastName: string;
  /** Where the guide works; prefilled from the detected city. */
  city: string;
  phone: string;
  phoneVerified: boolean;
  gender: '' | 'male' | 'female' | 'other';
  customGender: string;
  pronouns: string;
};

const filled = (s: string) => s.trim().length > 0;

export function isTouristStepValid(step: number, d: TouristDraft): boolean {
  if (step === 1) return filled(d.firstName) && filled(d.lastName);
  if (step === 2) return d.phone.trim().length >= PHONE_MIN_LENGTH && d.phoneVerified;
  if (step === 3) return filled(d.occupation);
  // The trip is optional (docs/product.md#match-score): any part, or none.
  if (step === 4) return true;
  return false;
}

export function isGuideStepValid(step: number, d: GuideDraft): boolean {
  if (step === 1) return filled(d.firstName) && filled(d.lastName) && filled(d.city);
  if (step === 2) return d.phone.trim().length >= PHONE_MIN_LENGTH && d.phoneVerified;
  if (step === 3)
    return d.gender !== '' && (d.gender !== 'other' || (filled(d.customGender) && filled(d.pronouns)));
  if (step === 4) return true;
  return false;
}

/**
 * Progress counts the steps saved, not the one on screen: step n of N shows (n − 1) ÷ N, and 100 % only once
 * the last step is saved (docs/product.md#onboarding).
 */
export function progressPercent(step: number, total: number, saved = false): number {
  if (saved) return 100;
  return Math.round((Math.min(Math.max(step - 1, 0), total) / total) * 100);
}

export type AssessmentDraft = {
  languages: string[];
  customLanguage: string;
  occupation: string;
  experiences: string[];
  musicPreference: { rap: number; techno: number; rock: number };
  drinks: boolean;
  cannabisComfort: number;
  politicalJokes: number;
  animeKdrama: '' | 'yes' | 'sometimes' | 'no';
  lgbtqFriendly: boolean;
  orientation: '' | 'straight' | 'bisexual' | 'gay' | 'lesbian' | 'other';
  hideProfile: boolean;
  relationshipStatus: '' | 'yes' | 'no' | 'complicated';
  socialMedia: string;
  hideSocialMedia: boolean;
};

/** The assessment's defaults (docs/product.md#onboarding). */
export function emptyAssessment(): AssessmentDraft {
  return {
    languages: [],
    customLanguage: '',
    occupation: '',
    experiences: [],
    musicPreference: { rap: 3, techno: 3, rock: 3 },
    drinks: false,
    cannabisComfort: 3,
    politicalJokes: 3,
    animeKdrama: '',
    lgbtqFriendly: true,
    orientation: '',
    hideProfile: false,
    relationshipStatus: '',
    socialMedia: '',
    hideSocialMedia: false,
  };
}

export function isAssessmentStepValid(step: number, d: AssessmentDraft): boolean {
  if (step === 1) return d.languages.length > 0 && filled(d.occupation);
  if (step === 2) return d.experiences.length > 0;
  if (step === 3) return true;
  if (step === 4) return d.animeKdrama !== '' && d.orientation !== '';
  if (step === 5) return d.relationshipStatus !== '' && filled(d.socialMedia);
  return false;
}

/** Ticking a language; unticking Other also clears the custom text. */
export function toggleLanguage(d: AssessmentDraft, language: string): AssessmentDraft {
  const on = d.languages.includes(language);
  const languages = on ? d.languages.filter((l) => l !== language) : [...d.languages, language];
  return { ...d, languages, customLanguage: language === 'Other' && on ? '' : d.customLanguage };
}

/** The guide's public specialties follow from the chosen experiences. */
export function specialtiesFor(experiences: readonly string[]): string[] {
  const out = new Set<string>();
  for (const title of experiences) {
    const e = EXPERIENCES.find((x) => x.title === title);
    if (e) out.add(e.specialty);
  }
  return [...out];
}

/** Languages as shown on the profile: Other is replaced by the typed language when there is one. */
export function displayLanguages(languages: readonly string[], customLanguage: string): string[] {
  return languages.flatMap((l) =>
    l === 'Other' ? (customLanguage.trim() ? [customLanguage.trim()] : []) : [l],
  );
}

// Constants of the onboarding wizards and the personality assessment (docs/product.md#onboarding).

export const TOURIST_STEPS = ['Personal Info', 'Verify Phone', 'Professional', 'Your Trip'] as const;
/** Party sizes the trip step offers; the last stands for "this many or more". */
export const PARTY_SIZES = [1, 2, 3, 4, 5, 6] as const;
export const GUIDE_STEPS = [
  'Personal Info',
  'Contact & Verify',
  'Gender & Pronouns',
  'Welcome Guide!',
] as const;
export const ASSESSMENT_STEPS = [
  'Languages & Background',
  'Experience Preferences',
  'Lifestyle & Interests',
  'Social Compatibility',
  'Personal Information',
] as const;

export const OCCUPATIONS = [
  'Entrepreneur',
  'Designer',
  'Developer',
  'Consultant',
  'Artist',
  'Writer',
  'Investor',
  'Student',
] as const;

export const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Japanese',
  'Chinese',
  'Korean',
  'Arabic',
  'Russian',
  'Other',
] as const;

/** The 13 experiences; the five nightlife, party and pub-crawl ones are the highest paid. */
export const EXPERIENCES = [
  { title: 'Pub Crawls', specialty: 'Nightlife', highestPaid: true },
  { title: 'Nightclub Nights', specialty: 'Nightlife', highestPaid: true },
  { title: 'House Parties', specialty: 'Nightlife', highestPaid: true },
  { title: 'Rooftop Bar Hopping', specialty: 'Nightlife', highestPaid: true },
  { title: 'Festival & Large Events', specialty: 'Nightlife', highestPaid: true },
  { title: 'Art & Museums', specialty: 'Art & Culture', highestPaid: false },
  { title: 'Food & Dining', specialty: 'Food & Dining', highestPaid: false },
  { title: 'Culture & History', specialty: 'History', highestPaid: false },
  { title: 'Architecture Walks', specialty: 'Architecture', highestPaid: false },
  { title: 'Fashion & Shopping', specialty: 'Fashion', highestPaid: false },
  { title: 'Scenic Drives', specialty: 'Adventure', highestPaid: false },
  { title: 'Adventure Sports', specialty: 'Adventure', highestPaid: false },
  { title: 'Deep Conversations', specialty: 'Art & Culture', highestPaid: false },
] as const;
export const HIGHEST_PAID_LABEL = 'Highest Paid';

export const GENDERS = ['male', 'female', 'other'] as const;
export const ANIME_KDRAMA = ['yes', 'sometimes', 'no'] as const;
export const ORIENTATIONS = ['straight', 'bisexual', 'gay', 'lesbian', 'other'] as const;
export const RELATIONSHIP_STATUSES = ['yes', 'no', 'complicated'] as const;

export const PHONE_MIN_LENGTH = 10;
export const CODE_LENGTH = 6;
export const GUIDE_ONBOARDING_REDIRECT_MS = 1000;

export const ONBOARDING_MESSAGES = {
  invalidPhone: 'Please enter a valid phone number.',
  invalidCode: 'Please enter a valid 6-digit code',
  phoneAlreadyVerified: 'Phone number already verified for this account!',
  phoneVerified: 'Phone number verified!',
  codeSent: 'Verification code sent!',
  namesRequired: 'First name and last name are required',
  phoneNotVerified: 'Phone number must be verified before completing onboarding',
  genderRequired: 'Please select your gender',
  cityRequired: 'Please enter the city where you guide',
  customGenderRequired: 'Please describe your gender and pronouns',
  onboardingFailed: 'Failed to complete onboarding',
  /** Only for a verified guide: a waiting guide's profile is not live yet (docs/product.md#onboarding). */
  assessmentComplete: 'Personality assessment complete! Profile is live!',
  assessmentCompletePending: 'Personality assessment complete! Our team will now review your profile.',
  assessmentNotLoggedIn: 'You must be logged in to complete the assessment',
  assessmentNoAuth: 'Authentication required. Please sign in again.',
  assessmentFailed: 'Failed to save personality assessment. Please try again.',
} as const;

/** The bot check's own failures in the browser, before any code is asked for (docs/product.md#onboarding). */
export const BOT_CHECK_MESSAGES = {
  expired: 'reCAPTCHA expired. Please try again.',
  initFailed: 'Failed to initialize verification. Please refresh the page.',
  missing: 'reCAPTCHA not initialized. Please refresh the page and try again.',
} as const;

/** What the UI shows for each SMS send error code (docs/product.md#error-codes). */
export const SMS_SEND_ERRORS: Record<string, string> = {
  'operation-not-allowed': 'Phone authentication is not available. Please contact support.',
  'invalid-app-credential': 'Authentication service configuration error. Please contact support.',
  'captcha-check-failed': 'Verification failed. Please try again later.',
  'too-many-requests': 'Too many verification attempts. Please try again later.',
  'invalid-phone-number': 'Invalid phone number format. Please check and try again.',
  'quota-exceeded': 'SMS quota exceeded. Please try again later.',
  'credential-already-in-use': 'This phone number is already linked to another account.',
};
export const SMS_SEND_FALLBACK = 'SMS service is currently unavailable. Please try again later.';

/** What the UI shows for each code check error (docs/product.md#error-codes). */
export const CODE_CHECK_ERRORS: Record<string, string> = {
  'invalid-verification-code': 'Invalid verification code. Please try again.',
  'code-expired': 'This code has expired. Ask for a new one.',
  'credential-already-in-use': 'This phone number is already linked to another account.',
  'too-many-requests': 'Too many verification attempts. Please try again later.',
};
export const CODE_CHECK_FALLBACK = 'Verification failed. Please try again.';

export function smsSendMessage(code: string | undefined): string {
  return (code && SMS_SEND_ERRORS[code]) || SMS_SEND_FALLBACK;
}
export function codeCheckMessage(code: string | undefined): string {
  return (code && CODE_CHECK_ERRORS[code]) || CODE_CHECK_FALLBACK;
}

export const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other' };
export const ANIME_LABELS: Record<string, string> = { yes: 'Yes', sometimes: 'Sometimes', no: 'No' };
export const ORIENTATION_LABELS: Record<string, string> = {
  straight: 'Straight',
  bisexual: 'Bisexual',
  gay: 'Gay',
  lesbian: 'Lesbian',
  other: 'Other',
};
export const RELATIONSHIP_LABELS: Record<string, string> = {
  yes: 'In a relationship',
  no: 'Single',
  complicated: "It's complicated",
};

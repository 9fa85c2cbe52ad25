/** The traveller's optional "Travel style" quiz (docs/product.md#travel-style): five short steps. */
export const TRAVEL_STYLE_STEPS = [
  'Languages',
  'Experiences',
  'Music',
  'Night life',
  'Humour & pace',
] as const;

export const TRAVEL_STYLE_MESSAGES = {
  saved: 'Travel style saved. Your matches now use it.',
  failed: 'Could not save your travel style. Please try again.',
  loadFailed: 'Could not load your travel style.',
  invite: 'Take the 1-minute Travel style quiz for better matches.',
  profileOnly: 'Match from your profile only',
  onboardingRequired: 'Finish your profile before the travel style quiz',
} as const;

/** The match as the screens word it (docs/product.md#match-score). */
export const MATCH_MESSAGES = {
  profileBasis: 'Based on your profile',
  theirProfileBasis: 'Based on their profile',
  takeQuiz: 'Take the Travel style quiz for a closer match',
  /** Shown instead of a score while the traveller told nothing the score reads. */
  quizForMatches: 'Take the quiz to see your matches',
} as const;

/** The ends of the pace scale, 1 to 5. */
export const PACE_HINT = ['Slow, a few stops', 'Packed, late nights'] as const;

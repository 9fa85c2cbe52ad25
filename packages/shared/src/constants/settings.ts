// Strings of the settings screens (docs/product.md#settings), kept once so screens and tests use the same text.
export const SETTINGS_MESSAGES = {
  handleUpdated: 'Social media handle updated!',
  saveFailed: 'Could not save your settings. Please try again.',
  profileUpdated: 'Profile updated',
  guideOnly: (setting: string) => `${setting} is only available to guides`,
  nothingToUpdate: 'Send at least one setting to change',
} as const;

/** The preferences' defaults; the database holds the same ones (users.notify_* and auto_accept_bookings). */
export const SETTINGS_DEFAULTS = {
  notifyBookings: true,
  notifyEmail: true,
  pushBookings: true,
  notifyReminders: true,
  emailReminders: true,
  pushReminders: true,
  notifyReviews: true,
  emailReviews: true,
  pushReviews: true,
  quietHours: true,
  autoAcceptBookings: false,
} as const;

/** Settings only a guide may change, with how a refusal names them. */
export const GUIDE_ONLY_SETTINGS = {
  autoAcceptBookings: 'Auto-accept bookings',
  socialMedia: 'The social media handle',
  hideSocialMedia: 'Hiding the social media handle',
} as const;

/** What the photo upload accepts (POST /api/users/me/photo checks the content as well). */
export const PHOTO_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
  tooLarge: 'The picture must be 5 MB or smaller',
  /** Pixels a picture may declare (width × height), checked before it is decoded. */
  maxPixels: 40_000_000,
  tooManyPixels: 'The picture must be 40 megapixels or smaller',
  wrongType: 'Please upload a JPEG, PNG or WebP picture',
  /** Photos a profile holds at most (a tourist's gallery; a guide has one). */
  maxPerProfile: 10,
  tooMany: 'A profile can have at most 10 photos. Remove one before adding another.',
  /** Uploads per member per hour (times RATE_LIMIT_SCALE). */
  uploadsPerHour: 30,
  /** A profile photo's smallest size: a face must show (docs/decisions/090-faces-and-places.md). */
  minProfile: { width: 400, height: 400 },
  /** An experience photo's smallest size, in either orientation. */
  minExperience: { width: 800, height: 600 },
  tooSmall: (min: { width: number; height: number }) =>
    `The photo must be at least ${min.width}×${min.height} pixels`,
  blank: 'This picture looks blank. Please upload a real photo.',
} as const;

// Reviews after a completed booking (docs/product.md#reviews, docs/decisions/010-reviews-and-figures.md).

/** Both sides may write for this long after completion; then whatever was written is published. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_TEXT_MAX = 2000;

/** What each number of stars means, for the radio labels and screen readers. */
export const STAR_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export const REVIEW_MESSAGES = {
  chooseStars: 'Choose 1 to 5 stars',
  textTooLong: `Keep your review under ${REVIEW_TEXT_MAX} characters`,
  bookingNotFound: 'Booking not found',
  notCompleted: 'You can review a booking once it is completed.',
  alreadyReviewed: 'You have already reviewed this booking.',
  windowClosed: `Reviews can be written within ${REVIEW_WINDOW_DAYS} days of the tour.`,
  profileNotFound: 'Profile not found',
  submitted: 'Thanks! Your review is saved.',
  published: 'Thanks! Both reviews are now published.',
  hiddenUntil: (date: string) =>
    `Your review stays hidden until the other side writes theirs, or until ${date}.`,
  noReviews: 'No reviews yet',
} as const;

export const BOOKING_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PARTY_MAX = 20;
/**
 * Where the money stands. No payment provider is connected yet: every booking is settled with the guide
 * (docs/product.md#cancellation); the other states are for the provider to come.
 */
export const PAYMENT_STATES = [
  'settle-with-guide',
  'authorized',
  'paid',
  'refunded',
  'partly-refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const NOTE_MAX = 500;
export const REASON_MAX = 300;
/** A booking starts at least this long after it is requested, and at most a year ahead. */
export const MIN_LEAD_MS = 60 * 60_000;
export const MAX_AHEAD_DAYS = 365;
export const BOOKING_REQUESTS_PER_HOUR = 20;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const BOOKING_MESSAGES = {
  requested: 'Booking requested',
  accepted: 'Booking accepted',
  declined: 'Booking declined',
  cancelled: 'Booking cancelled',
  slotTaken: (name: string) => `${name} is already booked at that time. Please choose another time.`,
  inPast: 'Choose a time at least an hour from now.',
  tooFar: 'Bookings can be made up to a year ahead.',
  noSuchTime: 'That time does not exist in this city (the clocks change). Choose another time.',
  unknownTour: 'Choose one of the tours this guide offers.',
  blocked: 'You cannot book this guide.',
  reasonRequired: 'Please give a reason',
  noAnswer: 'No answer before the start time',
} as const;

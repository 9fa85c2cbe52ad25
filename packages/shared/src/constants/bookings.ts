export const BOOKING_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PARTY_MAX = 20;
/**
 * Where the money stands (docs/product.md#payment): requested → authorized → captured → refunded or
 * partly-refunded → paid-out; a declined, expired or cancelled request is released. Bookings made before the
 * ledger keep settle-with-guide.
 */
export const PAYMENT_STATES = [
  'settle-with-guide',
  'requested',
  'authorized',
  'captured',
  'released',
  'refunded',
  'partly-refunded',
  'paid-out',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** A payment state in words for both members (docs/product.md#payment). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  'settle-with-guide': 'To be settled with the guide',
  requested: 'Waiting for the payment',
  authorized: 'Held, not yet taken',
  captured: 'Paid',
  released: 'Hold released, nothing charged',
  refunded: 'Refunded',
  'partly-refunded': 'Partly refunded',
  'paid-out': 'Paid out to the guide',
};
export const NOTE_MAX = 500;
export const REASON_MAX = 300;
/** Bookable at most a year ahead. */
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
  blocked: 'You cannot book this guide.',
  reasonRequired: 'Please give a reason',
} as const;

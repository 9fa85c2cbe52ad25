import type { BookingStatus } from '../constants/bookings.ts';

export type BookingAction = 'accept' | 'decline' | 'cancel' | 'complete' | 'expire';
export type BookingActor = 'tourist' | 'guide' | 'system';

// Every allowed step; anything else is refused (docs/product.md#booking-states).
const ALLOWED: Record<BookingAction, { from: BookingStatus[]; by: BookingActor[]; to: BookingStatus }> = {
  accept: { from: ['requested'], by: ['guide'], to: 'accepted' },
  decline: { from: ['requested'], by: ['guide'], to: 'declined' },
  cancel: { from: ['requested', 'accepted'], by: ['tourist', 'guide'], to: 'cancelled' },
  complete: { from: ['accepted'], by: ['system'], to: 'completed' },
  // A request nobody answered before its start time.
  expire: { from: ['requested'], by: ['system'], to: 'declined' },
};

/** The status after `action` by `actor`, or null when the step is not allowed. */
export function nextBookingStatus(
  current: BookingStatus,
  action: BookingAction,
  actor: BookingActor,
): BookingStatus | null {
  const rule = ALLOWED[action];
  return rule.from.includes(current) && rule.by.includes(actor) ? rule.to : null;
}

/** Minutes of a tour type's duration label: "3 hours", "90 minutes", "1.5 h", "Half day". */
export function durationMinutes(label: string): number {
  const text = label.trim().toLowerCase();
  if (text.includes('half day')) return 240;
  if (text.includes('full day') || text === 'day') return 480;
  const m = text.match(/(\d+(?:[.,]\d+)?)\s*(hours?|hrs?|h\b|minutes?|mins?|m\b)/);
  if (!m) return 120;
  const n = Number(m[1]!.replace(',', '.'));
  return Math.max(15, Math.round(m[2]!.startsWith('h') ? n * 60 : n));
}

/** "45 minutes", "2 hours", "2.5 hours": a duration in words that `durationMinutes` reads back. */
export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

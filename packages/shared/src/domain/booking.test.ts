import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../constants/bookings.ts';
import {
  type BookingAction,
  type BookingActor,
  durationLabel,
  durationMinutes,
  nextBookingStatus,
} from './booking.ts';

describe('the booking state machine', () => {
  const actions: BookingAction[] = ['accept', 'decline', 'cancel', 'complete', 'expire'];
  const actors: BookingActor[] = ['tourist', 'guide', 'system'];
  const allowed = new Set([
    'requested accept guide → accepted',
    'requested decline guide → declined',
    'requested cancel tourist → cancelled',
    'requested cancel guide → cancelled',
    'requested expire system → declined',
    'accepted cancel tourist → cancelled',
    'accepted cancel guide → cancelled',
    'accepted complete system → completed',
  ]);

  it('allows exactly the listed steps and refuses every other', () => {
    const seen = new Set<string>();
    for (const from of BOOKING_STATUSES) {
      for (const action of actions) {
        for (const actor of actors) {
          const to = nextBookingStatus(from, action, actor);
          if (to) seen.add(`${from} ${action} ${actor} → ${to}`);
        }
      }
    }
    expect(seen).toEqual(allowed);
  });
});

describe('durations and totals', () => {
  it('reads tour duration labels', () => {
    expect(durationMinutes('3 hours')).toBe(180);
    expect(durationMinutes('1 hour')).toBe(60);
    expect(durationMinutes('90 minutes')).toBe(90);
    expect(durationMinutes('1.5 h')).toBe(90);
    expect(durationMinutes('Half day')).toBe(240);
    expect(durationMinutes('Evening')).toBe(120);
  });

  it('writes a duration in words that reads back', () => {
    for (const m of [45, 60, 90, 120, 150, 720]) expect(durationMinutes(durationLabel(m))).toBe(m);
    expect(durationLabel(60)).toBe('1 hour');
    expect(durationLabel(150)).toBe('2.5 hours');
  });
});

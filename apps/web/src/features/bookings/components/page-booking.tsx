import type { Booking } from '@lokal/shared/schemas/bookings';
import type { Experience } from '@lokal/shared/schemas/experiences';
import { useState } from 'react';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { BookingForm } from './booking-form.tsx';

/**
 * Booking on the experience's page: the calendar, times, party and price, then what was booked. One chunk,
 * loaded when the tourist asks for the times (docs/product.md#experience-page).
 */
export function PageBooking({ experience: e }: { experience: Experience }) {
  const [booked, setBooked] = useState<Booking | null>(null);
  if (booked) return <BookingConfirmation booking={booked} />;
  return (
    <BookingForm
      card={{ ...e, photo: e.photos[0]?.url ?? null, photoCount: e.photos.length }}
      guideFirstName={e.guide.name.split(' ')[0] ?? e.guide.name}
      layout="page"
      onBooked={setBooked}
      focusOnOpen
    />
  );
}

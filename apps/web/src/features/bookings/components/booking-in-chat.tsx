import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { bookingQuery } from '../api/get-booking.ts';
import { BookingCard } from './booking-card.tsx';

/**
 * A booking's card inside the conversation it belongs to: the guide accepts or declines a request right there
 * (docs/product.md#bookings). The card keeps itself current: booking events refresh it.
 */
export function BookingInChat({ bookingId, side }: { bookingId: string; side: 'tourist' | 'guide' }) {
  const booking = useQuery(bookingQuery(bookingId));
  if (booking.isPending) return <Skeleton className="h-40 w-full max-w-md rounded-card" />;
  // A booking this side can no longer read (or a network error) leaves the line in the history on its own.
  if (booking.isError) return null;
  return (
    <div className="w-full max-w-lg">
      <BookingCard booking={booking.data} side={side} conversationHref={null} />
    </div>
  );
}

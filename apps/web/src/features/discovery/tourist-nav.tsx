import { paths } from '@lokal/shared/domain/pages';
import { CalendarDays, Compass, MessageCircle, UserRound } from 'lucide-react';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';

/** The tourist's bar: Discover, Messages, Bookings and Profile (docs/product.md#tourist-screens). */
/** `unread` comes from the chat feature; the screen passes it in. */
export function TouristBottomNav({ unread = 0 }: { unread?: number }) {
  return (
    <BottomNav
      label="Tourist"
      items={[
        { label: 'Discover', icon: Compass, to: paths.tourist.home },
        { label: 'Messages', icon: MessageCircle, to: paths.tourist.chats, badge: unread },
        { label: 'Bookings', icon: CalendarDays, to: paths.tourist.bookings },
        { label: 'Profile', icon: UserRound, to: paths.tourist.settings },
      ]}
    />
  );
}

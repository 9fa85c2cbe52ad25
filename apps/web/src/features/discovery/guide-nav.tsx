import { paths } from '@lokal/shared/domain/pages';
import { CalendarDays, Compass, MapPinned, MessageCircle, UserRound } from 'lucide-react';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';

/** `unread` comes from the chat feature; the screen passes it in. */
export function GuideBottomNav({ unread = 0 }: { unread?: number }) {
  return (
    <BottomNav
      label="Guide"
      items={[
        { label: 'Discover', icon: Compass, to: paths.guide.home },
        { label: 'Messages', icon: MessageCircle, to: paths.guide.chats, badge: unread },
        { label: 'Experiences', icon: MapPinned, to: paths.guide.experiences },
        { label: 'Bookings', icon: CalendarDays, to: paths.guide.bookings },
        { label: 'Profile', icon: UserRound, to: paths.guide.settings },
      ]}
    />
  );
}

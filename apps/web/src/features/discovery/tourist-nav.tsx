import { CalendarDays, Compass, MessageCircle, UserRound } from 'lucide-react';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';
import { paths } from '../../config/paths.ts';
import { toast } from '../../lib/toast.ts';

/** The tourist's bar: Discover, Messages, Bookings and Profile (spec §2). */
export function TouristBottomNav() {
  return (
    <BottomNav
      label="Tourist"
      items={[
        { label: 'Discover', icon: Compass, to: paths.tourist.home },
        { label: 'Messages', icon: MessageCircle, to: paths.tourist.chats },
        {
          label: 'Bookings',
          icon: CalendarDays,
          onClick: () => toast.info('Bookings open soon. Meanwhile, agree the details with your guide.'),
        },
        { label: 'Profile', icon: UserRound, to: paths.tourist.settings },
      ]}
    />
  );
}

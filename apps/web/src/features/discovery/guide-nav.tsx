import { CalendarDays, Compass, MessageCircle, UserRound } from 'lucide-react';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';
import { paths } from '../../config/paths.ts';
import { toast } from '../../lib/toast.ts';

export function GuideBottomNav() {
  return (
    <BottomNav
      label="Guide"
      items={[
        { label: 'Discover', icon: Compass, to: paths.guide.home },
        { label: 'Messages', icon: MessageCircle, to: paths.guide.chats },
        { label: 'Bookings', icon: CalendarDays, onClick: () => toast.info('Bookings open soon.') },
        { label: 'Profile', icon: UserRound, to: paths.guide.settings },
      ]}
    />
  );
}

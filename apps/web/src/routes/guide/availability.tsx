import { useUnreadTotal } from '../../features/chat/api/get-unread.ts';
import { GuideBottomNav } from '../../features/discovery/guide-nav.tsx';
import { AvailabilityScreen } from '../../features/experiences/components/availability-screen.tsx';

export function Component() {
  const unread = useUnreadTotal();
  return <AvailabilityScreen nav={<GuideBottomNav unread={unread} />} />;
}

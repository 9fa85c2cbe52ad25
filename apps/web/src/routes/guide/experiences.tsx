import { useUnreadTotal } from '../../features/chat/api/get-unread.ts';
import { GuideBottomNav } from '../../features/discovery/guide-nav.tsx';
import { ExperiencesScreen } from '../../features/experiences/components/experiences-screen.tsx';

export function Component() {
  const unread = useUnreadTotal();
  return <ExperiencesScreen nav={<GuideBottomNav unread={unread} />} />;
}

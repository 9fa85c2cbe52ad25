import type { TouristCard } from '@lokal/shared/schemas/discovery';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConversationsEmpty } from '../../features/discovery/components/conversations-empty.tsx';
import { GuideBottomNav } from '../../features/discovery/guide-nav.tsx';

export function Component() {
  const tourist = (useLocation().state as { tourist?: TouristCard } | null)?.tourist;
  return (
    <div className="min-h-dvh pb-24">
      <ConversationsEmpty
        person={tourist}
        lead="Travellers in your city are waiting to hear from you."
        action={{ label: 'Find Tourists', to: paths.guide.home }}
      />
      <GuideBottomNav />
    </div>
  );
}

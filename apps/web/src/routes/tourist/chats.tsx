import type { GuideCard } from '@lokal/shared/schemas/discovery';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ConversationsEmpty } from '../../features/discovery/components/conversations-empty.tsx';
import { TouristBottomNav } from '../../features/discovery/tourist-nav.tsx';

export function Component() {
  const guide = (useLocation().state as { guide?: GuideCard } | null)?.guide;
  return (
    <div className="min-h-dvh pb-24">
      <ConversationsEmpty
        person={guide ? { name: guide.name, image: guide.thumbnail } : undefined}
        lead="Find a guide you like and say hello."
        action={{ label: 'Discover Guides', to: paths.tourist.home }}
      />
      <TouristBottomNav />
    </div>
  );
}

import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { BookingsScreen } from '../../features/bookings/components/bookings-screen.tsx';
import { useUnreadTotal } from '../../features/chat/api/get-unread.ts';
import { TouristBottomNav } from '../../features/discovery/tourist-nav.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ReviewPrompt } from '../../features/reviews/components/review-prompt.tsx';

export function Component() {
  const unread = useUnreadTotal();
  return (
    <BookingsScreen
      side="tourist"
      home={{ label: 'Back to discovery', to: paths.tourist.home }}
      empty={{ lead: 'Find a guide, agree the details in chat, then book.', action: 'Discover Guides' }}
      conversationHref={(id) => conversationPath('tourist', id)}
      headerEnd={<NotificationBell />}
      extraFor={(b) => (b.status === 'completed' ? <ReviewPrompt bookingId={b.id} /> : null)}
      nav={<TouristBottomNav unread={unread} />}
    />
  );
}

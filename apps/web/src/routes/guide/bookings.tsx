import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { BookingsScreen } from '../../features/bookings/components/bookings-screen.tsx';
import { useUnreadTotal } from '../../features/chat/api/get-unread.ts';
import { GuideBottomNav } from '../../features/discovery/guide-nav.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ReviewPrompt } from '../../features/reviews/components/review-prompt.tsx';

export function Component() {
  const unread = useUnreadTotal();
  return (
    <BookingsScreen
      side="guide"
      home={{ label: 'Back to home', to: paths.guide.home }}
      empty={{ lead: 'Travellers book you from your conversations.', action: 'Find Tourists' }}
      conversationHref={(id) => conversationPath('guide', id)}
      headerEnd={<NotificationBell />}
      extraFor={(b) => (b.status === 'completed' ? <ReviewPrompt bookingId={b.id} /> : null)}
      nav={<GuideBottomNav unread={unread} />}
    />
  );
}

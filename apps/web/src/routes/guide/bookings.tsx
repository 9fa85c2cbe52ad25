import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { BookingsScreen } from '../../features/bookings/components/bookings-screen.tsx';
import { ReviewPrompt } from '../../features/reviews/components/review-prompt.tsx';

export function Component() {
  return (
    <BookingsScreen
      side="guide"
      home={{ label: 'Back to home', to: paths.guide.home }}
      empty={{ lead: 'Travellers book you from your conversations.', action: 'Find Tourists' }}
      conversationHref={(id) => conversationPath('guide', id)}
      extraFor={(b) => (b.status === 'completed' ? <ReviewPrompt bookingId={b.id} /> : null)}
    />
  );
}

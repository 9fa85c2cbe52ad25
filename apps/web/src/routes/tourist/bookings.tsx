import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { BookingsScreen } from '../../features/bookings/components/bookings-screen.tsx';
import { ReviewPrompt } from '../../features/reviews/components/review-prompt.tsx';

export function Component() {
  return (
    <BookingsScreen
      side="tourist"
      home={{ label: 'Back to discovery', to: paths.tourist.home }}
      empty={{ lead: 'Find a guide, agree the details in chat, then book.', action: 'Discover Guides' }}
      conversationHref={(id) => conversationPath('tourist', id)}
      extraFor={(b) => (b.status === 'completed' ? <ReviewPrompt bookingId={b.id} /> : null)}
    />
  );
}

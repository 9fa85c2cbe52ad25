import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { useParams } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { BookingInChat } from '../../features/bookings/components/booking-in-chat.tsx';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';
import { ProfileReviews } from '../../features/reviews/components/profile-reviews.tsx';

export function Component() {
  const { conversationId } = useParams();
  const { user } = useAuth();
  return (
    <ChatScreen
      myId={user?.uid ?? ''}
      conversationId={conversationId}
      listPath={paths.guide.chats}
      hrefFor={(id) => conversationPath('guide', id)}
      home={{ label: 'Back to home', to: paths.guide.home }}
      empty={{ lead: 'Travellers in your city are waiting to hear from you.', action: 'Find Tourists' }}
      search={{ label: 'Search conversations', placeholder: 'Tourist name or country' }}
      showStats
      bookingsHref={paths.guide.bookings}
      bookingCard={(id) => <BookingInChat bookingId={id} side="guide" />}
      profileExtra={(o) => <ProfileReviews type={o.role} id={o.id} pageSize={3} />}
    />
  );
}

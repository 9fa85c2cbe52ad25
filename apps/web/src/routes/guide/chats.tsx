import { conversationPath, paths } from '@lokal/shared/domain/pages';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { ChatScreen } from '../../features/chat/components/chat-screen.tsx';

// The other person's reviews load when their profile is opened, not with the screen.
const ProfileReviews = lazy(() =>
  import('../../features/reviews/components/profile-reviews.tsx').then((m) => ({
    default: m.ProfileReviews,
  })),
);

// A booking's card loads with the first booking note in the history, not with the screen.
const BookingInChat = lazy(() =>
  import('../../features/bookings/components/booking-in-chat.tsx').then((m) => ({
    default: m.BookingInChat,
  })),
);

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
      bookingCard={(id) => (
        <Suspense fallback={null}>
          <BookingInChat bookingId={id} side="guide" />
        </Suspense>
      )}
      profileExtra={(o) => (
        <Suspense fallback={<Skeleton className="h-32" />}>
          <ProfileReviews type={o.role} id={o.id} pageSize={3} />
        </Suspense>
      )}
    />
  );
}

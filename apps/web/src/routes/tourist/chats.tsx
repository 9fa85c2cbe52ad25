import { conversationPath, guidePagePath, paths } from '@lokal/shared/domain/pages';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { BookButton } from '../../features/bookings/components/book-button.tsx';
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
      listPath={paths.tourist.chats}
      hrefFor={(id) => conversationPath('tourist', id)}
      home={{ label: 'Back to discovery', to: paths.tourist.home }}
      empty={{ lead: 'Find a guide you like and say hello.', action: 'Discover Guides' }}
      search={{ label: 'Search conversations', placeholder: 'Search by guide name' }}
      bookingsHref={paths.tourist.bookings}
      bookingCard={(id) => (
        <Suspense fallback={null}>
          <BookingInChat bookingId={id} side="tourist" />
        </Suspense>
      )}
      otherHref={(o) => (o.role === 'guide' && o.slug ? guidePagePath(o.slug) : null)}
      profileExtra={(o) => (
        <Suspense fallback={<Skeleton className="h-32" />}>
          <ProfileReviews type={o.role} id={o.id} pageSize={3} />
        </Suspense>
      )}
      headerAction={(c) => (c.canSend ? <BookButton guideId={c.other.id} guideName={c.other.name} /> : null)}
    />
  );
}

import { guidePreviewHtml } from '@lokal/shared/domain/public-preview';
import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { useStartConversation } from '../features/chat/hooks/use-start-conversation.ts';
import { FavoriteToggle } from '../features/favorites/components/favorite-toggle.tsx';
import { guidePageQuery } from '../features/guide-pages/api/get-guide-page.ts';
import { GuidePageView } from '../features/guide-pages/components/guide-page-view.tsx';
import {
  homeLink,
  PageError,
  PageHeader,
  PageLoading,
} from '../features/guide-pages/components/page-states.tsx';
import { PublicPreview } from '../features/guide-pages/components/public-preview.tsx';
import { MatchSummary } from '../features/match/components/match-summary.tsx';
import { ProfileReviews } from '../features/reviews/components/profile-reviews.tsx';

function TouristActions({ guideId, name }: { guideId: string; name: string }) {
  const chat = useStartConversation('tourist');
  return (
    <>
      <Button onClick={() => chat.start({ guideId })} disabled={chat.pending}>
        <MessageCircle className="h-4 w-4" aria-hidden /> Message
      </Button>
      <span className="inline-flex items-center gap-2 text-sm font-medium">
        <FavoriteToggle
          signedIn
          profileId={guideId}
          profileType="guide"
          profileName={name}
          className="border border-line !opacity-100"
        />
        Save
      </span>
    </>
  );
}

/** A guide's page (docs/product.md#guide-page): the preview signed out, the whole page for members. */
export function Component() {
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const page = useQuery(guidePageQuery(slug));

  if (page.data && !page.data.details) {
    return <PublicPreview html={guidePreviewHtml(page.data.preview, pathname)} />;
  }
  return (
    <div className="min-h-dvh">
      <PageHeader back={homeLink(user?.role)} />
      {page.isPending ? <PageLoading /> : null}
      {page.isError ? <PageError error={page.error} onRetry={() => page.refetch()} /> : null}
      {page.data?.details ? (
        <GuidePageView
          preview={page.data.preview}
          details={page.data.details}
          actions={
            page.data.details.canMessage ? (
              <TouristActions guideId={page.data.preview.id} name={page.data.preview.name} />
            ) : null
          }
          match={page.data.match ? <MatchSummary match={page.data.match} size="page" /> : null}
          reviews={<ProfileReviews type="guide" id={page.data.preview.id} level={2} />}
        />
      ) : null}
    </div>
  );
}

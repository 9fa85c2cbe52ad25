import { MARKETING } from '@lokal/shared/constants/marketing';
import { MESSAGES } from '@lokal/shared/constants/messages';
import { paths } from '@lokal/shared/domain/pages';
import { tourTypeOf } from '@lokal/shared/domain/tour-interest';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { AuthLinks } from '../../features/auth/components/auth-links.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';
import { chosenTour } from '../../lib/chosen-tour.ts';
import { toast } from '../../lib/toast.ts';

type State = { favorite?: string } | null;

export function Component() {
  const state = useLocation().state as State;
  // A landing tour type arrives in the address (a plain link, docs/product.md#open-screens), with its toast.
  const [params] = useSearchParams();
  const tourType = tourTypeOf(params);
  const favorite = state?.favorite;
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!tourType || toasted.current === tourType.name) return;
    toasted.current = tourType.name;
    chosenTour.remember(tourType.name);
    toast.info(MESSAGES.tourTypeToast(tourType.name));
  }, [tourType]);
  return (
    <AuthLayout
      title="Join the Experience"
      lead="Enter your e-mail and we'll send you a magic link. No password needed."
      aside={
        <>
          <p className="font-display text-3xl">
            “The best night of our trip was one no guidebook could have planned.”
          </p>
          <p className="mt-4 text-ivory/80">Join {MARKETING.luxuryTravelers} luxury travelers.</p>
        </>
      }
    >
      {tourType ? (
        <p
          className="mb-6 rounded-xl border border-gold/50 bg-gold/10 p-4 text-sm"
          data-testid="tour-type-interest"
        >
          You're interested in <strong>{tourType.name}</strong> — {tourType.description}
        </p>
      ) : null}
      {favorite ? (
        <p className="mb-6 rounded-xl border border-gold/50 bg-gold/10 p-4 text-sm" role="status">
          Join to keep <strong>{favorite}</strong> in your favorites. We'll save it once you're signed in.
        </p>
      ) : null}
      <MagicLinkForm userType="tourist" submitLabel="Send Magic Link" />
      <AuthLinks prompt="Already a member?" to={paths.tourist.login} label="Sign in" />
    </AuthLayout>
  );
}

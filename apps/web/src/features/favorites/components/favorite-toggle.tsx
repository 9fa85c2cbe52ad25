import { FavoriteButton } from '../../../components/ui/favorite-button.tsx';
import { useFavoriteIds } from '../api/get-favorites.ts';
import { type FavoriteInput, useToggleFavorite } from '../api/toggle-favorite.ts';
import { rememberPendingFavorite } from '../pending-favorite.ts';

// Signed in: favorites live on the server. Signed out: the heart does not pretend to keep anything; it
// remembers the profile and hands over to `onSignedOut` (the screen leads to sign-up), and the favorite is
// saved after sign-in (docs/product.md#favorites). The screen says which (features do not read each other's
// state).
export function FavoriteToggle({
  className,
  signedIn,
  onSignedOut,
  ...fav
}: FavoriteInput & { className?: string; signedIn: boolean; onSignedOut?: () => void }) {
  const list = useFavoriteIds(signedIn);
  const toggle = useToggleFavorite();
  const saved = Boolean(
    list.data?.some((f) => f.profileId === fav.profileId && f.profileType === fav.profileType),
  );
  const pressed = signedIn && saved;

  return (
    <FavoriteButton
      name={fav.profileName}
      pressed={pressed}
      busy={toggle.isPending}
      className={className}
      onToggle={() => {
        if (!signedIn) {
          rememberPendingFavorite(fav);
          onSignedOut?.();
          return;
        }
        toggle.mutate({ ...fav, add: !pressed });
      }}
    />
  );
}

import { DISCOVERY_MESSAGES } from '@lokal/shared/constants/discovery';
import { useState } from 'react';
import { FavoriteButton } from '../../../components/ui/favorite-button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useFavorites } from '../api/get-favorites.ts';
import { type FavoriteInput, useToggleFavorite } from '../api/toggle-favorite.ts';

// Signed in: favorites live on the server. Signed out: the heart still works for this visit. The screen
// says which (features do not read each other's state).
export function FavoriteToggle({
  className,
  signedIn,
  ...fav
}: FavoriteInput & { className?: string; signedIn: boolean }) {
  const list = useFavorites(signedIn);
  const toggle = useToggleFavorite();
  const [local, setLocal] = useState(false);
  const saved = Boolean(
    list.data?.some((f) => f.profileId === fav.profileId && f.profileType === fav.profileType),
  );
  const pressed = signedIn ? saved : local;

  return (
    <FavoriteButton
      name={fav.profileName}
      pressed={pressed}
      busy={toggle.isPending}
      className={className}
      onToggle={() => {
        const add = !pressed;
        const done = () =>
          toast.success(
            add
              ? DISCOVERY_MESSAGES.addedFavorite(fav.profileName)
              : DISCOVERY_MESSAGES.removedFavorite(fav.profileName),
          );
        if (!signedIn) {
          setLocal(add);
          done();
          return;
        }
        toggle.mutate(
          { ...fav, add },
          { onSuccess: done, onError: () => toast.error(DISCOVERY_MESSAGES.favoriteFailed) },
        );
      }}
    />
  );
}

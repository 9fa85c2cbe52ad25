import { Heart } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFavorites } from '../api/get-favorites.ts';
import { FavoriteToggle } from './favorite-toggle.tsx';

export function FavoritesList() {
  const favorites = useFavorites(true);
  if (favorites.isPending) return <Spinner label="Loading favorites" />;
  if (favorites.isError) return <p className="text-danger">{favorites.error.message}</p>;
  if (favorites.data.length === 0) {
    return (
      <p className="flex items-center gap-2 text-muted">
        <Heart className="h-4 w-4" aria-hidden /> No favorites yet. Tap the heart on a guide to keep them
        here.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line" aria-label="Favorites">
      {favorites.data.map((f) => (
        <li key={`${f.profileType}:${f.profileId}`} className="group flex items-center justify-between py-3">
          <span>
            <span className="font-medium">{f.profileName}</span>{' '}
            <span className="text-sm text-muted capitalize">· {f.profileType}</span>
          </span>
          {/* Only a signed-in member has a saved list. */}
          <FavoriteToggle
            signedIn
            profileId={f.profileId}
            profileType={f.profileType}
            profileName={f.profileName}
          />
        </li>
      ))}
    </ul>
  );
}

import { DISCOVERY_MESSAGES } from '@lokal/shared/constants/discovery';
import { api } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import type { FavoriteInput } from './api/toggle-favorite.ts';

// A signed-out visitor's heart leads to sign-up; the profile it was for is kept in this browser and saved
// once they have signed in (docs/product.md#favorites).
const KEY = 'pendingFavorite';

export function rememberPendingFavorite(fav: FavoriteInput): void {
  storage.set(KEY, JSON.stringify(fav));
}

function pending(): FavoriteInput | null {
  try {
    const v = JSON.parse(storage.get(KEY) ?? 'null') as Partial<FavoriteInput> | null;
    return v && typeof v.profileId === 'string' && typeof v.profileName === 'string' && v.profileType
      ? (v as FavoriteInput)
      : null;
  } catch {
    return null;
  }
}

/** The name of the profile waiting to be saved, if any. */
export const pendingFavoriteName = (): string | null => pending()?.profileName ?? null;

/** Saves the waiting favorite for the member now signed in; says so, and forgets it either way. */
export async function savePendingFavorite(): Promise<void> {
  const fav = pending();
  if (!fav) return;
  storage.remove(KEY);
  try {
    await api.post('/favorites/add', { body: fav });
    toast.success(DISCOVERY_MESSAGES.addedFavorite(fav.profileName));
  } catch {
    toast.error(DISCOVERY_MESSAGES.favoriteFailed);
  }
}

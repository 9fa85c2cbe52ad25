import { AuthRedirect } from '../../features/auth/components/auth-redirect.tsx';
import { savePendingFavorite } from '../../features/favorites/pending-favorite.ts';

export function Component() {
  // A heart given while signed out is saved now (docs/product.md#favorites).
  return <AuthRedirect userType="tourist" onSignedIn={savePendingFavorite} />;
}

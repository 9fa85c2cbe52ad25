import { APP_VERSION, SUPPORT_EMAIL } from '@lokal/shared/constants/marketing';
import { useQuery } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import { Brand } from '../../components/layout/brand.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { userProfileQuery } from '../../features/discovery/api/discovery-calls.ts';
import { TouristBottomNav } from '../../features/discovery/tourist-nav.tsx';
import { FavoritesList } from '../../features/favorites/components/favorites-list.tsx';

// Profile and account: only rows that work are shown (the full settings screen is its own issue).
export function Component() {
  const { user } = useAuth();
  const profile = useQuery(userProfileQuery);
  return (
    <div className="min-h-dvh pb-24">
      <header className="mx-auto flex max-w-2xl items-center px-5 py-5">
        <Brand />
      </header>
      <main className="mx-auto max-w-2xl space-y-6 px-5">
        <h1 className="text-3xl">Profile</h1>
        <section className="rounded-card bg-white p-6 shadow-card" aria-label="Profile summary">
          <p className="font-display text-2xl">{user?.displayName ?? user?.email}</p>
          <p className="text-muted">{user?.email}</p>
          {profile.data ? (
            <p className="mt-2 text-sm text-muted">
              {profile.data.city} · {profile.data.currency}
            </p>
          ) : null}
        </section>
        <section className="rounded-card bg-white p-6 shadow-card" aria-labelledby="favorites-title">
          <h2 id="favorites-title" className="text-xl">
            Favorites
          </h2>
          <div className="mt-3">
            <FavoritesList />
          </div>
        </section>
        <section className="rounded-card bg-white p-6 shadow-card" aria-labelledby="support-title">
          <h2 id="support-title" className="text-xl">
            Support
          </h2>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="mt-3 inline-flex items-center gap-2 underline underline-offset-4"
          >
            <LifeBuoy className="h-4 w-4" aria-hidden /> Contact Support
          </a>
        </section>
        <SignOutButton />
        <p className="text-center text-xs text-muted">Version v{APP_VERSION}</p>
      </main>
      <TouristBottomNav />
    </div>
  );
}

import { APP_VERSION, SUPPORT_EMAIL } from '@lokal/shared/constants/marketing';
import { useQuery } from '@tanstack/react-query';
import { Eye, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '../../components/layout/brand.tsx';
import { paths } from '../../config/paths.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { GuideBottomNav } from '../../features/discovery/guide-nav.tsx';
import { guidePreviewQuery } from '../../features/onboarding/api/onboarding-calls.ts';

// Profile card and account: only rows that work are shown (the full settings screen is its own issue).
export function Component() {
  const me = useQuery(guidePreviewQuery);
  const p = me.data?.profile;
  return (
    <div className="min-h-dvh pb-24">
      <header className="mx-auto flex max-w-2xl items-center px-5 py-5">
        <Brand />
      </header>
      <main className="mx-auto max-w-2xl space-y-6 px-5">
        <h1 className="text-3xl">Settings</h1>
        <section
          className="flex items-center gap-4 rounded-card bg-white p-6 shadow-card"
          aria-label="Profile card"
        >
          {p ? (
            <img
              src={p.image}
              alt={p.name}
              width={64}
              height={64}
              className="h-16 w-16 rounded-full bg-sand"
            />
          ) : null}
          <div>
            <p className="font-display text-2xl">{p?.name ?? '…'}</p>
            <p className="text-sm text-muted">
              {p?.verified ? 'Verified guide' : 'Verification pending'}
              {p?.socialMedia ? ` · ${p.socialMedia}` : ''}
            </p>
          </div>
        </section>
        <nav className="divide-y divide-line rounded-card bg-white shadow-card" aria-label="Settings">
          <Link to={paths.guide.preview} className="flex items-center gap-3 p-4 hover:bg-sand/50">
            <Eye className="h-5 w-5 text-gold-deep" aria-hidden /> Preview my profile
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="flex items-center gap-3 p-4 hover:bg-sand/50">
            <LifeBuoy className="h-5 w-5 text-gold-deep" aria-hidden /> Contact Support
          </a>
        </nav>
        <SignOutButton />
        <p className="text-center text-xs text-muted">v{APP_VERSION}</p>
      </main>
      <GuideBottomNav />
    </div>
  );
}

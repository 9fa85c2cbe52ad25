import type { TouristCard } from '@lokal/shared/schemas/discovery';
import { MessageCircle } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../components/layout/brand.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { GuideBottomNav } from '../../features/discovery/guide-nav.tsx';

// The guide's conversation list; live chat is built in its own issue, so it is empty until then.
export function Component() {
  const tourist = (useLocation().state as { tourist?: TouristCard } | null)?.tourist;
  return (
    <div className="min-h-dvh pb-24">
      <header className="mx-auto flex max-w-2xl items-center px-5 py-5">
        <Brand />
      </header>
      <main className="mx-auto max-w-2xl px-5">
        <h1 className="text-3xl">Messages</h1>
        {tourist ? (
          <section
            className="mt-6 flex items-center gap-4 rounded-card bg-white p-5 shadow-card"
            aria-label="New conversation"
          >
            <img
              src={tourist.image}
              alt={tourist.name}
              width={64}
              height={64}
              className="h-16 w-16 rounded-full bg-sand"
            />
            <div>
              <p className="font-display text-xl">{tourist.name}</p>
              <p className="text-sm text-muted">
                Live messaging opens with our chat release. Your interest is noted.
              </p>
            </div>
          </section>
        ) : null}
        <div className="mt-10 rounded-card border border-line bg-white p-10 text-center">
          <MessageCircle className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
          <h2 className="mt-3 text-2xl">No conversations yet</h2>
          <p className="mt-2 text-muted">Travellers in your city are waiting to hear from you.</p>
          <Link to={paths.guide.home} className={buttonClass('primary', 'md', 'mt-5')}>
            Find Tourists
          </Link>
        </div>
      </main>
      <GuideBottomNav />
    </div>
  );
}

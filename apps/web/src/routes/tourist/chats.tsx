import type { GuideCard } from '@lokal/shared/schemas/discovery';
import { CalendarDays, Compass, MessageCircle, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BottomNav } from '../../components/layout/bottom-nav.tsx';
import { Brand } from '../../components/layout/brand.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { toast } from '../../lib/toast.ts';

// The conversation list; live chat is built in its own issue, so the list is empty until then.
export function Component() {
  const guide = (useLocation().state as { guide?: GuideCard } | null)?.guide;
  return (
    <div className="min-h-dvh pb-24">
      <header className="mx-auto flex max-w-2xl items-center px-5 py-5">
        <Brand />
      </header>
      <main className="mx-auto max-w-2xl px-5">
        <h1 className="text-3xl">Messages</h1>
        {guide ? (
          <section
            className="mt-6 flex items-center gap-4 rounded-card bg-white p-5 shadow-card"
            aria-label="New conversation"
          >
            <img
              src={guide.thumbnail}
              alt={guide.name}
              width={64}
              height={64}
              className="h-16 w-16 rounded-full bg-sand"
            />
            <div>
              <p className="font-display text-xl">{guide.name}</p>
              <p className="text-sm text-muted">
                Live messaging with {guide.name.split(' ')[0]} opens with our chat release. Your interest is
                noted.
              </p>
            </div>
          </section>
        ) : null}
        <div className="mt-10 rounded-card border border-line bg-white p-10 text-center">
          <MessageCircle className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
          <h2 className="mt-3 text-2xl">No conversations yet</h2>
          <p className="mt-2 text-muted">Find a guide you like and say hello.</p>
          <Link to={paths.tourist.home} className={buttonClass('primary', 'md', 'mt-5')}>
            Discover Guides
          </Link>
        </div>
      </main>
      <BottomNav
        label="Tourist"
        items={[
          { label: 'Discover', icon: Compass, to: paths.tourist.home },
          { label: 'Chats', icon: MessageCircle, to: paths.tourist.chats },
          { label: 'Matches', icon: CalendarDays, onClick: () => toast.info('Matches open soon.') },
          { label: 'Profile', icon: UserRound, to: paths.tourist.settings },
        ]}
      />
    </div>
  );
}

import type { Booking } from '@lokal/shared/schemas/bookings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { type BookingScope, bookingsQuery } from '../api/get-bookings.ts';
import { BookingCard } from './booking-card.tsx';

type Props = {
  side: 'tourist' | 'guide';
  home: { label: string; to: string };
  empty: { lead: string; action: string };
  conversationHref: (conversationId: string) => string;
  extraFor?: (booking: Booking) => ReactNode;
};

const TABS = [
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'past', label: 'Past' },
  { id: 'cancelled', label: 'Cancelled' },
];
const SCOPES: readonly string[] = TABS.map((t) => t.id);
const EMPTY: Record<BookingScope, string> = {
  upcoming: 'Nothing booked yet',
  past: 'No past bookings',
  cancelled: 'No cancelled bookings',
};

/**
 * Both roles' bookings: upcoming (requested and accepted), past (ended) and cancelled (cancelled or declined,
 * whenever they were to start: docs/product.md#booking-states), with the actions each side may take.
 */
export function BookingsScreen({ side, home, empty, conversationHref, extraFor }: Props) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? '';
  const scope = (SCOPES.includes(tab) ? tab : 'upcoming') as BookingScope;
  const list = useInfiniteQuery(bookingsQuery(scope));
  const items = list.data?.pages.flatMap((p) => p.bookings);
  const select = (s: BookingScope) => setParams(s === 'upcoming' ? {} : { tab: s }, { replace: true });

  return (
    <div className="pb-24 lg:pb-12">
      <header className="mx-auto flex max-w-3xl items-center gap-2 px-5 pt-5">
        <Link to={home.to} className={buttonClass('ghost', 'icon', '-ml-2')} aria-label={home.label}>
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <h1 className="text-3xl">Bookings</h1>
      </header>
      <main className="mx-auto max-w-3xl px-5">
        <Tabs
          label="Bookings"
          tabs={TABS}
          selected={scope}
          onSelect={(id) => select(id as BookingScope)}
          listClassName="mt-5 inline-flex rounded-full border border-line bg-white p-1"
          panelClassName="mt-5 space-y-4"
        >
          {list.isPending ? (
            <>
              <Skeleton className="h-44 rounded-card" />
              <Skeleton className="h-44 rounded-card" />
            </>
          ) : null}
          {list.isError ? (
            <div className="rounded-card border border-line bg-white p-8 text-center">
              <p className="text-danger" role="alert">
                {list.error.message}
              </p>
              <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
                Retry
              </Button>
            </div>
          ) : null}
          {items?.length === 0 ? (
            <div className="rounded-card border border-line bg-white p-10 text-center">
              <CalendarDays className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
              <h2 className="mt-3 text-2xl">{EMPTY[scope]}</h2>
              {scope === 'upcoming' ? (
                <>
                  <p className="mt-2 text-muted">{empty.lead}</p>
                  <Link to={home.to} className={buttonClass('primary', 'md', 'mt-5')}>
                    {empty.action}
                  </Link>
                </>
              ) : null}
            </div>
          ) : null}
          {items?.map((b) => (
            <BookingCard
              key={b.id}
              booking={b}
              side={side}
              conversationHref={b.conversationId ? conversationHref(b.conversationId) : null}
              extra={extraFor?.(b)}
            />
          ))}
          <LoadMore
            pages={list}
            label="Load more bookings"
            className="flex min-h-16 items-center justify-center"
          />
        </Tabs>
      </main>
    </div>
  );
}

import { paths } from '@lokal/shared/domain/pages';
import { Skeleton } from '../components/ui/skeleton.tsx';

type Kind = 'cards' | 'list' | 'conversation' | 'form';

// The shape each signed-in screen takes while it loads; any other screen is a form.
const KINDS: Record<string, Kind> = {
  [paths.tourist.home]: 'cards',
  [paths.guide.home]: 'cards',
  [paths.guide.topTourists]: 'cards',
  [paths.guide.experiences]: 'cards',
  [paths.tourist.chats]: 'list',
  [paths.guide.chats]: 'list',
  [paths.tourist.bookings]: 'list',
  [paths.guide.bookings]: 'list',
  [paths.tourist.conversation]: 'conversation',
  [paths.guide.conversation]: 'conversation',
};

function Content({ kind }: { kind: Kind }) {
  if (kind === 'cards') {
    return (
      <>
        <Skeleton className="h-9 w-64 max-w-full" />
        <div className="mt-5 flex gap-2 overflow-hidden">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-9 w-24 shrink-0 rounded-full" />
          ))}
        </div>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-96 rounded-card" />
          ))}
        </div>
      </>
    );
  }
  if (kind === 'list') {
    return (
      <>
        <Skeleton className="h-9 w-56 max-w-full" />
        <div className="mt-6 space-y-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-20 rounded-card" />
          ))}
        </div>
      </>
    );
  }
  if (kind === 'conversation') {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <div className="flex items-center gap-3">
          <Skeleton className="h-11 w-11 rounded-full" />
          <Skeleton className="h-6 w-44" />
        </div>
        {['w-2/3', 'ml-auto w-1/2', 'w-3/5', 'ml-auto w-2/5'].map((w) => (
          <Skeleton key={w} className={`h-14 rounded-2xl ${w}`} />
        ))}
        <Skeleton className="mt-8 h-12 rounded-2xl" />
      </div>
    );
  }
  return (
    <div className="max-w-2xl space-y-5">
      <Skeleton className="h-9 w-64 max-w-full" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-11" />
        </div>
      ))}
    </div>
  );
}

/**
 * What a signed-in screen looks like before any script has run (decision 032): the server puts it in the
 * page it sends for that path, styled by the app's stylesheet, and React replaces it when it mounts.
 */
export function ScreenSkeleton({ path }: { path: string }) {
  const kind = KINDS[path] ?? 'form';
  return (
    <div data-skeleton="" aria-busy="true" className="min-h-dvh pb-24">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <header className="sticky top-0 z-10 border-b border-line bg-ivory/95">
        <div className="mx-auto flex max-w-6xl items-center gap-4 px-5 py-3">
          <span className="inline-flex items-center gap-2 font-display text-2xl tracking-tight text-ink">
            <span
              aria-hidden
              className="grid h-8 w-8 place-items-center rounded-lg bg-gold text-base font-bold"
            >
              L
            </span>
            Lokal
          </span>
          <Skeleton className="ml-auto h-10 flex-1 rounded-full sm:max-w-md" />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-5 pt-6">
        <Content kind={kind} />
      </main>
      {path.startsWith('/admin') ? null : (
        <div aria-hidden className="fixed inset-x-0 bottom-0 h-16 border-t border-line bg-ivory/95" />
      )}
    </div>
  );
}

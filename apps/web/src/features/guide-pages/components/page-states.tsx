import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';
import { Brand } from '../../../components/layout/brand.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** Where a member goes back to from a public page: their own home. */
export function homeLink(role: string | undefined) {
  if (role === 'tourist') return { label: 'Discover', to: paths.tourist.home };
  if (role === 'guide') return { label: 'Dashboard', to: paths.guide.home };
  if (role === 'staff') return { label: 'Console', to: paths.admin.home };
  return null;
}

/** The top of a public page: the brand, and the way back to where the visitor came from. */
export function PageHeader({ back }: { back?: { label: string; to: string } | null }) {
  return (
    <header className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-5 py-5">
      <Brand />
      {back ? (
        <Link to={back.to} className={buttonClass('outline', 'sm')}>
          {back.label}
        </Link>
      ) : null}
    </header>
  );
}

export function PageLoading() {
  return (
    <main className="mx-auto max-w-5xl px-5 pb-16" aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <Skeleton className="h-64 rounded-card" />
      <Skeleton className="mt-6 h-40 rounded-card" />
    </main>
  );
}

/** A failed read: "Page not found" for a 404 (hidden or unpublished too), else the message and Retry. */
export function PageError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <main
      className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-5 text-center"
      data-testid={missing ? 'not-found' : undefined}
    >
      <h1 className="text-3xl">{missing ? 'Page not found' : 'This page could not be loaded'}</h1>
      <p className="mt-2 text-muted">
        {missing ? 'This page does not exist or is no longer available.' : error.message}
      </p>
      {missing ? (
        <Link to={paths.landing} className={buttonClass('gold', 'md', 'mt-6')}>
          Back to Lokal
        </Link>
      ) : (
        <Button variant="outline" className="mt-6" onClick={onRetry}>
          Retry
        </Button>
      )}
    </main>
  );
}

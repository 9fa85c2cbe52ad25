import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** Loading, empty and failed states shared by every console section. */
export function ListSkeleton({ rows = 3, className = 'h-24' }: { rows?: number; className?: string }) {
  return (
    <div className="space-y-3" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={`rounded-card ${className}`} />
      ))}
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** A way on from the empty list (another view of it), under the text. */
  action?: ReactNode;
}) {
  return (
    <div className="rounded-card border border-dashed border-line bg-white/60 px-6 py-12 text-center">
      <Icon className="mx-auto h-8 w-8 text-muted" aria-hidden />
      <h3 className="mt-3 text-xl">{title}</h3>
      {children ? <p className="mt-1 text-sm text-muted">{children}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-card border border-danger/30 bg-white px-6 py-8 text-center">
      <p className="text-danger">{error.message}</p>
      <Button variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A count beside a section's title; hidden while unknown. */
export function Count({ n }: { n: number | undefined }) {
  return n === undefined ? null : (
    <span className="ml-2 font-sans text-base font-normal text-muted">{n}</span>
  );
}

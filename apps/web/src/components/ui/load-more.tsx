import { useLoadOnScroll } from '../../lib/load-on-scroll.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The end of a list that comes a page at a time: the next page loads when this scrolls into view, and the
 * button does the same for keyboards and for lists that never scroll it in.
 */
export function LoadMore({ pages, label, className }: { pages: Pages; label: string; className?: string }) {
  const sentinel = useLoadOnScroll(pages);
  return (
    <div ref={sentinel} className={className ?? 'mt-6 flex min-h-16 items-center justify-center'}>
      {pages.isFetchingNextPage ? (
        <Spinner label="Loading more" />
      ) : pages.hasNextPage ? (
        <Button variant="outline" onClick={() => void pages.fetchNextPage()}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}

import { type RefObject, useEffect, useRef } from 'react';

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The next page of a list loads when the element this ref is put on (after the list's last row) scrolls into
 * view; the list keeps its "Load more" button for keyboards and for browsers that never scroll it in.
 */
export function useLoadOnScroll({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: Pages): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}

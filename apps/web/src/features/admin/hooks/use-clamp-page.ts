import { useEffect } from 'react';

/** When an action empties the last page (the last guide verified), step back to a page with rows. */
export function useClampPage(
  page: number,
  setPage: (page: number) => void,
  result: { total: number; pageSize: number } | undefined,
): void {
  const last = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : null;
  useEffect(() => {
    if (last !== null && page > last) setPage(last);
  }, [last, page, setPage]);
}

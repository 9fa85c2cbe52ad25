import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const unavailable = (err: unknown) => err instanceof ApiError && err.status === 503;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on a retry. While the server cannot reach its database (503, for a few
      // seconds: docs/product.md#when-the-database-is-away) a read is asked again every 5 s for half a minute.
      retry: (count, err) =>
        unavailable(err) ? count < 6 : !(err instanceof ApiError && err.status < 500) && count < 2,
      retryDelay: (count, err) => (unavailable(err) ? 5_000 : Math.min(1000 * 2 ** count, 30_000)),
    },
  },
});

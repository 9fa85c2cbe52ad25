import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** USD-based rates; the server caches them a day, so an hour here is plenty. */
export const exchangeRatesQuery = queryOptions({
  queryKey: ['exchange-rates'],
  queryFn: () => api.get('/exchange-rates'),
  staleTime: 60 * 60_000,
});

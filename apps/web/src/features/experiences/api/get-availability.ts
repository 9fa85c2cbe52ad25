import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The guide's weekly hours, date exceptions and limits, with the city and time zone they are read in. */
export const availabilityQuery = queryOptions({
  queryKey: ['availability'],
  queryFn: async () => (await api.get('/availability')).availability,
});

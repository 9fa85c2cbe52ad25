import type { StatusUser } from '@lokal/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The status of the signed-in user, or null when nobody is signed in. */
export async function getStatus(): Promise<StatusUser | null> {
  return (await api.get('/auth/session')).user;
}

export const statusQuery = queryOptions({
  queryKey: ['auth', 'status'],
  queryFn: getStatus,
  staleTime: 60_000,
  retry: 1,
});

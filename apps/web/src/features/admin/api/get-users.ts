import type { Role } from '@lokal/shared/schemas/auth';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const usersQuery = (q: string, role: Role | '', page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', q, role, page],
    queryFn: () => api.get('/admin/users', { query: { q, role: role || undefined, page } }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: string, role: Role | '', page: number) => useQuery(usersQuery(q, role, page));

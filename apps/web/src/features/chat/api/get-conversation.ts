import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: ['chat', 'conversation', id],
    queryFn: async () => (await api.get('/chat/conversations/:id', { params: { id } })).conversation,
  });

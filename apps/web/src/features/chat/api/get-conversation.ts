import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every single conversation held: a booking or a reconnect may have changed any of them. */
export const conversationKey = ['chat', 'conversation'] as const;

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: [...conversationKey, id],
    queryFn: async () => (await api.get('/chat/conversations/:id', { params: { id } })).conversation,
  });

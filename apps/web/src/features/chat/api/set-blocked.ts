import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationQuery } from './get-conversation.ts';
import { conversationsQuery } from './get-conversations.ts';

export function useSetBlocked(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `cancelBookings`: the blocker confirmed that the pair's upcoming bookings are cancelled. */
    mutationFn: async ({
      blocked,
      cancelBookings = false,
    }: {
      blocked: boolean;
      cancelBookings?: boolean;
    }) => {
      const params = { id: conversationId };
      const res = blocked
        ? await api.post('/chat/conversations/:id/block', {
            params,
            body: cancelBookings ? { cancelBookings } : {},
          })
        : await api.post('/chat/conversations/:id/unblock', { params });
      return res.conversation;
    },
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationQuery(conversationId).queryKey, conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
  });
}

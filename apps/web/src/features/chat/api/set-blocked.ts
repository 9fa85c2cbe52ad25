import type { Conversation } from '@lokal/shared/schemas/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationQuery } from './get-conversation.ts';
import { conversationsQuery } from './get-conversations.ts';

export function useSetBlocked(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (blocked: boolean) =>
      (
        await api.post<{ conversation: Conversation }>(
          `/chat/conversations/${encodeURIComponent(conversationId)}/${blocked ? 'block' : 'unblock'}`,
        )
      ).conversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationQuery(conversationId).queryKey, conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
  });
}

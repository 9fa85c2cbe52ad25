import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Target = { guideId: string } | { touristId: string };

/** Finds or starts the conversation with a guide (tourists) or a tourist (guides, under the contact rules). */
export function useOpenConversation() {
  return useMutation({
    mutationFn: async (target: Target) => (await api.post<{ id: string }>('/chat/conversations', target)).id,
  });
}

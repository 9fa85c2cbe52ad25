import type { ApiBody } from '@lokal/shared/schemas/endpoints';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Target = ApiBody<'POST', '/chat/conversations'>;

/** Finds or starts the conversation with a guide (tourists) or a tourist (guides, under the contact rules). */
export function useOpenConversation() {
  return useMutation({
    mutationFn: async (body: Target) => (await api.post('/chat/conversations', { body })).id,
  });
}

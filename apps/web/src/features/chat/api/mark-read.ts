import { api } from '../../../lib/api-client.ts';

export function markRead(conversationId: string) {
  return api.post('/chat/conversations/:id/read', { params: { id: conversationId } });
}

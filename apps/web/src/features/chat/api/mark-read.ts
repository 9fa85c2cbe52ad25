import { api } from '../../../lib/api-client.ts';

export function markRead(conversationId: string) {
  return api.post<{ updated: number }>(`/chat/conversations/${encodeURIComponent(conversationId)}/read`);
}

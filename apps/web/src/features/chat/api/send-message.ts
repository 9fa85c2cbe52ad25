import type { ChatMessage, ChatSend } from '@lokal/shared/schemas/chat';
import { api } from '../../../lib/api-client.ts';

/** POST /api/chat/send: answered only after the message is stored; a retry never doubles it. */
export async function sendMessage(input: ChatSend): Promise<ChatMessage> {
  return (await api.post('/chat/send', { body: input })).message;
}

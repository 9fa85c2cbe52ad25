import type { ReportInput } from '@lokal/shared/schemas/chat';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useReport(conversationId: string) {
  return useMutation({
    mutationFn: (body: ReportInput) =>
      api.post('/chat/conversations/:id/report', { params: { id: conversationId }, body }),
  });
}

import type { ReportInput } from '@lokal/shared/schemas/chat';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function useReport(conversationId: string) {
  return useMutation({
    mutationFn: (input: ReportInput) =>
      api.post<{ id: string }>(`/chat/conversations/${encodeURIComponent(conversationId)}/report`, input),
  });
}

import { conversationPath } from '@lokal/shared/domain/pages';
import type { UserType as Role } from '@lokal/shared/schemas/auth';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useOpenConversation } from '../api/open-conversation.ts';

type Target = { guideId: string } | { touristId: string };

/**
 * The Contact buttons: find or start the conversation and open it. A refusal by the contact rules (403)
 * goes to `onRefused` with its code so the screen can explain it; anything else is a toast.
 */
export function useStartConversation(role: Role) {
  const navigate = useNavigate();
  const open = useOpenConversation();
  return {
    pending: open.isPending,
    start(target: Target, onRefused?: (code: string | undefined, message: string) => void) {
      open.mutate(target, {
        onSuccess: (id) => navigate(conversationPath(role, id)),
        onError: (err) => {
          if (onRefused && err instanceof ApiError && err.status === 403) onRefused(err.code, err.message);
          else toast.error(err.message);
        },
      });
    },
  };
}

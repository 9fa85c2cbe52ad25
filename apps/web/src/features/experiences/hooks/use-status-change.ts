import type { ExperienceStatus } from '@lokal/shared/constants/experiences';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetExperienceStatus } from '../api/set-experience-status.ts';

const DONE: Record<ExperienceStatus, string> = {
  published: 'Published: travellers can find and book it',
  paused: 'Paused: travellers cannot book it until you publish it again',
  draft: 'Back to draft',
};

/**
 * Publish or pause with the answer in a toast. Whether an experience may be published is the server's call
 * (docs/product.md#experiences): its 409 names what is missing, and that message is what the guide reads — in
 * a toast, or handed to `onRefused` by a screen that shows it in place (the editor, with links to the fixes).
 */
export function useStatusChange(opts: { onRefused?: (message: string | null) => void } = {}) {
  const mutation = useSetExperienceStatus();
  const { onRefused } = opts;
  return {
    change: (id: string, status: ExperienceStatus) => {
      onRefused?.(null);
      mutation.mutate(
        { id, status },
        {
          onSuccess: () => toast.success(DONE[status]),
          onError: (err) => {
            if (onRefused && err instanceof ApiError && err.code === 'cannot-publish') onRefused(err.message);
            else toast.error(err.message);
          },
        },
      );
    },
    /** The experience whose change is on its way, if any. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

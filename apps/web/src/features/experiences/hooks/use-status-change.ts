import type { ExperienceStatus } from '@lokal/shared/constants/experiences';
import { toast } from '../../../lib/toast.ts';
import { useSetExperienceStatus } from '../api/set-experience-status.ts';

const DONE: Record<ExperienceStatus, string> = {
  published: 'Published: travellers can find and book it',
  paused: 'Paused: travellers cannot book it until you publish it again',
  draft: 'Back to draft',
};

/**
 * Publish or pause with the answer in a toast. Whether an experience may be published is the server's call
 * (docs/product.md#experiences): its 409 names what is missing, and that message is what the guide reads.
 */
export function useStatusChange() {
  const mutation = useSetExperienceStatus();
  return {
    change: (id: string, status: ExperienceStatus) =>
      mutation.mutate(
        { id, status },
        {
          onSuccess: () => toast.success(DONE[status]),
          onError: (err) => toast.error(err.message),
        },
      ),
    /** The experience whose change is on its way, if any. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

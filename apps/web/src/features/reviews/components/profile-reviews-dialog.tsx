import { Dialog } from '../../../components/ui/dialog.tsx';
import type { ReviewSubject } from '../api/get-profile-reviews.ts';
import { ProfileReviews } from './profile-reviews.tsx';

type Props = {
  type: ReviewSubject;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Everything travellers (or guides) wrote about someone, from a card's rating. */
export function ProfileReviewsDialog({ type, id, name, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Reviews of ${name}`} className="max-w-lg">
      <div className="mt-5">
        <ProfileReviews type={type} id={id} heading="What people say" pageSize={10} enabled={open} />
      </div>
    </Dialog>
  );
}

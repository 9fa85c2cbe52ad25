import { DISCOVERY_MESSAGES } from '@lokal/shared/constants/discovery';
import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** Contacting or opening a tourist needs the personality test first (docs/product.md#hidden-and-unverified-guides). */
export function PersonalityRequiredDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Personality test required"
      description={DISCOVERY_MESSAGES.personalityRequired}
    >
      <Link
        to={paths.guide.personalityTest}
        state={{ from: paths.guide.home }}
        className={buttonClass('primary', 'md', 'mt-6 w-full')}
      >
        Take the personality test
      </Link>
    </Dialog>
  );
}

/** Unverified guides reach only the city's top three open to new guides (docs/product.md#tourist-profiles). */
export function VerificationPendingDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Verification pending"
      description={DISCOVERY_MESSAGES.unverifiedContact}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Link to={paths.guide.preview} className={buttonClass('primary', 'md', 'w-full')}>
          Review my profile
        </Link>
        <Link to={paths.guide.topTourists} className={buttonClass('outline', 'md', 'w-full')}>
          See the top 3 guests
        </Link>
      </div>
    </Dialog>
  );
}

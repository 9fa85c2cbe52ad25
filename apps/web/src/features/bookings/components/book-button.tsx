import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { loadOnOpen } from '../../../components/ui/dialog.tsx';

const BookingDialog = loadOnOpen(() => import('./booking-dialog.tsx').then((m) => m.BookingDialog));

type Props = { guideId: string; guideName: string };

/** "Book" in a tourist's conversation header. */
export function BookButton({ guideId, guideName }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="gold" onClick={() => setOpen(true)}>
        <CalendarPlus className="h-4 w-4" aria-hidden /> Book
      </Button>
      <BookingDialog open={open} onOpenChange={setOpen} guideId={guideId} guideName={guideName} />
    </>
  );
}

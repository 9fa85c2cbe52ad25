import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { upcomingBookingsWithQuery } from '../api/get-upcoming-bookings-with.ts';

type Props = {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  name: string;
  otherId: string;
  /** `cancelBookings`: the listed upcoming bookings are cancelled with the block. */
  onConfirm: (cancelBookings: boolean) => void;
  busy: boolean;
};

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });

export function BlockDialog({ open, onOpenChange, name, otherId, onConfirm, busy }: Props) {
  const upcoming = useQuery({ ...upcomingBookingsWithQuery(otherId), enabled: open });
  const bookings = upcoming.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block ${name}?`}
      description={`Neither of you can send messages in this conversation until you unblock ${name.split(' ')[0]}. The history stays.`}
    >
      {upcoming.isPending ? (
        <p className="mt-4 text-sm text-muted">Checking your upcoming bookings…</p>
      ) : upcoming.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Your upcoming bookings could not be checked. {upcoming.error.message}
        </p>
      ) : bookings.length > 0 ? (
        <div className="mt-4 rounded-xl border border-line bg-sand/40 p-3 text-sm">
          <p className="font-medium">
            Blocking also cancels these upcoming bookings, with notice to both of you:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {bookings.map((b) => (
              <li key={b.id}>
                {b.tourName} — {when(b.startAt, b.timeZone)} ({b.status})
              </li>
            ))}
          </ul>
          <p className="mt-2 text-muted">Refunds follow each booking's cancellation policy.</p>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Button
          onClick={() => onConfirm(bookings.length > 0)}
          disabled={busy || upcoming.isPending || upcoming.isError}
          className="sm:flex-1"
        >
          {bookings.length > 0 ? 'Block and cancel bookings' : 'Block'}
        </Button>
        <Button variant="outline" onClick={() => onOpenChange(false)} className="sm:flex-1">
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

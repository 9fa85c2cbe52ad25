import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

type Props = {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  name: string;
  onConfirm: () => void;
  busy: boolean;
};

export function BlockDialog({ open, onOpenChange, name, onConfirm, busy }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block ${name}?`}
      description={`Neither of you can send messages in this conversation until you unblock ${name.split(' ')[0]}. The history stays.`}
    >
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Button onClick={onConfirm} disabled={busy} className="sm:flex-1">
          Block
        </Button>
        <Button variant="outline" onClick={() => onOpenChange(false)} className="sm:flex-1">
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

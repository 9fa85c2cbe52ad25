import { DELETE_CONFIRMATION, TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../auth-context.tsx';

/** Deletes the account after the member types DELETE, then leaves for `/` (docs/product.md#your-data). */
export function DeleteAccountButton() {
  const { signOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (typed.trim() !== DELETE_CONFIRMATION) return setError(TRUST_MESSAGES.confirmDelete);
    setBusy(true);
    try {
      await signOut('/', { deleteAccount: true });
      toast.success('Your account is deleted');
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="ghost" className="w-full text-danger sm:w-auto" onClick={() => setOpen(true)}>
        <Trash2 className="h-4 w-4" aria-hidden /> Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (busy) return;
          setOpen(o);
          setTyped('');
          setError(null);
        }}
        title="Delete your account?"
        description="This cannot be undone. You are signed out everywhere, your profile and photos are removed and your upcoming bookings are cancelled. People you wrote to keep the conversation, shown as from a deleted member; guides keep your past bookings without your name."
      >
        <form onSubmit={confirm} className="mt-5 space-y-4">
          <Field
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            name="confirm-delete"
            autoComplete="off"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
            error={error}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={busy || typed.trim() !== DELETE_CONFIRMATION}
              className="bg-danger! hover:bg-danger/90!"
            >
              {busy ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

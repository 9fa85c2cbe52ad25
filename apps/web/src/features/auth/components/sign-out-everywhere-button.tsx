import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../auth-context.tsx';

/** Ends every session of the account after a confirm, then leaves for `/` (docs/product.md#settings). */
export function SignOutEverywhereButton() {
  const { signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await signOut('/', { everywhere: true });
      toast.success(AUTH_MESSAGES.signedOutEverywhere);
    } catch {
      toast.error(AUTH_MESSAGES.signOutFailed);
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <Button variant="ghost" className="w-full text-danger" onClick={() => setConfirming(true)}>
        <MonitorSmartphone className="h-4 w-4" aria-hidden /> Sign out everywhere
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => (open || busy ? null : setConfirming(false))}
        title={AUTH_MESSAGES.signOutEverywhereTitle}
        description={AUTH_MESSAGES.signOutEverywhereBody}
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={busy} className="bg-danger! hover:bg-danger/90!">
            {busy ? 'Signing out…' : 'Sign out everywhere'}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

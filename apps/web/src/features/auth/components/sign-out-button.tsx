import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAuth } from '../auth-context.tsx';

export function SignOutButton() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      className="w-full text-danger"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await signOut('/');
          toast.success(AUTH_MESSAGES.signedOut);
        } catch {
          toast.error(AUTH_MESSAGES.signOutFailed);
          setBusy(false);
        }
      }}
    >
      <LogOut className="h-4 w-4" aria-hidden /> Sign Out
    </Button>
  );
}

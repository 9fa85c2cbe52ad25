import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import type { UserType } from '@lokal/shared/schemas/auth';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError, logUnexpected } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { requestBetaAccess } from '../api/request-beta-access.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; email: string; userType: UserType };

// The request goes to the staff's waitlist; no mail app opens (docs/product.md#sign-in). The dialog closes
// once the server has it and a toast confirms; a refusal keeps it open with the reason.
export function BetaAccessDialog({ open, onOpenChange, email, userType }: Props) {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function request() {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await requestBetaAccess({ email, userType });
      onOpenChange(false);
      toast.success(AUTH_MESSAGES.betaRequested);
    } catch (err) {
      logUnexpected(err);
      setError(
        err instanceof ApiError && err.code === 'too-many-requests' ? err.message : AUTH_MESSAGES.sendFailed,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={AUTH_MESSAGES.betaTitle}
      description={AUTH_MESSAGES.betaBody}
    >
      <Button className="mt-6 w-full" onClick={request} aria-disabled={sending || undefined}>
        <Send className="h-4 w-4" aria-hidden />
        {sending ? 'Sending…' : 'Request Beta Access'}
      </Button>
      {error ? (
        <p className="mt-3 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

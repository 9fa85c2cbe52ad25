import { AUTH_MESSAGES, BETA_REQUEST_EMAIL } from '@lokal/shared/constants/auth';
import type { UserType } from '@lokal/shared/schemas/auth';
import { Mail } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { requestBetaAccess } from '../api/request-beta-access.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; email: string; userType: UserType };

export function BetaAccessDialog({ open, onOpenChange, email, userType }: Props) {
  const subject = encodeURIComponent(`Beta access request (${userType})`);
  const body = encodeURIComponent(
    `Hello Lokal team,\n\nI would like to join the beta as a ${userType}.\nE-mail: ${email}\nCity: \n\nThank you!`,
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={AUTH_MESSAGES.betaTitle}
      description={AUTH_MESSAGES.betaBody}
    >
      <a
        href={`mailto:${BETA_REQUEST_EMAIL}?subject=${subject}&body=${body}`}
        className={buttonClass('primary', 'md', 'mt-6 w-full')}
        onClick={() => {
          // The mail app opens; the request is also recorded for staff.
          requestBetaAccess({ email, userType })
            .then(() => toast.success("Request received — we'll be in touch."))
            .catch(() => toast.error(AUTH_MESSAGES.sendFailed));
        }}
      >
        <Mail className="h-4 w-4" aria-hidden />
        Request Beta Access
      </a>
    </Dialog>
  );
}

import { ADMIN_MESSAGES } from '@lokal/shared/constants/admin';
import { AUTH_MESSAGES, STORAGE_KEYS } from '@lokal/shared/constants/auth';
import type { Role } from '@lokal/shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError, logUnexpected } from '../../../lib/api-client.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { storage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { requestLink } from '../api/request-link.ts';
import { requestStaffLink } from '../api/request-staff-link.ts';
import { BetaAccessDialog } from './beta-access-dialog.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/auth'));

type Props = { userType: Role; submitLabel: string };

// Shown as-is: the server's own words for limits, role conflicts and mail that cannot be sent
// (docs/product.md#mail-and-sms); everything else is our fixed text.
const SERVER_WORDS = new Set(['too-many-requests', 'role-mismatch', 'mail-unavailable']);
function messageFor(err: unknown, fallback: string): string {
  if (err instanceof ApiError && SERVER_WORDS.has(err.code ?? '')) return err.message;
  return fallback;
}

export function MagicLinkForm({ userType, submitLabel }: Props) {
  const [params] = useSearchParams();
  const back = params.get('redirect');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [betaOpen, setBetaOpen] = useState(false);
  const [resending, setResending] = useState(false);

  async function send(address: string) {
    if (userType === 'staff') await requestStaffLink(address);
    // A shared guide or experience page asked for sign-in: the link brings the visitor back there (the
    // server keeps the address only if it is a safe one, docs/product.md#sign-in).
    else await requestLink({ email: address, userType, ...(back ? { redirect: back } : {}) });
    storage.set(STORAGE_KEYS.emailForSignIn, address);
    storage.set(STORAGE_KEYS.userType, userType);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (state === 'sending') return;
    const { emailSchema } = await schemas();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setError(null);
    setState('sending');
    try {
      await send(parsed.data);
      setState('sent');
    } catch (err) {
      logUnexpected(err);
      setState('idle');
      // Staff have no waitlist to join: the form says no, as plainly as the server did.
      if (err instanceof ApiError && err.code === 'not-invited' && userType === 'staff')
        setError(ADMIN_MESSAGES.notStaff);
      else if (err instanceof ApiError && err.code === 'not-invited') setBetaOpen(true);
      else setError(messageFor(err, AUTH_MESSAGES.sendFailed));
    }
  }

  async function resend() {
    if (resending) return;
    setResending(true);
    try {
      const { emailSchema } = await schemas();
      await send(emailSchema.parse(email));
      toast.success('A new link is on its way.');
    } catch (err) {
      toast.error(messageFor(err, AUTH_MESSAGES.resendFailed));
    } finally {
      setResending(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} onFocus={() => void schemas()} noValidate className="space-y-4">
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          readOnly={state === 'sending'}
        />
        {/* Not disabled while sending: a disabled control drops its focus, and the dialog that follows
            would then have nowhere to give it back to. The submit handler ignores a second press. */}
        <Button type="submit" size="lg" className="w-full" aria-disabled={state === 'sending' || undefined}>
          {state === 'sending' ? 'Sending…' : submitLabel}
        </Button>
      </form>
      <Dialog
        open={state === 'sent'}
        onOpenChange={(open) => setState(open ? 'sent' : 'idle')}
        title="Check your email"
        description={
          <>
            We sent a sign-in link to <strong className="text-ink">{email.trim().toLowerCase()}</strong>. It
            works once and expires in 10 minutes.
          </>
        }
      >
        <div className="mt-6 flex flex-col items-center gap-4 text-center">
          <MailCheck className="h-12 w-12 text-sage" aria-hidden />
          <p className="text-sm text-muted">Nothing yet? Check your spam folder, or send it again.</p>
          <Button variant="outline" onClick={resend} aria-disabled={resending || undefined}>
            {resending ? 'Sending…' : 'Resend email'}
          </Button>
        </div>
      </Dialog>
      {userType === 'staff' ? null : (
        <BetaAccessDialog
          open={betaOpen}
          onOpenChange={setBetaOpen}
          email={email.trim().toLowerCase()}
          userType={userType}
        />
      )}
    </>
  );
}

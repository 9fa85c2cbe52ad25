import { AUTH_MESSAGES, STORAGE_KEYS } from '@lokal/shared/constants/auth';
import { emailSchema, type UserType } from '@lokal/shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { storage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { requestLink } from '../api/auth-calls.ts';
import { BetaAccessDialog } from './beta-access-dialog.tsx';

type Props = { userType: UserType; submitLabel: string };

// Shown as-is: the server's own words for limits and role conflicts; everything else is the spec's text.
function messageFor(err: unknown, fallback: string): string {
  if (err instanceof ApiError && (err.code === 'too-many-requests' || err.code === 'role-mismatch'))
    return err.message;
  return fallback;
}

export function MagicLinkForm({ userType, submitLabel }: Props) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [betaOpen, setBetaOpen] = useState(false);
  const [resending, setResending] = useState(false);

  async function send(address: string) {
    await requestLink({ email: address, userType });
    storage.set(STORAGE_KEYS.emailForSignIn, address);
    storage.set(STORAGE_KEYS.userType, userType);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (state === 'sending') return;
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
      console.error(err);
      setState('idle');
      if (err instanceof ApiError && err.code === 'not-invited') setBetaOpen(true);
      else setError(messageFor(err, AUTH_MESSAGES.sendFailed));
    }
  }

  async function resend() {
    setResending(true);
    try {
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
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
          disabled={state === 'sending'}
        />
        <Button type="submit" size="lg" className="w-full" disabled={state === 'sending'}>
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
          <Button variant="outline" onClick={resend} disabled={resending}>
            {resending ? 'Sending…' : 'Resend email'}
          </Button>
        </div>
      </Dialog>
      <BetaAccessDialog
        open={betaOpen}
        onOpenChange={setBetaOpen}
        email={email.trim().toLowerCase()}
        userType={userType}
      />
    </>
  );
}

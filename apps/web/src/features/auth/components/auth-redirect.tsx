import { AUTH_MESSAGES, REDIRECT_DELAY_MS, STORAGE_KEYS } from '@lokal/shared/constants/auth';
import { paths } from '@lokal/shared/domain/pages';
import { safeRedirect } from '@lokal/shared/domain/redirect';
import type { Role } from '@lokal/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../../components/layout/brand.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, logUnexpected } from '../../../lib/api-client.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { storage } from '../../../lib/storage.ts';
import { checkLink } from '../api/check-link.ts';
import { statusQuery } from '../api/get-status.ts';
import { resendLink } from '../api/resend-link.ts';
import { verifyLink } from '../api/verify-link.ts';
import { verifyStaffLink } from '../api/verify-staff-link.ts';
import { useAuth } from '../auth-context.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/auth'));

/** The failures a link's page tells apart (docs/product.md#sign-in); 'failed' is anything else. */
type Failure = 'expired' | 'used' | 'unknown' | 'failed';

type State =
  | { kind: 'checking' }
  | { kind: 'confirm'; email: string }
  | { kind: 'ask-email' }
  | { kind: 'verifying' }
  | { kind: 'success'; to: string }
  | { kind: 'error'; failure: Failure; message: string }
  | { kind: 'sent'; message: string };

const FAILURE_TITLES: Record<Failure, string> = {
  expired: 'This link has expired',
  used: 'This link was already used',
  unknown: 'Sign-in failed',
  failed: 'Sign-in failed',
};

const linkFailure = (failure: Exclude<Failure, 'failed'>): State => ({
  kind: 'error',
  failure,
  message:
    failure === 'expired'
      ? AUTH_MESSAGES.linkExpired
      : failure === 'used'
        ? AUTH_MESSAGES.linkUsed
        : AUTH_MESSAGES.invalidLink,
});

/** A refused verify or check, as the failure the page shows. */
function failureOf(err: unknown): State {
  if (err instanceof ApiError) {
    if (err.code === 'link-expired') return linkFailure('expired');
    if (err.code === 'link-used') return linkFailure('used');
    // A link whose address does not even parse is no link of ours.
    if (err.code === 'invalid-link' || err.code === 'validation-error') return linkFailure('unknown');
    if (err.code === 'role-mismatch' || err.code === 'too-many-requests')
      return { kind: 'error', failure: 'failed', message: err.message };
  }
  return { kind: 'error', failure: 'failed', message: AUTH_MESSAGES.signInFailed };
}

function destination(role: Role, onboarded: boolean, back: string | null): string {
  if (role === 'staff') return paths.admin.home;
  if (!onboarded) return paths[role].onboarding;
  // Back to the guide or experience page that asked for sign-in, if the address is a safe one.
  return back ? safeRedirect(back, role) : paths[role].home;
}

const loginPath = (role: Role) => (role === 'staff' ? paths.admin.login : paths[role].login);

export function AuthRedirect({
  userType: role,
  onSignedIn,
}: {
  userType: Role;
  /** What the screen does once signed in, before moving on (a favorite given while signed out). */
  onSignedIn?: () => Promise<void>;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const back = params.get('redirect');
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [typed, setTyped] = useState('');
  const [linkEmail, setLinkEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [resendError, setResendError] = useState<string | null>(null);
  const started = useRef(false);

  const complete = useCallback(
    async (email: string) => {
      if (!token) {
        setState(linkFailure('unknown'));
        return;
      }
      setLinkEmail(email);
      setState({ kind: 'verifying' });
      try {
        // A staff link is consumed only at the staff door, so it never signs anyone in as a tourist or guide.
        const res =
          role === 'staff'
            ? await verifyStaffLink({ token, email })
            : await verifyLink({ token, email, userType: role });
        storage.remove(STORAGE_KEYS.emailForSignIn);
        storage.remove(STORAGE_KEYS.userType);
        queryClient.setQueryData(statusQuery.queryKey, res.user);
        await onSignedIn?.().catch(logUnexpected);
        setState({
          kind: 'success',
          to: destination(role, res.user.onboardingCompleted, back),
        });
      } catch (err) {
        logUnexpected(err);
        setState(failureOf(err));
      }
    },
    [token, back, role, queryClient, onSignedIn],
  );

  useEffect(() => {
    if (started.current || auth.loading) return;
    started.current = true;
    // Already signed in: move on at once by the same rule.
    if (auth.user && auth.user.role === role) {
      navigate(destination(role, auth.user.isOnboarded, back), { replace: true });
      return;
    }
    if (!token) {
      setState(linkFailure('unknown'));
      return;
    }
    const fromQuery = params.get('email');
    const remembered = storage.get(STORAGE_KEYS.emailForSignIn);
    const email = fromQuery ?? remembered;
    if (!email) {
      setState({ kind: 'ask-email' });
      return;
    }
    setLinkEmail(email);
    // The browser that asked for this link uses it at once.
    if (remembered?.toLowerCase() === email.toLowerCase()) {
      void complete(email);
      return;
    }
    // Any other browser (a mail scanner, another device) first learns what the link is, without using it:
    // only a valid link asks to continue; an expired, used or unknown one says so at once.
    checkLink({ token, email, role })
      .then(({ state: link }) => setState(link === 'valid' ? { kind: 'confirm', email } : linkFailure(link)))
      .catch((err: unknown) => {
        logUnexpected(err);
        setState(failureOf(err));
      });
  }, [auth.loading, auth.user, role, token, params, navigate, complete, back]);

  // "Send a new link": to the link's own address and role. This browser then holds the new link's address,
  // so the new link signs in here without asking (docs/product.md#sign-in).
  async function sendNew() {
    if (resending || !token || !linkEmail) return;
    setResending(true);
    setResendError(null);
    try {
      const { emailSchema } = await schemas();
      const parsed = emailSchema.safeParse(linkEmail);
      const email = parsed.success ? parsed.data : linkEmail;
      const res = await resendLink({ token, email, role });
      storage.set(STORAGE_KEYS.emailForSignIn, email);
      storage.set(STORAGE_KEYS.userType, role);
      setState({ kind: 'sent', message: res.message });
    } catch (err) {
      logUnexpected(err);
      setResendError(
        err instanceof ApiError &&
          ['too-many-requests', 'role-mismatch', 'not-invited', 'mail-unavailable'].includes(err.code ?? '')
          ? err.message
          : AUTH_MESSAGES.sendFailed,
      );
    } finally {
      setResending(false);
    }
  }

  const canResend = Boolean(token && linkEmail);
  const resendButton = (variant: 'primary' | 'outline') =>
    canResend ? (
      <Button
        size="lg"
        variant={variant}
        className="mt-4 w-full"
        onClick={sendNew}
        aria-disabled={resending || undefined}
      >
        {resending ? 'Sending…' : 'Send a new link'}
      </Button>
    ) : null;
  const resendAlert = resendError ? (
    <p className="mt-4 text-sm text-danger" role="alert">
      {resendError}
    </p>
  ) : null;

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate(state.to, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  async function onAsk(e: FormEvent) {
    e.preventDefault();
    if (!typed.trim()) {
      setState({ kind: 'error', failure: 'failed', message: AUTH_MESSAGES.emailRequired });
      return;
    }
    const { emailSchema } = await schemas();
    const parsed = emailSchema.safeParse(typed);
    void complete(parsed.success ? parsed.data : typed.trim());
  }

  return (
    <main className="flex min-h-dvh flex-col items-center px-5 py-6">
      <Brand />
      <div className="flex w-full max-w-md flex-1 flex-col items-center justify-center text-center">
        {state.kind === 'checking' || state.kind === 'verifying' ? (
          <>
            <h1 className="text-3xl">Signing you in</h1>
            <Spinner className="mt-6" label="Verifying your sign-in link…" />
          </>
        ) : null}
        {state.kind === 'confirm' ? (
          <>
            <h1 className="text-3xl">Finish signing in</h1>
            <p className="mt-3 text-muted">{AUTH_MESSAGES.otherBrowser}</p>
            <Button size="lg" className="mt-8 w-full" onClick={() => complete(state.email)}>
              Continue as {state.email}
            </Button>
            {resendButton('outline')}
            {resendAlert}
          </>
        ) : null}
        {state.kind === 'ask-email' ? (
          <form onSubmit={onAsk} noValidate className="w-full text-left">
            <h1 className="text-center text-3xl">Confirm your email</h1>
            <p className="mt-3 text-center text-muted">Enter the address the sign-in link was sent to.</p>
            <Field
              className="mt-6"
              label="Email address"
              type="email"
              autoComplete="email"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="submit" size="lg" className="mt-4 w-full">
              Continue
            </Button>
          </form>
        ) : null}
        {state.kind === 'success' ? (
          <>
            <CheckCircle2 className="h-14 w-14 text-sage" aria-hidden />
            <h1 className="mt-4 text-3xl">You're signed in</h1>
            <p className="mt-3 text-muted" role="status">
              Taking you onwards…
            </p>
          </>
        ) : null}
        {state.kind === 'error' ? (
          <>
            <XCircle className="h-14 w-14 text-danger" aria-hidden />
            <h1 className="mt-4 text-3xl">{FAILURE_TITLES[state.failure]}</h1>
            <p className="mt-3 text-danger" role="alert">
              {state.message}
            </p>
            {state.failure === 'failed' ? (
              <Button size="lg" className="mt-8" onClick={() => navigate(loginPath(role))}>
                Try Again
              </Button>
            ) : (
              <div className="mt-8 w-full">
                {resendButton('primary')}
                {resendAlert}
                <Link to={loginPath(role)} className={buttonClass('ghost', 'md', 'mt-3')}>
                  Back to sign in
                </Link>
              </div>
            )}
          </>
        ) : null}
        {state.kind === 'sent' ? (
          <>
            <MailCheck className="h-14 w-14 text-sage" aria-hidden />
            <h1 className="mt-4 text-3xl">Check your email</h1>
            <p className="mt-3 text-muted" role="status">
              {state.message} It works once and expires in 10 minutes.
            </p>
            <Link to={loginPath(role)} className={buttonClass('ghost', 'md', 'mt-6')}>
              Back to sign in
            </Link>
          </>
        ) : null}
      </div>
    </main>
  );
}

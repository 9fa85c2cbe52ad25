import { AUTH_MESSAGES, REDIRECT_DELAY_MS, STORAGE_KEYS } from '@lokal/shared/constants/auth';
import { paths } from '@lokal/shared/domain/pages';
import { safeRedirect } from '@lokal/shared/domain/redirect';
import type { Role } from '@lokal/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Brand } from '../../../components/layout/brand.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { storage } from '../../../lib/storage.ts';
import { statusQuery } from '../api/get-status.ts';
import { verifyLink } from '../api/verify-link.ts';
import { verifyStaffLink } from '../api/verify-staff-link.ts';
import { useAuth } from '../auth-context.tsx';

const schemas = onDemand(() => import('@lokal/shared/schemas/auth'));

type State =
  | { kind: 'checking' }
  | { kind: 'confirm'; email: string }
  | { kind: 'ask-email' }
  | { kind: 'verifying' }
  | { kind: 'success'; to: string }
  | { kind: 'error'; message: string };

function destination(role: Role, onboarded: boolean, back: string | null): string {
  if (role === 'staff') return paths.admin.home;
  if (!onboarded) return paths[role].onboarding;
  // Back to the guide or experience page that asked for sign-in, if the address is a safe one.
  return back ? safeRedirect(back, role) : paths[role].home;
}

const loginPath = (role: Role) => (role === 'staff' ? paths.admin.login : paths[role].login);

export function AuthRedirect({ userType: role }: { userType: Role }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const back = params.get('redirect');
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [typed, setTyped] = useState('');
  const started = useRef(false);

  const complete = useCallback(
    async (email: string) => {
      if (!token) {
        setState({ kind: 'error', message: AUTH_MESSAGES.invalidLink });
        return;
      }
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
        setState({
          kind: 'success',
          to: destination(role, res.user.onboardingCompleted, back),
        });
      } catch (err) {
        console.error(err);
        const message =
          err instanceof ApiError &&
          (err.code === 'invalid-link' || err.code === 'role-mismatch' || err.code === 'too-many-requests')
            ? err.message
            : AUTH_MESSAGES.signInFailed;
        setState({ kind: 'error', message });
      }
    },
    [token, back, role, queryClient],
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
      setState({ kind: 'error', message: AUTH_MESSAGES.invalidLink });
      return;
    }
    const fromQuery = params.get('email');
    const remembered = storage.get(STORAGE_KEYS.emailForSignIn);
    const email = fromQuery ?? remembered;
    if (!email) {
      setState({ kind: 'ask-email' });
      return;
    }
    // A browser that did not ask for this link (a mail scanner, another device) must confirm first.
    if (remembered?.toLowerCase() !== email.toLowerCase()) {
      setState({ kind: 'confirm', email });
      return;
    }
    void complete(email);
  }, [auth.loading, auth.user, role, token, back, params, navigate, complete]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate(state.to, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  async function onAsk(e: FormEvent) {
    e.preventDefault();
    if (!typed.trim()) {
      setState({ kind: 'error', message: AUTH_MESSAGES.emailRequired });
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
            <p className="mt-3 text-muted">
              This link was opened in a different browser from the one that asked for it.
            </p>
            <Button size="lg" className="mt-8 w-full" onClick={() => complete(state.email)}>
              Continue as {state.email}
            </Button>
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
            <h1 className="mt-4 text-3xl">Sign-in failed</h1>
            <p className="mt-3 text-danger" role="alert">
              {state.message}
            </p>
            <Button size="lg" className="mt-8" onClick={() => navigate(loginPath(role))}>
              Try Again
            </Button>
          </>
        ) : null}
      </div>
    </main>
  );
}

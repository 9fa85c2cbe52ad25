import { decideAccess } from '@lokal/shared/domain/access-guard';
import { PROTECTED_ROUTES } from '@lokal/shared/domain/pages';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from './auth-context.tsx';

/** Applies the shared access guard (docs/product.md#access-guard) to one route of the table. */
export function AccessGuard({ path, children }: { path: string; children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const requirement = PROTECTED_ROUTES[path];
  if (!requirement) return <>{children}</>;
  // Just signed out: leave for the chosen page rather than the login form.
  if (!auth.user && auth.exitTo) return <Navigate to={auth.exitTo} replace />;
  const from = (location.state as { from?: unknown } | null)?.from;
  const decision = decideAccess({
    requirement,
    loading: auth.loading,
    // A failed status call is not a sign-out: step 4 shows its message instead.
    signedIn: Boolean(auth.user) || auth.error !== null || auth.devMode,
    devMode: auth.devMode,
    status: auth.user
      ? {
          exists: true,
          onboardingCompleted: auth.user.isOnboarded,
          personalityTestCompleted: auth.user.personalityTestCompleted,
          role: auth.user.role,
        }
      : null,
    statusError: auth.error,
    location: {
      pathname: location.pathname,
      search: location.search,
      from: typeof from === 'string' ? from : null,
    },
  });
  switch (decision.kind) {
    case 'loading':
      return <PageSpinner label={decision.message} />;
    case 'error':
      return <PageSpinner label="Checking authentication..." detail={decision.message} />;
    case 'redirect':
      return (
        <Navigate to={decision.to} replace state={decision.from ? { from: decision.from } : undefined} />
      );
    default:
      return <>{children}</>;
  }
}

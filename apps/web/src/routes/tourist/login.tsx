import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';

export function Component() {
  return (
    <AuthLayout
      title="Welcome Back"
      lead="Sign in with a magic link sent to your e-mail."
      aside={<p className="font-display text-3xl">Your guides are waiting.</p>}
    >
      <MagicLinkForm userType="tourist" submitLabel="Send Magic Link" />
      <p className="mt-6 text-center text-sm text-muted">
        New to Lokal?{' '}
        <Link to={paths.tourist.signup} className="font-medium text-ink underline underline-offset-4">
          Join the experience
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to={paths.landing} className="text-muted underline underline-offset-4 hover:text-ink">
          Back to home
        </Link>
      </p>
    </AuthLayout>
  );
}

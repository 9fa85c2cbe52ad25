import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';

export function Component() {
  return (
    <AuthLayout
      title="Welcome Back"
      lead="Sign in to your guide account with a magic link."
      aside={<p className="font-display text-3xl">Travellers in your city are looking for you.</p>}
    >
      <MagicLinkForm userType="guide" submitLabel="Send Magic Link" />
      <p className="mt-6 text-center text-sm text-muted">
        Not a guide yet?{' '}
        <Link to={paths.guide.signup} className="font-medium text-ink underline underline-offset-4">
          Apply to be a guide
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

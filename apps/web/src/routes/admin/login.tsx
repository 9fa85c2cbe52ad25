import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';

export function Component() {
  return (
    <AuthLayout
      title="Staff console"
      lead="Sign in with your staff address; we e-mail you a magic link."
      aside={<p className="font-display text-3xl">Every guide verified by a person, every report read.</p>}
    >
      <MagicLinkForm userType="staff" submitLabel="Send Magic Link" />
      <p className="mt-6 text-center text-sm">
        <Link to={paths.landing} className="text-muted underline underline-offset-4 hover:text-ink">
          Back to home
        </Link>
      </p>
    </AuthLayout>
  );
}

import { paths } from '@lokal/shared/domain/pages';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { AuthLinks } from '../../features/auth/components/auth-links.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';

export function Component() {
  return (
    <AuthLayout
      title="Welcome Back"
      lead="Sign in with a magic link sent to your e-mail."
      aside={<p className="font-display text-3xl">Your guides are waiting.</p>}
    >
      <MagicLinkForm userType="tourist" submitLabel="Send Magic Link" />
      <AuthLinks prompt="New to Lokal?" to={paths.tourist.signup} label="Join the experience" />
    </AuthLayout>
  );
}

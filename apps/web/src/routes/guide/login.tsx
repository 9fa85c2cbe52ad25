import { paths } from '@lokal/shared/domain/pages';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { AuthLinks } from '../../features/auth/components/auth-links.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';

export function Component() {
  return (
    <AuthLayout
      title="Welcome Back"
      lead="Sign in to your guide account with a magic link."
      aside={<p className="font-display text-3xl">Travellers in your city are looking for you.</p>}
    >
      <MagicLinkForm userType="guide" submitLabel="Send Magic Link" />
      <AuthLinks prompt="Not a guide yet?" to={paths.guide.signup} label="Apply to be a guide" />
    </AuthLayout>
  );
}

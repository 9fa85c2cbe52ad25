import { AuthRedirect } from '../../features/auth/components/auth-redirect.tsx';

export function Component() {
  return <AuthRedirect userType="staff" />;
}

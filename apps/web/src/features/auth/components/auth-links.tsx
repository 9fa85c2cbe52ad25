import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';

/** The links under every sign-in form: to the other form, and back home. */
export function AuthLinks({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <>
      <p className="mt-6 text-center text-sm text-muted">
        {prompt}{' '}
        <Link to={to} className="font-medium text-ink underline underline-offset-4">
          {label}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to={paths.landing} className="text-muted underline underline-offset-4 hover:text-ink">
          Back to home
        </Link>
      </p>
    </>
  );
}

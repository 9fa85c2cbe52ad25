import { MESSAGES } from '@lokal/shared/constants/messages';
import { paths } from '@lokal/shared/domain/pages';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';

export function Component() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <Compass className="h-14 w-14 text-gold-deep" aria-hidden />
      <p className="mt-6 font-display text-6xl text-gold-deep">404</p>
      <h1 className="mt-2 text-3xl">{MESSAGES.notFoundTitle}</h1>
      <p className="mt-3 max-w-sm text-muted">
        This street doesn't lead anywhere. Let's get you back on the map.
      </p>
      <Link to={paths.landing} className={buttonClass('primary', 'lg', 'mt-8')}>
        {MESSAGES.returnHome}
      </Link>
    </main>
  );
}
